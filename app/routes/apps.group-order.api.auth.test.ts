import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, startAdminApi } from '../../test/support/adminApi';
import { OTHER_SHOP, TEST_SHOP } from '../../test/support/requests';

// The logged-in shopper comes from the store: the signed logged_in_customer_id, and the name, e-mail and
// picture from Shopify's Admin API `customer` query (here the local simulator's customers).
const api = await startAdminApi([{ domain: TEST_SHOP, name: 'Test Coffee' }]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { args, call, proxyRequest } = await import('../../test/support/requests');
const { createTestGroupOrder, storeOfflineSession } = await import('../../test/support/factories');
const { loader: userLoader } = await import('./apps.group-order.api.auth.user');
const { loader: loginLoader } = await import('./apps.group-order.api.login');
const { loader: logoutLoader } = await import('./apps.group-order.api.logout');
const { loader: myOrdersPage } = await import('./apps.group-order.my-orders');
const { loader: byEmailLoader } = await import('./apps.group-order.api.group-orders.by-email.$email');
const { loader: myOrdersApi } = await import('./apps.group-order.api.my-orders');

beforeAll(async () => {
  await storeOfflineSession('read_products,read_customers');
});

afterAll(() => api.close());

const user = async (customerId: string | null, shop = TEST_SHOP) =>
  call(async () =>
    userLoader(args(await proxyRequest('/apps/group-order/api/auth/user', { customerId, shop }))),
  );

describe('GET /api/auth/user', () => {
  it('answers the spec’s User {firstName, email, profileImageUrl} for the logged-in customer', async () => {
    const olivia = await user('1001');
    expect(olivia.status).toBe(200);
    expect(olivia.body).toMatchObject({
      firstName: 'Olivia',
      email: 'olivia.nguyen@example.com',
      profileImageUrl: expect.stringMatching(/^data:image\/svg\+xml/),
    });
    // A customer with only an e-mail address and no picture. Customer.image is non-null in Shopify's Admin
    // schema: such a customer comes with Shopify's default avatar, which the app passes on.
    expect((await user('1003')).body).toMatchObject({
      firstName: null,
      email: 'sam.taylor@example.com',
      profileImageUrl: DEFAULT_AVATAR_URL,
    });
  });

  it('is 401 JSON when nobody is logged in', async () => {
    const anonymous = await user(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBeTruthy();
  });

  it('never asks another shop’s Admin API: without that shop’s session the profile stays empty', async () => {
    const elsewhere = await user('1001', OTHER_SHOP);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ firstName: null, email: null, profileImageUrl: null });
  });
});

describe('/api/login and /api/logout', () => {
  const location = async (loader: typeof loginLoader, path: string, query?: Record<string, string>) => {
    const result = await call(async () => loader(args(await proxyRequest(path, { query }))));
    expect(result.status).toBe(302);
    return result.response!.headers.get('Location');
  };

  it('send the shopper to the store’s customer login and back to My Orders (or a page under the proxy)', async () => {
    expect(await location(loginLoader, '/apps/group-order/api/login')).toBe(
      `/account/login?return_url=${encodeURIComponent('/apps/group-order/my-orders')}`,
    );
    expect(
      await location(loginLoader, '/apps/group-order/api/login', {
        return_to: '/apps/group-order/host/create',
      }),
    ).toBe(`/account/login?return_url=${encodeURIComponent('/apps/group-order/host/create')}`);
    // A return address outside the proxy is not followed.
    expect(
      await location(loginLoader, '/apps/group-order/api/login', { return_to: 'https://evil.example/' }),
    ).toBe(`/account/login?return_url=${encodeURIComponent('/apps/group-order/my-orders')}`);
  });

  it('log out through the store and come back to the create screen', async () => {
    expect(await location(logoutLoader, '/apps/group-order/api/logout')).toBe(
      `/account/logout?return_url=${encodeURIComponent('/apps/group-order/host/create')}`,
    );
  });
});

describe('My orders page with a Shopify profile', () => {
  it('shows the customer’s name, e-mail and picture, and only their orders in this shop', async () => {
    const { order } = await createTestGroupOrder({ hostCustomerId: '1001' });
    await createTestGroupOrder({ hostCustomerId: '1002' });
    await createTestGroupOrder({ hostCustomerId: '1001', shop: OTHER_SHOP });
    const result = await call(async () =>
      myOrdersPage(args(await proxyRequest('/apps/group-order/my-orders', { customerId: '1001' }))),
    );
    const data = result.body;
    expect(data.customer).toMatchObject({
      name: 'Olivia Nguyen',
      email: 'olivia.nguyen@example.com',
      imageUrl: expect.stringMatching(/^data:image/),
    });
    const orders = await data.orders;
    expect(orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(orders[0]).toMatchObject({
      code: order.code,
      total: '$0.00',
      // The simulator plays the storefront on its own origin (no primary domain stored for the shop yet).
      shareUrl: `${api.origin}/apps/group-order/join/${order.code}`,
    });
  });
});

describe('My orders: orders joined or hosted with the customer’s Shopify e-mail', () => {
  it('lists them beside the ones created while logged in, says which the customer hosts, and nobody else’s', async () => {
    // Sam (1003, sam.taylor@example.com in Shopify) created none of these while logged in.
    const { order: hosted } = await createTestGroupOrder({ hostEmail: 'sam.taylor@example.com' });
    const { order: joined } = await createTestGroupOrder({ hostEmail: 'someone@example.com' });
    await prisma.guest.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: joined.id,
        name: 'Sam',
        nameKey: 'sam',
        email: 'sam.taylor@example.com',
      },
    });
    const { order: stranger } = await createTestGroupOrder({ hostEmail: 'other@example.com' });
    await prisma.guest.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: stranger.id,
        name: 'Other',
        nameKey: 'other',
        email: 'x@example.com',
      },
    });
    const { order: elsewhere } = await createTestGroupOrder({
      hostEmail: 'sam.taylor@example.com',
      shop: OTHER_SHOP,
    });

    const page = await call(async () =>
      myOrdersPage(args(await proxyRequest('/apps/group-order/my-orders', { customerId: '1003' }))),
    );
    const cards = (await page.body.orders) as { id: number; role: string }[];
    expect(cards.map((c) => [c.id, c.role]).sort()).toEqual(
      [
        [hosted.id, 'host'],
        [joined.id, 'guest'],
      ].sort(),
    );
    const api = await call(async () =>
      myOrdersApi(args(await proxyRequest('/apps/group-order/api/my-orders', { customerId: '1003' }))),
    );
    const ids = api.body.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([hosted.id, joined.id]));
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(elsewhere.id);
  });
});

describe('GET /api/group-orders/by-email/{email} for a logged-in customer', () => {
  const lookup = async (email: string, customerId: string | null) =>
    call(async () =>
      byEmailLoader(
        args(await proxyRequest(`/apps/group-order/api/group-orders/by-email/${email}`, { customerId }), {
          email,
        }),
      ),
    );

  it('lists the orders hosted with the customer’s own Shopify e-mail (any case), and nobody else’s', async () => {
    const { order } = await createTestGroupOrder({ hostEmail: 'olivia.nguyen@example.com' });
    const own = await lookup('Olivia.Nguyen@example.com', '1001');
    expect(own.status).toBe(200);
    expect(own.body.map((o: { id: number }) => o.id)).toContain(order.id);
    // Logged in as someone else, or not at all: the same empty answer.
    expect((await lookup('olivia.nguyen@example.com', '1003')).body).toEqual([]);
    expect((await lookup('olivia.nguyen@example.com', null)).body).toEqual([]);
  });
});
