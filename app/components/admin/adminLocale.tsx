import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { MetaArgs } from '@remix-run/node';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

// The admin's language on the app's own requests (docs/decisions/2026-11-27-admin-requests-carry-their-
// language.md): Shopify's `locale` comes only with the first load, so the layout gives the language it
// chose to the app's links as `locale`. Forms and fetchers without an `action` post to the page's own URL,
// search included, and so carry it too; the server's texts (toasts, refusals, pickup times, the prep
// board) are then said in it.

const AdminLocaleContext = createContext<string | null>(null);

export function AdminLocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  return <AdminLocaleContext.Provider value={locale}>{children}</AdminLocaleContext.Provider>;
}

/** A path of the app with the admin's `locale` on it ("/app/kitchen" → "/app/kitchen?locale=de"). */
export function withLocale(path: string, locale: string | null) {
  if (!locale) return path;
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set('locale', locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The admin's `locale` as a hidden field, for a GET form: its fields replace the URL's search, so without it
 * a search would be answered in the browser's language rather than the admin's.
 */
export function AdminLocaleField() {
  const locale = useContext(AdminLocaleContext);
  return locale ? <input type="hidden" name="locale" value={locale} /> : null;
}

/** withLocale with the layout's language: for the app's own links. */
export function useAdminPath() {
  const locale = useContext(AdminLocaleContext);
  return useCallback((path: string) => withLocale(path, locale), [locale]);
}

/** The admin layout's loader data that a page's meta reads (routes/app.tsx). */
type LayoutLanguage = { language: string; messages: Messages };

const titles = new WeakMap<object, I18n>();

/**
 * A page's `<title>` in the admin's language: "{page} · Group Order", the page named as in the navigation
 * (`admin.nav.<page>`, or `navId`). Meta runs outside React, so it reads the layout's messages from the matches.
 */
export function adminTitle(matches: MetaArgs['matches'], page: string, navId = `admin.nav.${page}`) {
  const layout = matches.find((match) => match.id === 'routes/app')?.data as LayoutLanguage | undefined;
  if (!layout?.messages) return 'Group Order';
  let i18n = titles.get(layout.messages);
  if (!i18n) {
    i18n = setupI18n({ locale: layout.language, messages: { [layout.language]: layout.messages } });
    titles.set(layout.messages, i18n);
  }
  return i18n._('admin.title.page', { page: i18n._(navId) });
}
