import { API_KEY, API_SECRET_KEY, RequestType, setUpValidRequest } from '@shopify/shopify-api/test-helpers';
import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { appProxySigned } from '~/lib/appProxySignature.server';
import { STORE_ACCESS_REQUIRED } from '~/lib/messages';
import { adminRequest } from '../support/adminRequests';
import { createTestGroupOrder, seedMenu } from '../support/factories';
import { webhook as delivery } from '../support/webhooks';
import { args, OTHER_SHOP, proxyRequest, storeName, TEST_SHOP } from '../support/requests';
import {
  answer,
  dbSnapshot,
  importRoute,
  isStorefrontRoute,
  proxyRequestSignedAt,
  routeFiles,
  routeUrl,
  withUrl,
} from './support';

// Issue 8, "signature and identity": every storefront page and API refuses a request Shopify's app proxy
// did not sign exactly as it arrives; every admin route refuses a bad session token; every webhook acts
// only on a body Shopify signed, for the shop and topic that body names. The route lists are read from
// app/routes, so a new route file is covered (or fails here) without anyone remembering to add it.

const STOREFRONT_ROUTES = routeFiles(isStorefrontRoute);
const ADMIN_ROUTES = routeFiles((name) => name === 'app' || name.startsWith('app.'));
const WEBHOOK_ROUTES = routeFiles((name) => name.startsWith('webhooks.'));

let values: Record<string, string>;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  const { order, hostToken } = await createTestGroupOrder({ hostCustomerId: '42' });
  await prisma.orderItem.create({
    data: {
      shop: TEST_SHOP,
      groupOrderId: order.id,
      guestName: 'Olivia',
      guestEmail: 'olivia@example.com',
      menuItemId: (await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP } })).id,
      menuItemName: 'Flat White',
      quantity: 1,
      unitPriceCents: 520,
      totalCents: 520,
      confirmationKey: 'sig-k1',
    },
  });
  await prisma.groupOrder.update({
    where: { id: order.id },
    data: { totalItems: 1, totalCents: 520, participantCount: 1 },
  });
  values = {
    id: String(order.id),
    groupOrderId: String(order.id),
    code: order.code,
    guestName: 'Olivia',
    email: order.hostEmail,
    token: 'a'.repeat(43),
    hostToken,
    deviceId: '1',
    // A pay link (issue 25): a share id and a signature this shop never made.
    shareId: '1',
    signature: 'a'.repeat(43),
  };
});

/** A request to one storefront route as the app proxy delivers it, signed for TEST_SHOP. */
function storefrontRequest(name: string, method: 'GET' | 'POST', signedAt?: number) {
  const { path } = routeUrl(name, values);
  const options = {
    method,
    customerId: '42',
    headers: { 'X-Host-Token': values.hostToken },
    ...(method === 'POST' ? { body: { status: 'submitted', hostToken: values.hostToken, emails: [] } } : {}),
  };
  return signedAt === undefined ? proxyRequest(path, options) : proxyRequestSignedAt(signedAt, path, options);
}

/** Each way a signed query can be altered after Shopify signed it. */
const TAMPERS: [string, (url: URL) => URL][] = [
  ['without a signature', (url) => (url.searchParams.delete('signature'), url)],
  ['with an empty signature', (url) => (url.searchParams.set('signature', ''), url)],
  ['with another shop', (url) => (url.searchParams.set('shop', OTHER_SHOP), url)],
  ['with another customer', (url) => (url.searchParams.set('logged_in_customer_id', '43'), url)],
  ['logged out of the customer', (url) => (url.searchParams.set('logged_in_customer_id', ''), url)],
  ['with another path prefix', (url) => (url.searchParams.set('path_prefix', '/apps/evil'), url)],
  [
    'with a later timestamp',
    (url) => (url.searchParams.set('timestamp', String(Number(url.searchParams.get('timestamp')) + 1)), url),
  ],
  ['without a shop', (url) => (url.searchParams.delete('shop'), url)],
  ['without a timestamp', (url) => (url.searchParams.delete('timestamp'), url)],
  [
    'with a parameter added',
    (url) => (url.searchParams.set('return_to', '/apps/group-order/my-orders'), url),
  ],
  ['with the shop duplicated', (url) => (url.searchParams.append('shop', OTHER_SHOP), url)],
  [
    'with the same shop twice',
    (url) => (url.searchParams.append('shop', url.searchParams.get('shop')!), url),
  ],
  ['with the customer duplicated', (url) => (url.searchParams.append('logged_in_customer_id', '43'), url)],
  [
    'with the signature duplicated',
    (url) => (url.searchParams.append('signature', url.searchParams.get('signature')!), url),
  ],
  [
    'with the timestamp duplicated',
    (url) => (url.searchParams.append('timestamp', url.searchParams.get('timestamp')!), url),
  ],
  [
    'with the values of shop and path prefix swapped',
    (url) => {
      const shop = url.searchParams.get('shop')!;
      url.searchParams.set('shop', url.searchParams.get('path_prefix')!);
      url.searchParams.set('path_prefix', shop);
      return url;
    },
  ],
  [
    // Shopify signs "key=value" pairs concatenated without a separator, so moving the boundary between
    // two pairs keeps the signed string: the customer id must then not be taken at face value.
    'with the path prefix folded into the customer id',
    (url) => {
      const prefix = url.searchParams.get('path_prefix')!;
      url.searchParams.set(
        'logged_in_customer_id',
        `${url.searchParams.get('logged_in_customer_id')}path_prefix=${prefix}`,
      );
      url.searchParams.delete('path_prefix');
      return url;
    },
  ],
  ['with the query in another order and the signature of another path', (url) => url],
];

