import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../env.server';
import { PROXY_BASE } from '../../lib/paths';

// The guest's own "Pay my share" link (issue 25): the share's id and a signature over the shop and the
// share with the app's secret, so a link is good for one share of one shop and cannot be made for another.

function signature(shop: string, shareId: number) {
  return createHmac('sha256', env.SHOPIFY_API_SECRET).update(`pay:v1:${shop}:${shareId}`).digest('base64url');
}

/** The storefront path (under the app proxy) that opens this share's checkout. */
export function payPath(shop: string, shareId: number) {
  return `${PROXY_BASE}/pay/${shareId}/${signature(shop, shareId)}`;
}

/** The share id a link names, or null when the signature is not this shop's for that share. */
export function signedShare(shop: string, shareId: string | undefined, given: string | undefined) {
  const id = Number(shareId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !given) return null;
  const expected = Buffer.from(signature(shop, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : null;
}
