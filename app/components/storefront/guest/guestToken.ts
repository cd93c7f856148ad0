import { GUEST_TOKEN_PATTERN, guestTokenKey } from '~/lib/guests';

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

export function ensureGuestToken(groupOrderId: number | string): string {
  const existing = readGuestToken(groupOrderId);
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    storage()?.setItem(guestTokenKey(groupOrderId), token);
  } catch {
    // Storage blocked: the token still identifies this page view.
  }
  return token;
}
