// The shape of a query Shopify's app proxy signed, beyond the signature itself.
//
// Shopify signs the query's "name=value" pairs sorted and joined WITHOUT a separator, so one signature
// fits every other way of cutting that text into pairs: `path_prefix=/apps/group-ordershop=x.myshopify.com`
// is the same signed text as `path_prefix=/apps/group-order` + `shop=x.myshopify.com`. A query is read
// only when it can have been cut one way, the way Shopify cut it:
// - Shopify's own parameters each appear exactly once with the shape Shopify gives them: `shop` a
//   myshopify.com domain (or the configured custom domain), `timestamp` digits, `path_prefix`
//   `/<apps|a|community|tools>/<subpath>`, `logged_in_customer_id` digits or empty, `signature` hex;
// - every other parameter is one the app or Remix itself puts in its URLs (STOREFRONT_QUERY_NAMES), and
//   no value holds a "=".
// With no "=" inside a value, every "=" of the signed text ends a name; with a closed list of names none
// of which ends another (a test checks it), the text before each "=" can only be cut one way. So the shop
// and customer the app reads are the ones Shopify signed: a re-cut query is refused, whatever route.

/** Parameters Shopify's app proxy adds to every request, each exactly once. */
export const SHOPIFY_PROXY_PARAMS = [
  'shop',
  'timestamp',
  'signature',
  'path_prefix',
  'logged_in_customer_id',
] as const;

/**
 * Every other query parameter a storefront URL may carry: Remix's own (`_routes` on single-fetch `.data`
 * requests, `index` on index-route forms, `_data` from older clients) and the ones the app's links and
 * forms put there. A new page parameter must be added here, or its requests are refused.
 */
export const STOREFRONT_QUERY_NAMES = [
  '_data',
  '_routes',
  'index',
  // find-order (the theme's join form sends ?code=)
  'code',
  'method',
  // the guest pages: who is ordering
  'guest',
  'initials',
  'email',
  // an invitee's join link
  'invite',
  // the host dashboard after a claim link
  'claimed',
  // /api/login: where the store's login page sends the shopper back to
  'return_to',
  // the page's language: the theme passes the storefront's, the picker and the API client the guest's
  'locale',
] as const;

const KNOWN = new Set<string>([...SHOPIFY_PROXY_PARAMS, ...STOREFRONT_QUERY_NAMES]);

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;
const SHAPES: Record<(typeof SHOPIFY_PROXY_PARAMS)[number], RegExp> = {
  shop: MYSHOPIFY,
  timestamp: /^\d{1,12}$/,
  signature: /^[0-9a-f]{64}$/,
  // Shopify's prefixes are apps, a, community and tools; the subpath is the merchant's (letters, digits,
  // hyphens, underscores).
  path_prefix: /^\/(?:apps|a|community|tools)\/[A-Za-z0-9_-]{1,64}$/,
  logged_in_customer_id: /^\d{0,20}$/,
};

function wellFormedShop(value: string, customDomain: string | undefined) {
  if (MYSHOPIFY.test(value)) return true;
  const custom = customDomain?.trim().toLowerCase();
  return Boolean(custom) && value === custom;
}

export type QueryVerdict =
  /** Cut the way Shopify cuts it: its values can be read. */
  | 'ok'
  /** Only parameters the app does not know are wrong: a page may drop them and ask again. */
  | 'unknown-names'
  /** Not a query Shopify sends: refuse. */
  | 'malformed';

/**
 * Whether a (signed) storefront query has the one shape Shopify gives it; see the top of this file.
 * `customDomain`: the shop's configured custom domain (SHOP_CUSTOM_DOMAIN), also taken as the shop.
 */
export function signedQueryShape(query: URLSearchParams, customDomain?: string): QueryVerdict {
  const seen = new Map<string, number>();
  let unknown = false;
  for (const [name, value] of query) {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (value.includes('=') || name.includes('=')) return 'malformed';
    if (!KNOWN.has(name)) unknown = true;
  }
  for (const name of SHOPIFY_PROXY_PARAMS) {
    if (seen.get(name) !== 1) return 'malformed';
    const value = query.get(name)!;
    if (name === 'shop' ? !wellFormedShop(value, customDomain) : !SHAPES[name].test(value))
      return 'malformed';
  }
  return unknown ? 'unknown-names' : 'ok';
}

/** The query without Shopify's parameters and without names the app does not know (for a redirect). */
export function knownPageQuery(query: URLSearchParams) {
  const kept = new URLSearchParams();
  const shopify = new Set<string>(SHOPIFY_PROXY_PARAMS);
  for (const [name, value] of query) if (KNOWN.has(name) && !shopify.has(name)) kept.append(name, value);
  return kept.toString();
}