/**
 * Re-cuts of a genuine signed query: the same "name=value" text Shopify signed (sorted, joined without a
 * separator), cut into other pairs, so the signature still checks (the test asserts it does). `query` is
 * what the shopper's URL carried when Shopify signed it; `pairs` the re-cut, from the signed pairs.
 */
type Recut = {
  how: string;
  query?: Record<string, string>;
  pairs: (signed: Map<string, string>) => [string, string][];
};
const RECUTS: Recut[] = [
  {
    // Issue 24: the shop moved into the path prefix; no `shop` parameter is left.
    how: 'with the shop moved into the path prefix',
    pairs: (p) => [
      ['logged_in_customer_id', p.get('logged_in_customer_id')!],
      ['path_prefix', `${p.get('path_prefix')}shop=${p.get('shop')}`],
      ['timestamp', p.get('timestamp')!],
    ],
  },
  {
    // A shopper's own parameter, signed by Shopify for this shop, holding another customer's pair.
    how: 'with another customer cut out of a signed page parameter',
    query: { email: 'xlogged_in_customer_id=43method=' },
    pairs: (p) => [
      ['email', 'x'],
      ['logged_in_customer_id', '43'],
      ['method', `logged_in_customer_id=${p.get('logged_in_customer_id')}`],
      ['path_prefix', p.get('path_prefix')!],
      ['shop', p.get('shop')!],
      ['timestamp', p.get('timestamp')!],
    ],
  },
  {
    // The same with another shop: a query Shopify signed for this shop re-cut to name the other one.
    how: 'with another shop cut out of a signed page parameter',
    query: {
      email: `xlogged_in_customer_id=42path_prefix=/apps/group-ordershop=${OTHER_SHOP}t=`,
    },
    pairs: (p) => [
      ['email', 'x'],
      ['logged_in_customer_id', '42'],
      ['path_prefix', '/apps/group-order'],
      ['shop', OTHER_SHOP],
      [
        't',
        `logged_in_customer_id=${p.get('logged_in_customer_id')}path_prefix=${p.get('path_prefix')}shop=${p.get('shop')}`,
      ],
      ['timestamp', p.get('timestamp')!],
    ],
  },
];

/** The route's request signed with the recut's query, then re-cut; the signature still checks. */
async function recutRequest(name: string, method: 'GET' | 'POST', recut: Recut) {
  const { path } = routeUrl(name, values);
  const signed = await proxyRequest(path, {
    method,
    customerId: '42',
    query: recut.query,
    headers: { 'X-Host-Token': values.hostToken },
    ...(method === 'POST' ? { body: { status: 'submitted', hostToken: values.hostToken, emails: [] } } : {}),
  });
  const request = await withUrl(signed, (url) => {
    const next = new URL(url.pathname, url.origin);
    for (const [k, v] of recut.pairs(new Map(url.searchParams))) next.searchParams.append(k, v);
    next.searchParams.append('signature', url.searchParams.get('signature')!);
    return next;
  });
  expect(appProxySigned(new URL(request.url), API_SECRET_KEY), `${recut.how}: still signed`).toBe(true);
  return request;
}

