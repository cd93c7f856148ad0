import { DEVICE_KEY_KEY, GUEST_TOKEN_PATTERN, guestEmailKey, guestTokenKey } from '~/lib/guests';

// This browser's guest token for an order: made once, kept in local storage, sent with every guest write.
// The server keeps only its hash, so a stranger who knows a guest's name or URL cannot act for them.

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readGuestToken(groupOrderId: number | string): string | null {
  const value = storage()?.getItem(guestTokenKey(groupOrderId)) ?? null;
  return value && GUEST_TOKEN_PATTERN.test(value) ? value : null;
}

function randomSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return token;
}

export function ensureGuestToken(groupOrderId: number | string): string {
  const existing = readGuestToken(groupOrderId);
  if (existing) return existing;
  const token = randomSecret();
  try {
    storage()?.setItem(guestTokenKey(groupOrderId), token);
  } catch {
    // Storage blocked: the token still identifies this page view.
  }
  return token;
}

/** This browser's device key for usual orders (one for the browser, not per order; see usualOrders.server.ts). */
export function ensureDeviceKey(): string {
  const existing = storage()?.getItem(DEVICE_KEY_KEY) ?? null;
  if (existing && GUEST_TOKEN_PATTERN.test(existing)) return existing;
  const key = randomSecret();
  try {
    storage()?.setItem(DEVICE_KEY_KEY, key);
  } catch {
    // Storage blocked: the usual order then needs the e-mailed link on every visit.
  }
  return key;
}

/**
 * The e-mail address the guest gave for this order, kept in this browser rather than in any URL (URLs
 * land in history, logs and referrers). Empty when none was given.
 */
export function readGuestEmail(groupOrderId: number | string): string {
  return storage()?.getItem(guestEmailKey(groupOrderId)) ?? '';
}

export function saveGuestEmail(groupOrderId: number | string, email: string | null | undefined) {
  try {
    const value = (email ?? '').trim();
    if (value) storage()?.setItem(guestEmailKey(groupOrderId), value);
    else storage()?.removeItem(guestEmailKey(groupOrderId));
  } catch {
    // Storage blocked: the menu page then offers no usual order.
  }
}

/**
 * An address that arrived in the URL (`?email=`, the spec's links): kept in this browser for the order,
 * then dropped from the address bar so it does not stay in history or travel on as a referrer.
 */
export function takeEmailFromUrl(groupOrderId?: number | string): string {
  try {
    const url = new URL(window.location.href);
    const email = url.searchParams.get('email')?.trim() ?? '';
    if (!url.searchParams.has('email')) return '';
    url.searchParams.delete('email');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if (email && groupOrderId !== undefined) saveGuestEmail(groupOrderId, email);
    return email;
  } catch {
    return '';
  }
}
