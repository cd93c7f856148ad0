import { GUEST_TOKEN_PATTERN } from './guests';

// Who is asking, as the request says it: the client's address (per-client rate limits), and the
// host's and the guest's browser tokens, which travel in headers
// (X-Host-Token, X-Guest-Token; cookies do not cross Shopify's app proxy) or in the body of a write.
// Routes read them here and hand the models plain values.

/** The host token from the API header or a page form field. */
export function hostTokenFrom(request: Request, form?: FormData | Record<string, unknown> | null) {
  const header = request.headers.get('x-host-token');
  if (header) return header.trim();
  const value = form instanceof FormData ? form.get('hostToken') : form?.hostToken;
  return typeof value === 'string' && value ? value.trim() : null;
}

/** The guest token from the X-Guest-Token header or a body field. */
export function guestTokenFrom(request: Request, body?: { guestToken?: string | null } | null) {
  const header = request.headers.get('x-guest-token')?.trim();
  const value = header || body?.guestToken || null;
  return value && GUEST_TOKEN_PATTERN.test(value) ? value : null;
}

/**
 * The shopper's address, for per-client limits. Shopify's app proxy (and the local simulator) appends the
 * address it received the request from to X-Forwarded-For, so the LAST entry is the one a trusted proxy
 * wrote; earlier entries are whatever the client sent and can be rotated at will.
 */
export function clientAddress(request: Request) {
  const entries = (request.headers.get('x-forwarded-for') ?? '').split(',');
  return entries[entries.length - 1]?.trim() || 'unknown';
}

/** The per-client key of a limit: the shop and the client's address. */
export function clientKey(shop: string, request: Request) {
  return `${shop}:${clientAddress(request)}`;
}
