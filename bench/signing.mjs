// Requests signed as Shopify's app proxy signs them, for the load generator (fresh timestamp per request).
import { appProxySignature } from '../scripts/simulator/signing.mjs';

export const PROXY_PREFIX = '/apps/group-order';

/**
 * The path and query Shopify's proxy would forward for `path` (e.g. "/apps/group-order/api/order-items").
 * @param {string} path
 * @param {{ shop: string, secret: string, query?: Record<string, string> }} options
 */
export function signedPath(path, { shop, secret, query = {} }) {
  const params = new URLSearchParams(query);
  params.set('shop', shop);
  params.set('logged_in_customer_id', '');
  params.set('path_prefix', PROXY_PREFIX);
  params.set('timestamp', String(Math.floor(Date.now() / 1000)));
  params.set('signature', appProxySignature(params, secret));
  return `${path}?${params}`;
}
