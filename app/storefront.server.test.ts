import { describe, expect, it, vi } from 'vitest';
import { proxyRequest, TEST_SHOP } from '../test/support/requests';
import prisma from './db.server';
import { linkBase, requireStorefront } from './storefront.server';

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
  });

  it('builds links on the signed shop’s domain, never on a Host or X-Forwarded-Host the visitor sent', async () => {
    const forged = { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' };
    const request = await proxyRequest('/apps/group-order/find-order', { headers: forged });
    const result = await outcome(request);
    if (!result.ok) throw new Error('expected a signed request');
    // Nothing known about the shop yet: its myshopify.com domain (Shopify redirects it to the primary one).
    expect(await linkBase(result.storefront)).toBe(`https://${TEST_SHOP}/apps/group-order`);
    // The primary domain read from the Admin API wins once it is known.
    await prisma.shopSettings.upsert({
      where: { shop: TEST_SHOP },
      create: { shop: TEST_SHOP, primaryDomainUrl: 'https://coffee.example' },
      update: { primaryDomainUrl: 'https://coffee.example' },
    });
    expect(await linkBase(result.storefront)).toBe('https://coffee.example/apps/group-order');
    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { primaryDomainUrl: null } });
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
