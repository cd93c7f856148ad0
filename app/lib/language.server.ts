import Negotiator from 'negotiator';
import { LANGUAGES, supportedLanguage, type Language } from './language';

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
  const fromParam = supportedLanguage(input.param);
  if (fromParam) return fromParam;
  if (input.acceptLanguage) {
    const negotiator = new Negotiator({ headers: { 'accept-language': input.acceptLanguage } });
    // Negotiator matches 'fr-FR' to 'fr' (a prefix match) and honours q-values.
    const best = supportedLanguage(negotiator.language([...LANGUAGES]));
    if (best) return best;
  }
  return supportedLanguage(input.shopLocale) ?? 'en';
}

/** The language of a storefront request (see chooseLanguage). */
export function requestLanguage(request: Request, shopLocale: string | null | undefined): Language {
  return chooseLanguage({
    param: new URL(request.url).searchParams.get('locale'),
    acceptLanguage: request.headers.get('accept-language'),
    shopLocale,
  });
}
