import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { LANGUAGES, supportedLanguage, type Language } from './language';
import { PSEUDO_LOCALE } from './pseudoLocale';

/**
 * Which language a storefront request is answered in, first that applies:
 * 1. the `locale` query parameter (the theme's links and forms pass the storefront's language; the
 *    page's picker and the app's own links carry the guest's choice): signed with the rest of the query;
 * 2. the browser's Accept-Language;
 * 3. the shop's primary language (read from the Admin API when the merchant opens the app);
 * 4. English.
 */
export function chooseLanguage(input: {
  param: string | null | undefined;
  acceptLanguage: string | null | undefined;
  shopLocale: string | null | undefined;
}): Language {
  return askedLanguage(input) ?? supportedLanguage(input.shopLocale) ?? 'en';
}

/** Steps 1 and 2: the language the request itself asks for, or null when it names none we have. */
function askedLanguage(input: {
  param: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Language | null {
  const fromParam = supportedLanguage(input.param);
  if (fromParam) return fromParam;
  if (!input.acceptLanguage) return null;
  const negotiator = new Negotiator({ headers: { 'accept-language': input.acceptLanguage } });
  // Negotiator matches 'fr-FR' to 'fr' (a prefix match) and honours q-values.
  return supportedLanguage(negotiator.language([...LANGUAGES]));
}

/** The language of a storefront request (see chooseLanguage). */
export function requestLanguage(request: Request, shopLocale: string | null | undefined): Language {
  return chooseLanguage({
    param: new URL(request.url).searchParams.get('locale'),
    acceptLanguage: request.headers.get('accept-language'),
    shopLocale,
  });
}

/**
 * The language a storefront request asks for itself (its signed `locale` parameter, then Accept-Language),
 * or null: what is stored as the person's language (Guest.language, GroupOrder.hostLanguage), so a person
 * who named none reads the shop's language, whatever it is when we write to them. No settings are read:
 * the guest's confirm stays one transaction of prepared statements.
 */
export function requestedLanguage(request: Request): Language | null {
  return askedLanguage({
    param: new URL(request.url).searchParams.get('locale'),
    acceptLanguage: request.headers.get('accept-language'),
  });
}

/**
 * Whether a storefront request asks for the pseudo language (lib/pseudoLocale.ts): its `locale` parameter,
 * or with none (a page's own navigation) the browser's first Accept-Language. Only where the browser tests
 * run the server (GROUP_ORDER_PSEUDO_LOCALE=1, set by e2e/global-setup.ts); anywhere else `en-XA` is
 * English like any other `en-*`.
 */
export function pseudoRequested(request: Request): boolean {
  if (process.env.GROUP_ORDER_PSEUDO_LOCALE !== '1') return false;
  const param = new URL(request.url).searchParams.get('locale');
  if (param) return param === PSEUDO_LOCALE;
  const first = request.headers.get('accept-language')?.split(',')[0]?.split(';')[0]?.trim();
  return first === PSEUDO_LOCALE;
}

// The shops' stored languages (ShopSettings.locale), for the API's refusals to a request that names no
// language (step 3 above). Every read of a shop's settings (each storefront page's layout, the admin, the
// e-mails) leaves its locale here, so a refusal costs no query in the usual case; for a shop this process
// has not read yet, one look-up of that column, and only when refusing (never on a success: the confirm's
// 201 stays as it was). Another instance's change of a shop's language is seen at this process's next
// read of those settings, or after SHOP_LOCALE_KEPT_MS.
const SHOP_LOCALE_KEPT_MS = 10 * 60_000;
const shopLocales = new LRUCache<string, { locale: string | null }>({
  max: 10_000,
  ttl: SHOP_LOCALE_KEPT_MS,
});
let readShopLocale: ((shop: string) => Promise<string | null>) | undefined;

/** Keeps a shop's stored locale as just read or written (models/shop/settings.server.ts). */
export function rememberShopLocale(shop: string, locale: string | null) {
  shopLocales.set(shop, { locale });
}

/** How a shop's stored locale is read when it is not kept (models/shop/settings.server.ts gives it). */
export function readShopLocalesWith(read: (shop: string) => Promise<string | null>) {
  readShopLocale = read;
}

/** A shop's stored locale: as kept, else read once (and kept, a missing shop as null). */
export async function shopLocaleOf(shop: string): Promise<string | null> {
  const kept = shopLocales.get(shop);
  if (kept) return kept.locale;
  if (!readShopLocale) return null;
  const locale = await readShopLocale(shop);
  rememberShopLocale(shop, locale);
  return locale;
}

/**
 * The language a storefront API answer is said in: what the request asks for, else its shop's stored
 * language (`shop`: the signed shop; null for a request refused as unsigned), else English.
 */
export async function apiLanguage(request: Request, shop: string | null): Promise<Language> {
  const asked = requestedLanguage(request);
  if (asked) return asked;
  return (shop && supportedLanguage(await shopLocaleOf(shop))) || 'en';
}

/** The language a refusal (`status`) is said in: apiLanguage, with no shop for an unsigned request. */
export function refusalLanguage(request: Request, status: number): Promise<Language> {
  return apiLanguage(request, status === 401 ? null : new URL(request.url).searchParams.get('shop'));
}
