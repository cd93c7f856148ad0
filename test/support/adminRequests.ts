import { API_KEY, API_SECRET_KEY, RequestType, setUpValidRequest } from '@shopify/shopify-api/test-helpers';
import { storeName, TEST_SHOP } from './requests';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/**
 * An embedded-admin request signed with a session token by Shopify's own test helper: a document request
 * (id_token in the query) for GET, a Bearer request for form posts, as App Bridge sends them. The shop
 * needs an offline session in the database (seedDemo creates one).
 */
export async function adminRequest(
  path: string,
  options: { shop?: string; form?: Record<string, string | string[]>; method?: string } = {},
): Promise<Request> {
  const url = new URL(path, 'https://my-test-app.myshopify.io');
  const store = storeName(options.shop ?? TEST_SHOP);
  if (!options.form) {
    const base = new Request(url, { method: options.method ?? 'GET', headers: { 'User-Agent': BROWSER_UA } });
    return setUpValidRequest(
      { type: RequestType.Admin, store, apiKey: API_KEY, apiSecretKey: API_SECRET_KEY },
      base,
    );
  }
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(options.form)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  const base = new Request(url, {
    method: options.method ?? 'POST',
    headers: { 'User-Agent': BROWSER_UA, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  const signed = await setUpValidRequest(
    { type: RequestType.Bearer, store, apiKey: API_KEY, apiSecretKey: API_SECRET_KEY },
    base,
  );
  return new Request(signed.url, { method: base.method, headers: signed.headers, body: body.toString() });
}
