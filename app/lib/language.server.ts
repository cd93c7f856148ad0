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
