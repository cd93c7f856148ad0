import { createHash } from 'node:crypto';
import type { ShopSettings } from '@prisma/client';
import type { AppLoadContext } from '@remix-run/node';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { AREAS, type Area } from './locales/catalogs';
import { i18nFor, messagesFor } from './locales/compiled';
import { formatLocale, LANGUAGES, supportedLanguage, type Language, type Translate } from './lib/language';
import { keepCatalog, type CatalogRefs } from './components/i18n';
import { env } from './env.server';
import { chooseLanguage, pseudoRequested, requestLanguage } from './lib/language.server';
import { PSEUDO_LOCALE, pseudoMessages } from './lib/pseudoLocale';
import polarisEn from '@shopify/polaris/locales/en.json';
import polarisFr from '@shopify/polaris/locales/fr.json';
import polarisDe from '@shopify/polaris/locales/de.json';
import { getShopSettings, requestShopSettings, storedShopLocale } from './models/shop/settings.server';

/** What a storefront page (guest or host) is sent. */
const STOREFRONT_AREAS: readonly Area[] = ['guest', 'host'];

/** The pseudo language's messages (browser tests only: lib/language.server.ts pseudoRequested). */
const pseudoCompiled = new Map<string, Messages>();
function pseudoMessagesFor(areas: readonly Area[]): Messages {
  const key = areas.join(',');
  let messages = pseudoCompiled.get(key);
  if (!messages) {
    messages = pseudoMessages(messagesFor('en', areas));
    pseudoCompiled.set(key, messages);
  }
  return messages;
}

/**
 * A storefront catalog: one language's compiled messages of the storefront's areas (or the pseudo
 * language's, for browser tests) as the JSON file a page fetches, named by its content so a browser keeps
 * it for good and a changed catalog is a new address (docs/decisions/2026-11-27-storefront-catalog-file.md).
 */
type StorefrontCatalog = { file: string; address: string; json: string; messages: Messages };
type CatalogKey = Language | typeof PSEUDO_KEY;
const PSEUDO_KEY = 'pseudo';
const storefrontCatalogs = new Map<CatalogKey, StorefrontCatalog>();

function storefrontCatalog(key: CatalogKey): StorefrontCatalog {
  let catalog = storefrontCatalogs.get(key);
  if (!catalog) {
    const messages =
      key === PSEUDO_KEY ? pseudoMessagesFor(STOREFRONT_AREAS) : messagesFor(key, STOREFRONT_AREAS);
    const json = JSON.stringify(messages);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    const file = `storefront-${key}-${hash}.json`;
    // On the app's own origin, beside the built scripts.
    const address = new URL(`/locales/${file}`, env.SHOPIFY_APP_URL).href;
    catalog = { file, address, json, messages };
    storefrontCatalogs.set(key, catalog);
  }
  return catalog;
}

let everyLanguage: Record<Language, string> | undefined;

/** What a storefront page names: its language's catalog (the pseudo one when asked) and every language's. */
export function pageCatalog(request: Request, language: Language): CatalogRefs {
  everyLanguage ??= Object.fromEntries(
    LANGUAGES.map((code) => [code, storefrontCatalog(code).address]),
  ) as Record<Language, string>;
  const own = storefrontCatalog(pseudoRequested(request) ? PSEUDO_KEY : language);
  // Kept for the server's render of this page (its LanguageProvider and title read it by address).
  keepCatalog(own.address, own.messages);
  return { catalog: own.address, catalogs: everyLanguage };
}

const CATALOG_FILE = new RegExp(`^storefront-(${[...LANGUAGES, PSEUDO_KEY].join('|')})-[0-9a-f]{12}\\.json$`);

/**
 * The answer to GET /locales/<file>: the catalog, public and cross-origin (storefront pages live on the
 * shop's domain), kept for a year when the address names today's content; an address from before a deploy
 * gets today's catalog, not cached, so a page open across the deploy still starts.
 */