const refused = (result: { status: number; text: string }) =>
  result.status === 401 && result.text.includes(STORE_ACCESS_REQUIRED);

describe('every storefront page and API route', () => {
  it('the table below covers every storefront route file', () => {
    // If this fails, a route file was added or renamed: it is covered automatically; check it has a value
    // for each of its dynamic segments in `values` (routeUrl throws otherwise).
    expect(STOREFRONT_ROUTES.length).toBeGreaterThanOrEqual(30);
    for (const name of STOREFRONT_ROUTES) expect(() => routeUrl(name, values)).not.toThrow();
  });

  describe.each(STOREFRONT_ROUTES)('%s', (name) => {
    const methods = async () => {
      const mod = await importRoute(name);
      return (
        [
          ['GET', mod.loader],
          ['POST', mod.action],
        ] as const
      ).filter(([, fn]) => typeof fn === 'function');
    };

    it('exports a loader or an action that checks the signature', async () => {
      expect((await methods()).length).toBeGreaterThan(0);
    });

    it('accepts the request exactly as Shopify signed it (the control for the refusals below)', async () => {
      for (const [method, fn] of await methods()) {
        const { params } = routeUrl(name, values);
        const result = await answer(async () => fn!(args(await storefrontRequest(name, method), params)));
        expect(refused(result), `${method} ${name}: ${result.status} ${result.text.slice(0, 200)}`).toBe(
          false,
        );
      }
    });

    it('refuses every tampered, duplicated or re-ordered query, and writes nothing', async () => {
      const before = await dbSnapshot();
      for (const [method, fn] of await methods()) {
        const { params } = routeUrl(name, values);
        for (const [how, tamper] of TAMPERS) {
          let request = await storefrontRequest(name, method);
          if (how.startsWith('with the query in another order')) {
            // A genuine signature, replayed with the query written backwards onto another route's path.
            const elsewhere = await proxyRequest('/apps/group-order/find-order', { customerId: '43' });
            const signature = new URL(elsewhere.url).searchParams.get('signature')!;
            request = await withUrl(request, (url) => {
              const pairs = [...url.searchParams].reverse();
              const next = new URL(url.pathname, url.origin);
              for (const [k, v] of pairs) next.searchParams.append(k, k === 'signature' ? signature : v);
              return next;
            });
          } else request = await withUrl(request, tamper);
          const result = await answer(() => fn!(args(request, params)));
          expect(
            refused(result),
            `${method} ${name} ${how}: ${result.status} ${result.text.slice(0, 200)}`,
          ).toBe(true);
        }
      }
      expect(await dbSnapshot()).toEqual(before);
    });

    it('refuses a genuine signed query re-cut into other pairs (another shop, customer or none), and writes nothing', async () => {
      const before = await dbSnapshot();
      for (const [method, fn] of await methods()) {
        const { params } = routeUrl(name, values);
        for (const recut of RECUTS) {
          const request = await recutRequest(name, method, recut);
          const result = await answer(() => fn!(args(request, params)));
          expect(
            refused(result),
            `${method} ${name} ${recut.how}: ${result.status} ${result.text.slice(0, 200)}`,
          ).toBe(true);
        }
      }
      expect(await dbSnapshot()).toEqual(before);
    });

    it('refuses a genuine signature made more than 90 seconds ago or ahead', async () => {
      for (const [method, fn] of await methods()) {
        const { params } = routeUrl(name, values);
        for (const offset of [-92_000, -3_600_000, 93_000]) {
          const request = await storefrontRequest(name, method, Date.now() + offset);
          const result = await answer(() => fn!(args(request, params)));
          expect(refused(result), `${method} ${name} signed ${offset / 1000}s away: ${result.status}`).toBe(
            true,
          );
        }
      }
    });
  });

  it('a request signed with another app’s secret is refused', async () => {
    const mod = await importRoute('apps.group-order.api.menu-items');
    const base = new Request(
      'https://app.test/apps/group-order/api/menu-items?logged_in_customer_id=&path_prefix=%2Fapps%2Fgroup-order',
    );
    const forged = await setUpValidRequest(
      { type: RequestType.Public, store: storeName(TEST_SHOP), apiSecretKey: 'someone-elses-secret' },
      base,
    );
    expect(refused(await answer(() => mod.loader!(args(forged))))).toBe(true);
  });
});

