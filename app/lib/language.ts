// The languages guests, hosts and merchants can read the app in, and how a language is formatted.
// Pure: the storefront's browser code and the server both use it.

export const LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

/** The supported language of a BCP 47 tag ('fr-CA' → 'fr'), or null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/**
 * The locale dates, times, money and lists are formatted with. English keeps the shop's own English
 * locale (en-AU today: the spec's formats); French and German use their own, with 24-hour clocks.
 */
export function formatLocale(language: Language, shopLocale: string): string {
  if (language === 'en') return supportedLanguage(shopLocale) === 'en' ? shopLocale : 'en-AU';
  return supportedLanguage(shopLocale) === language ? shopLocale : language;
}

/** A message of the current language by its id, with ICU values (Lingui's i18n._ on either side). */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

// Building an Intl formatter costs far more than using one (a menu of 30 items joins allergens on every
// item): one per locale, type and style, kept.
const listFormats = new Map<string, Intl.ListFormat>();

/** Words joined the locale's way: "milk, egg and soy" (conjunction), "milk, egg, soy" (unit, short). */
export function formatList(
  locale: string,
  words: string[],
  type: Intl.ListFormatType = 'conjunction',
  style: Intl.ListFormatStyle = 'long',
): string {
  const key = `${locale}|${type}|${style}`;
  let formatter = listFormats.get(key);
  if (!formatter) {
    formatter = new Intl.ListFormat(locale, { type, style });
    listFormats.set(key, formatter);
  }
  return formatter.format(words);
}
