import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Language, Translate } from '~/lib/language';
import { formatMoney } from '~/lib/money';

// A page's language, for the storefront and the embedded admin alike: a Lingui instance holding only the
// page's language, and the locale dates, times and money are formatted with. The admin's compiled messages
// come with its layout's loader data; a storefront page's are a catalog of their own, a cacheable file the
// page names (docs/decisions/2026-11-27-storefront-catalog-file.md), so no page carries them in its HTML.
// The instance travels in this module's own context rather than through @lingui/react's provider: it is
// made once per language and never switches, so the provider's change subscription has nothing to do, and
// guest pages are spared its code (only <Rich> texts load it: components/Rich.tsx).

type LanguageState = { language: Language; intlLocale: string };
/** Where a storefront page's messages are: its own catalog's address, and each language's (the picker's). */
export type CatalogRefs = { catalog: string; catalogs: Record<Language, string> };
const LanguageContext = createContext<LanguageState & { i18n: I18n; catalogs?: CatalogRefs['catalogs'] }>({
  language: 'en',
  intlLocale: 'en-AU',
  i18n: setupI18n({ locale: 'en', messages: { en: {} } }),
});

// Storefront catalogs by address. On the server the layout's loader keeps each one here as it names it
// (i18n.server.ts); in the browser entry.client.tsx fetches the page's before hydrating, and the language
// picker another language's before switching to it. A handful of entries: one per language.
const catalogs = new Map<string, object>();

/** Keeps a catalog's messages under its address (the server's, as it names it to a page). */
export function keepCatalog(address: string, messages: object) {
  catalogs.set(address, messages);
}

/** Fetches a catalog once (cached by the browser for good: its address changes with its content). */
export async function loadCatalog(address: string) {
  if (catalogs.has(address)) return;
  const response = await fetch(address);
  if (!response.ok) throw new Error(`The page's words could not be loaded (${response.status}).`);
  catalogs.set(address, (await response.json()) as object);
}

/** The messages words carry inline (the admin, a refused page) or by their catalog's address. */
function messagesOf(words: { messages?: object; catalog?: string }): object {
  return words.messages ?? (words.catalog ? catalogs.get(words.catalog) : undefined) ?? {};
}

// One Lingui instance per messages object (one per language and process), for pages and titles alike.
const instances = new WeakMap<object, I18n>();
function instanceFor(language: Language, messages: object): I18n {
  let i18n = instances.get(messages);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: messages as Messages } });
    instances.set(messages, i18n);
  }
  return i18n;
}

export function LanguageProvider({
  language,
  intlLocale,
  children,
  ...words
}: LanguageState & { messages?: object; children: ReactNode } & Partial<CatalogRefs>) {
  const messages = messagesOf(words);
  const i18n = instanceFor(language, messages);
  const picker = words.catalogs;
  const state = useMemo(
    () => ({ language, intlLocale, i18n, catalogs: picker }),
    [language, intlLocale, i18n, picker],
  );
  return (
    <LanguageContext.Provider value={state}>
      {/* Fetched while the page's scripts load; entry.client.tsx waits for it before hydrating. */}
      {words.catalog ? (
        <link rel="preload" as="fetch" crossOrigin="anonymous" href={words.catalog} data-catalog="" />
      ) : null}
      {children}
    </LanguageContext.Provider>
  );
}

/** `t(id, values)`: the message of the page's language (ICU: placeholders, plurals via Intl.PluralRules). */
export function useT(): Translate {
  const { i18n } = useContext(LanguageContext);
  return useCallback((id, values) => i18n._(id, values), [i18n]);
}

/** The page's language, formatting locale and Lingui instance. */
export function useLanguage() {
  return useContext(LanguageContext);
}

/** The page's messages and formatting locale together (what lib/allergenTexts.ts takes). */
export function useWords() {
  const t = useT();
  const { intlLocale } = useLanguage();
  return useMemo(() => ({ t, intlLocale }), [t, intlLocale]);
}

/** Money in the shop's currency, formatted for the page's language. */
export function useMoney(currency: string) {
  const { intlLocale } = useLanguage();
  return useCallback((cents: number) => formatMoney(cents, currency, intlLocale), [currency, intlLocale]);
}

/** A message said outside React (a route's `meta`: the page's <title>), with the words a loader named. */
export function sayOutside(
  words: { language: Language; messages?: object; catalog?: string },
  id: string,
  values?: object,
) {
  return instanceFor(words.language, messagesOf(words))._(id, values as Record<string, unknown>);
}
