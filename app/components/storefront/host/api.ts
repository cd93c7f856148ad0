import { hostActionError, hostTokenKey } from '~/lib/hostText';
import type { ApiResult } from '../api';
import type { Translate } from '~/lib/language';

// The host's side of the JSON API client: the host token lives in local storage per order (cookies do not
// pass Shopify's app proxy) and travels in the X-Host-Token header (callApi's hostToken option).

export { callApi, type ApiMessage, type ApiResult } from '../api';

export function readHostToken(id: number | string): string | null {
  try {
    return window.localStorage.getItem(hostTokenKey(id));
  } catch {
    return null;
  }
}

export function saveHostToken(id: number | string, token: string) {
  try {
    window.localStorage.setItem(hostTokenKey(id), token);
  } catch {
    // Private mode without storage: the logged-in creator rule and the claim link still work.
  }
}

export function forgetHostToken(id: number | string) {
  try {
    window.localStorage.removeItem(hostTokenKey(id));
  } catch {
    // nothing stored
  }
}

/** Spec section 8: how a failed host action is told to the person. */
export function hostErrorToast(result: ApiResult, fallback: string, t: Translate) {
  return { ...hostActionError(result.status, result.body?.message, fallback, t), tone: 'error' as const };
}
