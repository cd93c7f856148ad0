import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_SECRET_KEY } from '@shopify/shopify-api/test-helpers';
import { proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { requireStorefront } from '../storefront.server';
import { SHOPIFY_PROXY_PARAMS, signedQueryShape, STOREFRONT_QUERY_NAMES } from './signedQuery.server';

const KNOWN = [...SHOPIFY_PROXY_PARAMS, ...STOREFRONT_QUERY_NAMES];

function query(pairs: Record<string, string>, extra: [string, string][] = []) {
  const q = new URLSearchParams({
    logged_in_customer_id: '',
    path_prefix: '/apps/group-order',
    shop: TEST_SHOP,
    timestamp: '1764000000',
    signature: 'a'.repeat(64),
    ...pairs,
  });
  for (const [k, v] of extra) q.append(k, v);
  return q;
}

async function outcome(request: Request) {
  try {
    return { status: 200, storefront: await requireStorefront(request), location: null };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, storefront: null, location: error.headers.get('Location') };
  }
}

/** Every .ts/.tsx file under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The object keys of every `sfPath(path, { ... })` call's query. */
function sfPathQueryKeys(text: string) {
  const keys: string[] = [];
  for (let at = text.indexOf('sfPath('); at >= 0; at = text.indexOf('sfPath(', at + 1)) {
    let depth = 0;
    let braceStart = -1;
    for (let i = at + 'sfPath'.length; i < text.length; i += 1) {
      const c = text[i];
      if (c === '(' || c === '[') depth += 1;
      else if (c === ')' || c === ']') {
        depth -= 1;
        if (depth === 0) break;
      } else if (c === '{' && depth === 1 && text[i - 1] !== '$' && braceStart < 0) braceStart = i;
    }
    if (braceStart < 0) continue;
    const body = text.slice(braceStart + 1, text.indexOf('}', braceStart));
    for (const part of body.split(',')) {
      const key = /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
      if (key) keys.push(key);
    }
  }
  return keys;
}

