import { describe, expect, it, vi } from 'vitest';
import { RETRY_LOOKUP_AFTER_MS, refreshPrimaryDomain, shopOrigin } from './shopDomain.server';

const failing = () => vi.fn(async () => Promise.reject(new Error('GraphQL Client: fetch failed')));
const answering = (url: string) =>
  vi.fn(async () => Response.json({ data: { shop: { primaryDomain: { url } } } }));

describe('the shop’s primary domain while Shopify cannot answer', () => {
  it('asks Shopify once, not on every look-up, and links fall back to the myshopify domain', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const graphql = failing();
    const shop = 'down-shop.myshopify.com';
    for (let i = 0; i < 5; i++) expect(await refreshPrimaryDomain(shop, graphql)).toBeNull();
    expect(graphql).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await shopOrigin(shop)).not.toContain('attacker');
    warn.mockRestore();
  });

  it('asks again once the pause is over, and keeps the answer', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shop = 'back-shop.myshopify.com';
    expect(await refreshPrimaryDomain(shop, failing())).toBeNull();
    const later = answering('https://coffee.example.com/');
    expect(await refreshPrimaryDomain(shop, later)).toBeNull();
    expect(later).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + RETRY_LOOKUP_AFTER_MS + 1);
    expect(await refreshPrimaryDomain(shop, later)).toBe('https://coffee.example.com');
    expect(await shopOrigin(shop)).toBe('https://coffee.example.com');
    warn.mockRestore();
    vi.useRealTimers();
  });
});
