import { createHmac, timingSafeEqual } from 'node:crypto';

// The app proxy's signature check, with the rules of Shopify's own library (@shopify/shopify-api's
// validateHmac with the "appProxy" signator, as authenticate.public.appProxy calls it): every query
// parameter but `signature`, sorted by name, each "name=value" with repeated names' values joined by
// commas, concatenated, HMAC-SHA256 with the app's secret, hex. The timestamp must be an integer within
// 90 seconds of now, and shop, signature, timestamp and hmac may appear only once.
//
// Why not the library's call: it computes the HMAC through Web Crypto, importing the key and signing
// asynchronously for every request (docs/decisions/2026-11-24-app-proxy-signature-node-crypto.md);
// node:crypto does the same HMAC synchronously. The test beside this file checks it against the library's verdict on the same queries.

const TOLERANCE_SECONDS = 90;
const SINGLE_VALUED = new Set(['hmac', 'shop', 'signature', 'timestamp']);
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The message Shopify signs, or null when the query breaks a rule before any HMAC is worth computing. */
function signedMessage(
  query: URLSearchParams,
  nowSeconds: number,
): { message: string; signature: string } | null {
  const values = new Map<string, string>();
  for (const [name, value] of query) {
    const earlier = values.get(name);
    if (earlier === undefined) values.set(name, value);
    else if (SINGLE_VALUED.has(name)) return null;
    else values.set(name, `${earlier},${value}`);
  }
  const signature = values.get('signature');
  const timestamp = Number(values.get('timestamp') ?? NaN);
  if (!signature || !Number.isInteger(timestamp)) return null;
  if (Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) return null;
  values.delete('signature');
  values.delete('hmac');
  let message = '';
  for (const name of [...values.keys()].sort((a, b) => a.localeCompare(b))) {
    message += `${name}=${values.get(name)}`;
  }
  return { message, signature };
}

function validFor(query: URLSearchParams, secret: string, nowSeconds: number) {
  const signed = signedMessage(query, nowSeconds);
  if (!signed || !HEX_SHA256.test(signed.signature)) return false;
  const expected = createHmac('sha256', secret).update(signed.message).digest();
  return timingSafeEqual(expected, Buffer.from(signed.signature, 'hex'));
}

/**
 * Whether Shopify's app proxy signed this URL's query. As the library does, an empty `index` parameter
 * is left out, and a query Remix extended with its `_data` parameter (for the route the path names, or
 * its index route) is tried too.
 */
export function appProxySigned(url: URL, secret: string, nowSeconds = Math.trunc(Date.now() / 1000)) {
  const query = new URLSearchParams(url.search);
  if (!query.get('index')) query.delete('index');
  if (validFor(query, secret, nowSeconds)) return true;
  const route = `routes%2F${url.pathname.replace(/^\//, '').replace(/\/$/, '').replaceAll('/', '.')}`;
  const rest = query.toString();
  return (
    validFor(new URLSearchParams(`?_data=${route}&${rest}`), secret, nowSeconds) ||
    validFor(
      new URLSearchParams(`?_data=${route}._index&${url.search.replace(/^\?/, '')}`),
      secret,
      nowSeconds,
    )
  );
}