export function catalogFile(file: string | undefined): Response {
  const match = CATALOG_FILE.exec(file ?? '');
  if (!match) return new Response('There is no such catalog.', { status: 404 });
  const catalog = storefrontCatalog(match[1] as CatalogKey);
  const current = catalog.file === file;
  return new Response(catalog.json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

let pseudoInstance: I18n | undefined;

/**
 * The language a storefront loader or action answers in (see lib/language.server.ts), with its tools. The
 * embedded admin's loaders and actions use it too: the admin's own links, forms and fetchers carry the
 * layout's language as `locale` (docs/decisions/2026-11-27-admin-requests-carry-their-language.md).
 */
export async function pageLanguage(request: Request, shop: string, context?: AppLoadContext) {
  return pageLanguageWith(request, await requestShopSettings(context, shop));
}

/** pageLanguage for a loader that has read the shop's settings already (nothing is read again). */
export function pageLanguageWith(request: Request, settings: Pick<ShopSettings, 'locale'>) {
  const language = requestLanguage(request, settings.locale);
  if (pseudoRequested(request)) {
    pseudoInstance ??= setupI18n({ locale: 'en', messages: { en: pseudoMessagesFor(AREAS) } });
    const i18n = pseudoInstance;
    const t: Translate = (id, values) => i18n._(id, values);
    return { language, t, intlLocale: formatLocale(language, settings.locale) };
  }
  return { language, ...wordsFor(language, settings.locale) };
}

/**
 * The words of a reader whose language is stored (Guest.language, GroupOrder.hostLanguage; null or one we do
 * not have: the shop's, else English), for e-mails and prints.
 */
export function storedWords(stored: string | null | undefined, shopLocale: string) {
  const language = supportedLanguage(stored) ?? supportedLanguage(shopLocale) ?? 'en';
  return { language, ...wordsFor(language, shopLocale) };
}

/** A language's messages and formatting locale for server-made texts (e-mails, prints, the kitchen). */
export function wordsFor(language: Language, shopLocale = 'en-AU') {
  const i18n = i18nFor(language);
  const t: Translate = (id, values) => i18n._(id, values);
  return { t, intlLocale: formatLocale(language, shopLocale) };
}

/** Polaris's own translations (its buttons, pagination, modals' close labels …) per language. */
const POLARIS: Record<Language, typeof polarisEn> = { en: polarisEn, fr: polarisFr, de: polarisDe };

/**
 * What an admin page is sent for its language: formatting locale, admin messages, Polaris's own texts, and
 * the `locale` the app's own requests carry so the server says its texts in the same language (the pseudo
 * language's messages and tag when the browser tests ask for it).
 */
function adminWords(language: Language, shopLocale: string, request: Request) {
  const pseudo = pseudoRequested(request);
  return {
    language,
    intlLocale: formatLocale(language, shopLocale),
    messages: pseudo ? pseudoMessagesFor(['admin']) : messagesFor(language, ['admin']),
    polaris: POLARIS[language],
    locale: pseudo ? PSEUDO_LOCALE : language,
  };
}

/**
 * The embedded admin's language, first that applies: the `locale` Shopify adds to the app's URL (the
 * merchant's admin language), the session's user locale (online sessions), the browser's Accept-Language,
 * the shop's primary language, English. For the admin layout's loader data.
 */
export async function adminLanguage(request: Request, shop: string, sessionLocale?: string | null) {
  const settings = await getShopSettings(shop);
  const language = chooseLanguage({
    param: new URL(request.url).searchParams.get('locale') ?? sessionLocale,
    acceptLanguage: request.headers.get('accept-language'),
    shopLocale: settings.locale,
  });
  return adminWords(language, settings.locale, request);
}

/** The login page's language (no shop yet): the `locale` parameter, else the browser's, else English. */
export function loginLanguage(request: Request) {
  const language = chooseLanguage({
    param: new URL(request.url).searchParams.get('locale'),
    acceptLanguage: request.headers.get('accept-language'),
    shopLocale: null,
  });
  return adminWords(language, 'en-AU', request);
}

/**
 * A print page's language (a signed link opened in a tab of its own, without the admin's session): the
 * `locale` the prep board adds to the link, else the browser's, else the stored language of the shop the
 * link names (read only: a refused link's shop is not trusted with anything else), else English.
 */
export async function printPageWords(request: Request, shop: string | null) {
  const language = requestLanguage(request, shop ? await storedShopLocale(shop) : null);
  return { language, ...wordsFor(language) };
}