describe('the shape of a signed storefront query (lib/signedQuery.server.ts)', () => {
  it('knows names none of which ends another, so the signed text can be cut into pairs only one way', () => {
    for (const a of KNOWN) {
      expect(a).not.toContain('=');
      for (const b of KNOWN) if (a !== b) expect(b.endsWith(a), `${b} ends with ${a}`).toBe(false);
    }
  });

  it('lists every query parameter the storefront code reads or puts in its links', () => {
    const used = new Set<string>();
    const files = [
      ...sources(path.resolve('app/routes')).filter((f) => path.basename(f).startsWith('apps.group-order')),
      ...sources(path.resolve('app/components/storefront')),
      ...sources(path.resolve('app/models')),
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/searchParams\.get\('([^']+)'\)/g)) used.add(m[1]);
      for (const key of sfPathQueryKeys(text)) used.add(key);
      // Literal queries of the app's own paths, such as `/usual-order?email=…` (not the store's /account).
      for (const m of text.matchAll(/[`'"](\/[^`'"\s]*)\?([a-z_]+)=/g)) {
        if (!m[1].startsWith('/account/')) used.add(m[2]);
      }
    }
    // The scan finds what it should (a control).
    expect([...used]).toEqual(
      expect.arrayContaining(['guest', 'initials', 'invite', 'claimed', 'return_to']),
    );
    for (const name of used) expect(KNOWN, `?${name}= is used but not listed`).toContain(name);
  });

  it('takes Shopify’s parameters only once each and in the shape Shopify sends them', () => {
    expect(signedQueryShape(query({}))).toBe('ok');
    expect(signedQueryShape(query({ logged_in_customer_id: '7012345678' }))).toBe('ok');
    expect(signedQueryShape(query({ path_prefix: '/a/lunch_run-2' }))).toBe('ok');
    const malformed: [string, URLSearchParams][] = [
      ['a shop outside myshopify.com', query({ shop: 'evil.example' })],
      ['a shop with more after it', query({ shop: `${TEST_SHOP}timestamp=1` })],
      ['an upper-case shop', query({ shop: TEST_SHOP.toUpperCase() })],
      ['a timestamp that is not digits', query({ timestamp: '1e9' })],
      ['a hexadecimal timestamp', query({ timestamp: '0x10' })],
      ['a prefix outside apps, a, community and tools', query({ path_prefix: '/pages/group-order' })],
      ['a prefix with two segments', query({ path_prefix: '/apps/group-order/api' })],
      ['a prefix carrying the shop', query({ path_prefix: `/apps/group-ordershop=${TEST_SHOP}` })],
      ['a customer id that is not digits', query({ logged_in_customer_id: '42path_prefix' })],
      ['a signature that is not hex', query({ signature: 'z'.repeat(64) })],
      ['no customer id', (() => ((q) => (q.delete('logged_in_customer_id'), q))(query({})))()],
      ['no path prefix', (() => ((q) => (q.delete('path_prefix'), q))(query({})))()],
      ['no shop', (() => ((q) => (q.delete('shop'), q))(query({})))()],
      ['two shops', query({}, [['shop', TEST_SHOP]])],
      ['two customer ids', query({}, [['logged_in_customer_id', '']])],
      ['two path prefixes', query({}, [['path_prefix', '/apps/group-order']])],
      ['a value holding a pair', query({}, [['guest', 'Sam=1']])],
      ['an unknown value holding a pair', query({}, [['utm_source', 'shop=x.myshopify.com']])],
    ];
    for (const [how, q] of malformed) expect(signedQueryShape(q), how).toBe('malformed');
    expect(signedQueryShape(query({}, [['utm_source', 'newsletter']]))).toBe('unknown-names');
  });

  it('accepts the configured custom shop domain as the shop', () => {
    expect(signedQueryShape(query({ shop: 'shop.coffee.example' }))).toBe('malformed');
    const custom = 'Shop.Coffee.example';
    expect(signedQueryShape(query({ shop: 'shop.coffee.example' }), custom)).toBe('ok');
    expect(signedQueryShape(query({ shop: 'other.coffee.example' }), custom)).toBe('malformed');
  });

  it('takes the custom domain from the configuration (SHOP_CUSTOM_DOMAIN) on every storefront request', async () => {
    const { env } = await import('../env.server');
    const params: [string, string][] = [
      ['shop', 'shop.coffee.example'],
      ['logged_in_customer_id', ''],
      ['path_prefix', '/apps/group-order'],
      ['timestamp', String(Math.trunc(Date.now() / 1000))],
    ];
    // Shopify's rule: the sorted "name=value" pairs joined without a separator, HMAC-SHA256 in hex.
    const message = params
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join('');
    const signature = createHmac('sha256', API_SECRET_KEY).update(message).digest('hex');
    const url = `https://shop.example/apps/group-order/find-order?${new URLSearchParams([...params, ['signature', signature]])}`;
    expect((await outcome(new Request(url))).status).toBe(401);
    env.SHOP_CUSTOM_DOMAIN = 'Shop.Coffee.example';
    try {
      expect(await outcome(new Request(url))).toMatchObject({
        status: 200,
        storefront: { shop: 'shop.coffee.example' },
      });
    } finally {
      delete env.SHOP_CUSTOM_DOMAIN;
    }
  });

  it('sends a page visit with a parameter it does not know to the same page without it, reading nothing', async () => {
    const page = await proxyRequest('/apps/group-order/join/ABC123', {
      query: { utm_source: 'newsletter', invite: '1.x', fbclid: 'abc' },
    });
    expect(await outcome(page)).toMatchObject({ status: 303, storefront: null, location: '?invite=1.x' });

    // The API, a single-fetch data request and a form post are refused instead.
    for (const [path, method] of [
      ['/apps/group-order/api/menu-items', 'GET'],
      ['/apps/group-order/join/ABC123.data', 'GET'],
      ['/apps/group-order/join/ABC123', 'POST'],
    ] as const) {
      const request = await proxyRequest(path, {
        method,
        query: { utm_source: 'newsletter' },
        ...(method === 'POST' ? { body: 'guestName=Sam', headers: { 'Content-Type': 'text/plain' } } : {}),
      });
      expect(await outcome(request), `${method} ${path}`).toMatchObject({ status: 401, storefront: null });
    }

    // The parameters the app itself uses, and Remix's, are read as before.
    const known = await proxyRequest('/apps/group-order/order/1.data', {
      query: { guest: 'Sam', initials: 'SJ', _routes: 'routes/apps.group-order.order.$groupOrderId' },
    });
    expect((await outcome(known)).status).toBe(200);
  });
});
