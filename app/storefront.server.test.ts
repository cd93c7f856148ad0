import { describe, expect, it, vi } from 'vitest';
import { proxyRequest, TEST_SHOP } from '../test/support/requests';
import { requireStorefront } from './storefront.server';

async function outcome(request: Request) {
  try {
    const storefront = await requireStorefront(request);
    return { ok: true as const, storefront };
  } catch (error) {
    if (error instanceof Response)
      return { ok: false as const, status: error.status, body: await error.text() };
    throw error;
  }
}

describe('app proxy signature (authenticate.public.appProxy)', () => {
  it('accepts a request signed the way Shopify signs it and reads only signed values', async () => {
    const request = await proxyRequest('/apps/group-order/find-order', { customerId: '1001' });
    const result = await outcome(request);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.storefront.shop).toBe(TEST_SHOP);
    expect(result.storefront.customerId).toBe('1001');
    expect(result.storefront.pathPrefix).toBe('/apps/group-order');
    expect(result.storefront.origin).toBe('https://shop.example');
  });

  it('refuses a tampered parameter', async () => {
    const signed = await proxyRequest('/apps/group-order/find-order', { customerId: '1001' });
    const url = new URL(signed.url);
    url.searchParams.set('logged_in_customer_id', '9999');
    const result = await outcome(new Request(url));
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a request without a signature, with the spec notice for pages and JSON for the API', async () => {
    const signed = await proxyRequest('/apps/group-order/find-order');
    const url = new URL(signed.url);
    url.searchParams.delete('signature');
    const page = await outcome(new Request(url));
    expect(page).toMatchObject({ ok: false, status: 401, body: 'Shopify Store Access Required' });

    const apiSigned = await proxyRequest('/apps/group-order/api/menu-items');
    const apiUrl = new URL(apiSigned.url);
    apiUrl.searchParams.delete('signature');
    const api = await outcome(new Request(apiUrl));
    expect(api.ok).toBe(false);
    if (api.ok) return;
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body).error).toMatch(/Shopify Store Access Required/);
  });

  it('refuses a correctly signed request whose timestamp is older than 90 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 120_000);
    const stale = await proxyRequest('/apps/group-order/find-order');
    vi.useRealTimers();
    expect(await outcome(stale)).toMatchObject({ ok: false, status: 401 });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 30_000);
    const recent = await proxyRequest('/apps/group-order/find-order');
    vi.useRealTimers();
    expect((await outcome(recent)).ok).toBe(true);
  });
});