describe('every embedded admin route', () => {
  const BROWSER_UA =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

  it('the admin routes are the ones this suite knows', () => {
    expect(ADMIN_ROUTES).toEqual(expect.arrayContaining(['app', 'app._index', 'app.menu', 'app.settings']));
  });

  /** An admin request whose session token is missing, expired, or signed with another secret. */
  async function badTokenRequests(path: string, form?: Record<string, string>) {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const method = form ? 'POST' : 'GET';
    const headers: Record<string, string> = { 'User-Agent': BROWSER_UA };
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const type = form ? RequestType.Bearer : RequestType.Admin;
    const url = `https://my-test-app.myshopify.io${path}`;
    const sign = async (secret: string) => {
      const signed = await setUpValidRequest(
        { type, store: storeName(TEST_SHOP), apiKey: API_KEY, apiSecretKey: secret },
        new Request(url, { method, headers }),
      );
      return new Request(signed.url, { method, headers: signed.headers, body });
    };
    const expired = await (async () => {
      const { vi } = await import('vitest');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 2 * 3_600_000);
      try {
        return await sign(API_SECRET_KEY);
      } finally {
        vi.useRealTimers();
      }
    })();
    return [
      ['no session token', new Request(url, { method, headers, body })],
      ['an expired session token', expired],
      ['a token signed with another secret', await sign('not-the-app-secret')],
    ] as const;
  }

  const FORMS: Record<string, Record<string, string>> = {
    'app._index': { intent: 'retry-handoff', id: '1' },
    'app.menu': { intent: 'create-item', name: 'Sneaky', category: 'coffee', price: '1.00' },
    'app.settings': { kitchenName: 'Hijacked', shopName: 'Hijacked' },
    'app.kitchen._index': { intent: 'next-step', id: '1', to: 'received' },
  };

  it.each(ADMIN_ROUTES)('%s refuses a missing, expired or wrongly signed session token', async (name) => {
    const mod = await importRoute(name);
    const path = name === 'app' ? '/app' : `/${name.replace(/\._index$/, '').replace(/\./g, '/')}`;
    const before = await dbSnapshot();
    const attempts: [string, 'loader' | 'action', Request][] = [];
    if (mod.loader) for (const [how, r] of await badTokenRequests(path)) attempts.push([how, 'loader', r]);
    if (mod.action)
      for (const [how, r] of await badTokenRequests(path, FORMS[name] ?? { intent: 'x' }))
        attempts.push([how, 'action', r]);
    expect(attempts.length).toBeGreaterThan(0);
    for (const [how, which, request] of attempts) {
      const result = await answer(() => mod[which]!(args(request)));
      // Refused: a redirect to Shopify's login / token bounce, or 401; never the page's data.
      expect(
        result.status,
        `${name} ${which} with ${how}: ${result.text.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(300);
      expect(result.status).toBeLessThan(500);
    }
    expect(await dbSnapshot()).toEqual(before);
    // The control: a properly signed session token reaches the loader.
    if (mod.loader && name !== 'app') {
      const ok = await answer(async () => mod.loader!(args(await adminRequest(path))));
      // A route for one record ($id) answers the signed request without that record with its 404.
      expect(ok.status, ok.text.slice(0, 200)).toBe(name.includes('$') ? 404 : 200);
    }
  });
});

describe('every webhook', () => {
  const topicOf = (name: string) => name.replace(/^webhooks\./, '').replace('.', '/');

  /** A body as Shopify sends it for each topic, for `shop`. */
  function bodyFor(topic: string, shop: string): Record<string, unknown> {
    switch (topic) {
      case 'app/uninstalled':
        return { id: 1, name: 'Shop', domain: shop, myshopify_domain: shop };
      case 'app/scopes_update':
        return {
          id: 1,
          previous: ['read_products'],
          current: ['read_products'],
          updated_at: new Date().toISOString(),
        };
      case 'customers/data_request':
        return {
          shop_id: 1,
          shop_domain: shop,
          orders_requested: [],
          customer: { id: 1001, email: 'olivia@example.com', phone: null },
          data_request: { id: 9999 },
        };
      case 'customers/redact':
        return {
          shop_id: 1,
          shop_domain: shop,
          customer: { id: 1001, email: 'olivia@example.com', phone: null },
          orders_to_redact: [],
        };
      case 'shop/redact':
        return { shop_id: 1, shop_domain: shop };
      // Issue 25: the REST Order and Refund bodies. They name no shop (see SHOP_BOUND).
      case 'orders/paid':
        return {
          id: 1001,
          admin_graphql_api_id: 'gid://shopify/Order/1001',
          total_price: '5.20',
          currency: 'AUD',
          tags: 'group-order',
          note_attributes: [{ name: 'group_order_share_id', value: '1' }],
        };
      case 'refunds/create':
        return {
          id: 1,
          order_id: 1001,
          transactions: [{ kind: 'refund', status: 'success', amount: '5.20' }],
        };
      case 'orders/cancelled':
        return {
          id: 1001,
          admin_graphql_api_id: 'gid://shopify/Order/1001',
          cancelled_at: '2026-11-27T09:00:00Z',
          refunds: [],
        };
      default:
        throw new Error(`No sample body for ${topic}: add one so the new webhook is covered`);
    }
  }

  it('the webhook routes are the ones this suite has bodies for', () => {
    expect(WEBHOOK_ROUTES.length).toBeGreaterThanOrEqual(5);
    for (const name of WEBHOOK_ROUTES) expect(() => bodyFor(topicOf(name), TEST_SHOP)).not.toThrow();
  });

  it.each(WEBHOOK_ROUTES)('%s refuses a wrong or missing HMAC and writes nothing', async (name) => {
    const mod = await importRoute(name);
    const topic = topicOf(name);
    const before = await dbSnapshot();
    const forged = delivery(topic, bodyFor(topic, TEST_SHOP), { secret: 'not-the-app-secret' });
    expect((await answer(() => mod.action!(args(forged)))).status).toBe(401);
    const unsigned = delivery(topic, bodyFor(topic, TEST_SHOP));
    unsigned.headers.delete('X-Shopify-Hmac-Sha256');
    expect((await answer(() => mod.action!(args(unsigned)))).status).toBe(401);
    // A body altered after signing.
    const signed = delivery(topic, bodyFor(topic, TEST_SHOP));
    const altered = new Request(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ ...bodyFor(topic, TEST_SHOP), id: 2, shop_id: 2 }),
    });
    expect((await answer(() => mod.action!(args(altered)))).status).toBe(401);
    expect(await dbSnapshot()).toEqual(before);
  });

  // app/scopes_update and the order topics name no shop in their bodies: the order topics act only on
  // shares of the header's (verified) shop, which app/routes/pay.routes.test.ts checks with another
  // shop's order ("changes nothing for another shop's delivery").
  const UNBOUND = ['app/scopes_update', 'orders/paid', 'refunds/create', 'orders/cancelled'];
  const SHOP_BOUND = WEBHOOK_ROUTES.filter((name) => !UNBOUND.includes(topicOf(name)));

  it.each(SHOP_BOUND)(
    '%s refuses a genuine body for another shop sent with this shop’s header, and writes nothing',
    async (name) => {
      const mod = await importRoute(name);
      const topic = topicOf(name);
      await createTestGroupOrder({ hostEmail: 'olivia@example.com' });
      const before = await dbSnapshot();
      const request = delivery(topic, bodyFor(topic, OTHER_SHOP), { shop: TEST_SHOP });
      const result = await answer(() => mod.action!(args(request)));
      expect(result.status, result.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(await dbSnapshot()).toEqual(before);
    },
  );

  it.each(WEBHOOK_ROUTES)('%s refuses a genuine body of another topic, and writes nothing', async (name) => {
    const mod = await importRoute(name);
    const topic = topicOf(name);
    await createTestGroupOrder({ hostEmail: 'olivia@example.com' });
    const before = await dbSnapshot();
    for (const other of WEBHOOK_ROUTES.map(topicOf).filter((t) => t !== topic)) {
      // The other topic's body posted to this route, labelled with its own topic, then with this one's
      // (the topic header is not signed: only the body's shape can tell).
      for (const topicHeader of [other, topic]) {
        const request = delivery(topic, bodyFor(other, TEST_SHOP), { topicHeader });
        const result = await answer(() => mod.action!(args(request)));
        const what = `${other} body with topic header ${topicHeader} to ${topic}: ${result.text.slice(0, 200)}`;
        expect(result.status, what).toBeGreaterThanOrEqual(400);
        expect(result.status, what).toBeLessThan(500);
      }
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
