import { apiPath } from '~/lib/paths';

// The one way storefront pages change data: this typed client over the JSON API (the spec's external
// contract, /apps/group-order/api/...). The caller names the answer's type (T) and builds the body with
// the request type inferred from the shared schema (app/lib/schemas), imported as a type only. Host and
// guest tokens travel in headers and in the body of a write.

/** What every answer may carry: the API's error sentence (`{error, message}`) and a closed order's reason. */
export type ApiMessage = { message?: string; error?: string; reason?: string };

export type ApiResult<T = unknown> = { ok: boolean; status: number; body: T & ApiMessage };

/**
 * The API answers in the page's language (its <html lang>, chosen by the storefront layout): a guest or
 * host who joins or creates an order is e-mailed in it.
 */
function inPageLanguage(url: string) {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return language ? `${url}${url.includes('?') ? '&' : '?'}locale=${encodeURIComponent(language)}` : url;
}

export async function callApi<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; hostToken?: string | null; guestToken?: string | null } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let body = options.body;
  if (options.hostToken) {
    headers['X-Host-Token'] = options.hostToken;
    // Also in the body for writes: the header is the API's contract, the body survives any proxy.
    if (method !== 'GET' && (body === undefined || (typeof body === 'object' && body !== null))) {
      body = { ...(body as object | undefined), hostToken: options.hostToken };
    }
  }
  // A guest's token (see guests.server.ts) travels the same way: header, and in the body of a write.
  if (options.guestToken) {
    headers['X-Guest-Token'] = options.guestToken;
    if (method !== 'GET' && (body === undefined || (typeof body === 'object' && body !== null))) {
      body = { ...(body as object | undefined), guestToken: options.guestToken };
    }
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(inPageLanguage(apiPath(path)), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // The body is what this path answers (the caller names it as T); an unreadable one becomes its text.
    let parsed: T & ApiMessage;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { message: text } as T & ApiMessage;
    }
    return { ok: response.ok, status: response.status, body: parsed };
  } catch {
    return { ok: false, status: 0, body: { message: '' } as T & ApiMessage };
  }
}
