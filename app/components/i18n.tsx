import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Language, Translate } from '~/lib/language';
import { formatMoney } from '~/lib/money';

// A page's language, for the storefront and the embedded admin alike: a Lingui instance holding only the
// page's language (its compiled messages come with the layout's loader data), and the locale dates, times
// and money are formatted with. The instance travels in this module's own context rather than through
// @lingui/react's provider: it is made once per language and never switches, so the provider's change
// subscription has nothing to do, and guest pages are spared its code (only <Rich> texts load it:
// components/Rich.tsx).

type LanguageState = { language: Language; intlLocale: string };
const LanguageContext = createContext<LanguageState & { i18n: I18n }>({
  language: 'en',
  intlLocale: 'en-AU',
  i18n: setupI18n({ locale: 'en', messages: { en: {} } }),
});

export function LanguageProvider({
  language,
  intlLocale,
  messages,
  children,
}: LanguageState & { messages: object; children: ReactNode }) {
  const i18n = useMemo(
    // `messages`: the server's messagesFor(language), as loader data carried it.
    () => setupI18n({ locale: language, messages: { [language]: messages as Messages } }),
    [language, messages],
  );
  const state = useMemo(() => ({ language, intlLocale, i18n }), [language, intlLocale, i18n]);
  return <LanguageContext.Provider value={state}>{children}</LanguageContext.Provider>;
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

const titleInstances = new WeakMap<object, ReturnType<typeof setupI18n>>();

/**
 * A message said outside React (a route's `meta`: the page's <title>), with the messages a loader sent.
 * One Lingui instance per messages object: the server's compiled messages are one object per language.
 */
export function sayOutside(words: { language: Language; messages: object }, id: string, values?: object) {
  let i18n = titleInstances.get(words.messages);
  if (!i18n) {
    const messages = { [words.language]: words.messages as Messages };
    i18n = setupI18n({ locale: words.language, messages });
    titleInstances.set(words.messages, i18n);
  }
  return i18n._(id, values as Record<string, unknown>);
}
