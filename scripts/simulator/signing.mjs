// @ts-check
// Signing exactly as Shopify does it, so the app's real verification code runs against the simulator.
import { createHmac, randomUUID } from 'node:crypto';

/**
 * App proxy signature: parameters sorted by name, each "name=value" (repeated names joined by commas),
 * concatenated without separators, HMAC-SHA256 with the app secret, hex.
 * @param {URLSearchParams} params
 * @param {string} secret
 */
export function appProxySignature(params, secret) {
  /** @type {Map<string, string[]>} */
  const grouped = new Map();
  for (const [key, value] of params) {
    if (key === 'signature') continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const message = [...grouped.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((key) => `${key}=${(grouped.get(key) ?? []).join(',')}`)
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** @param {string} input */
function base64url(input) {
  return Buffer.from(input).toString('base64url');
}

/**
 * An App Bridge session token (HS256 JWT) for the embedded admin, with the claims Shopify sets.
 * @param {{ shop: string, apiKey: string, apiSecret: string, userId?: string, lifetimeSeconds?: number }} options
 */
export function sessionToken({ shop, apiKey, apiSecret, userId = '1', lifetimeSeconds = 60 }) {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'HS256', typ: 'JWT' };
  const payload = {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: apiKey,
    sub: userId,
    exp: now + lifetimeSeconds,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', apiSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** Shopify's `host` parameter: base64 of "admin.shopify.com/store/{name}". */
/** @param {string} shop */
export function hostParam(shop) {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString(
    'base64url',
  );
}
