import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_SECRET_KEY } from '@shopify/shopify-api/test-helpers';
import { proxyRequest } from '../../test/support/requests';
import { authenticate } from '../shopify.server';
import { appProxySigned } from './appProxySignature.server';

// Our check must give the verdict Shopify's library gives (authenticate.public.appProxy, which refuses
// with a Response): on requests Shopify's own test helper signed, and on every way of breaking one.

async function libraryAccepts(url: string) {
  try {
    await authenticate.public.appProxy(new Request(url));
    return true;
  } catch (error) {
    if (error instanceof Response) return false;
    throw error;
  }
}

/** Signs `params` by the documented rule, independently of both implementations under test. */
function sign(params: [string, string][], secret = API_SECRET_KEY) {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of params) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  const message = [...grouped.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => `${name}=${grouped.get(name)!.join(',')}`)
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const now = () => String(Math.trunc(Date.now() / 1000));
function query(params: [string, string][], signature = sign(params)) {
  return new URLSearchParams([...params, ['signature', signature]]).toString();
}
const base: () => [string, string][] = () => [
  ['shop', 'test-shop.myshopify.com'],
  ['logged_in_customer_id', ''],
  ['path_prefix', '/apps/group-order'],
  ['timestamp', now()],
];

describe('appProxySigned', () => {
  it('accepts what Shopify’s test helper signs, as the library does', async () => {
    for (const path of ['/apps/group-order/find-order', '/apps/group-order/api/order-items']) {
      const request = await proxyRequest(path, { customerId: '1001', query: { guest: 'Zoë 😀', a: '1' } });
      expect(appProxySigned(new URL(request.url), API_SECRET_KEY)).toBe(true);
      expect(await libraryAccepts(request.url)).toBe(true);
    }
  });

  it('gives the library’s verdict on tampered, repeated, stale and oddly shaped queries', async () => {
    const origin = 'https://app.test/apps/group-order/join/ABC123';
    const cases: Record<string, string> = {
      signed: query(base()),
      'names sorted by locale, not code unit': query([
        ...base(),
        ['Guest', 'B'],
        ['_x', '1'],
        ['guest', 'a'],
      ]),
      'repeated name joined by commas': query([...base(), ['item', '1'], ['item', '2']]),
      'tampered value': query(base()).replace('path_prefix=%2Fapps', 'path_prefix=%2Fevil'),
      'wrong secret': query(base(), sign(base(), 'another-secret')),
      'upper-case hex': query(base(), sign(base()).toUpperCase()),
      'short signature': query(base(), sign(base()).slice(0, 10)),
      'no signature': new URLSearchParams(base()).toString(),
      'repeated shop': query([...base(), ['shop', 'other.myshopify.com']]),
      'repeated timestamp': query([...base(), ['timestamp', now()]]),
      'stale timestamp': query(base().map(([k, v]) => [k, k === 'timestamp' ? String(Number(v) - 120) : v])),
      'future timestamp within tolerance': query(
        base().map(([k, v]) => [k, k === 'timestamp' ? String(Number(v) + 60) : v]),
      ),
      'fractional timestamp': query(base().map(([k, v]) => [k, k === 'timestamp' ? `${v}.5` : v])),
      'no timestamp': query(base().filter(([k]) => k !== 'timestamp')),
      'empty index dropped': `${query(base())}&index=`,
      'hmac ignored': query([...base(), ['hmac', 'x']]),
      'signed with Remix’s _data': (() => {
        const params: [string, string][] = [['_data', 'routes/apps.group-order.join.ABC123'], ...base()];
        return new URLSearchParams([...base(), ['signature', sign(params)]]).toString();
      })(),
    };
    for (const [name, search] of Object.entries(cases)) {
      const url = `${origin}?${search}`;
      const library = await libraryAccepts(url);
      expect({ name, ours: appProxySigned(new URL(url), API_SECRET_KEY) }).toEqual({ name, ours: library });
    }
    // The cases cover both verdicts.
    expect(await libraryAccepts(`${origin}?${cases.signed}`)).toBe(true);
    expect(await libraryAccepts(`${origin}?${cases['tampered value']}`)).toBe(false);
    expect(await libraryAccepts(`${origin}?${cases['signed with Remix’s _data']}`)).toBe(true);
    expect(await libraryAccepts(`${origin}?${cases['names sorted by locale, not code unit']}`)).toBe(true);
  });
});
