import { API_SECRET_KEY, RequestType, setUpValidRequest, TEST_SHOP } from '@shopify/shopify-api/test-helpers';

export { TEST_SHOP };
export const OTHER_SHOP = 'other-shop.myshopify.com';

/** Shopify's helpers take the store name ("test-shop") and add ".myshopify.com" themselves. */
export function storeName(shop: string) {
  return shop.replace(/\.myshopify\.com$/, '');
}
const ORIGIN = 'https://app.test';

type ProxyOptions = {
  method?: string;
  body?: unknown;
  shop?: string;
  customerId?: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

/**
 * A storefront request as Shopify's app proxy delivers it, signed by Shopify's own test helper.
 * `path` is the app-side path, e.g. "/apps/group-order/api/menu-items".
 */
export async function proxyRequest(path: string, options: ProxyOptions = {}): Promise<Request> {
  const url = new URL(path, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  url.searchParams.set('logged_in_customer_id', options.customerId ?? '');
  url.searchParams.set('path_prefix', '/apps/group-order');
  const hasBody = options.body !== undefined;
  const base = new Request(url, {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    headers: {
      // The JSON API's content type, also for a raw string body (e.g. malformed JSON); override per test.
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      'X-Forwarded-Host': 'shop.example',
      ...options.headers,
    },
    body: hasBody
      ? typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body)
      : undefined,
  });
  const signed = await setUpValidRequest(
    { type: RequestType.Public, store: storeName(options.shop ?? TEST_SHOP), apiSecretKey: API_SECRET_KEY },
    base,
  );
  // setUpValidRequest keeps the method but drops a body on some runtimes; rebuild with the body intact.
  return new Request(signed.url, {
    method: base.method,
    headers: base.headers,
    body: hasBody
      ? typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body)
      : undefined,
  });
}

/** Route args for a Remix loader/action call. */
export function args(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} };
}

/**
 * An answer's JSON as the tests read it. Loose on purpose: routes answer many shapes, and the assertions
 * that follow check each field they read. The one place tests opt out of no-explicit-any.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = any;

/** Resolves a loader/action result that may be a thrown or returned Response. */
export async function call<T>(
  fn: () => Promise<T>,
): Promise<{ status: number; body: Answer; response?: Response }> {
  try {
    const result = await fn();
    if (result instanceof Response)
      return { status: result.status, body: await readBody(result), response: result };
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: await readBody(thrown), response: thrown };
    throw thrown;
  }
}

async function readBody(response: Response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
