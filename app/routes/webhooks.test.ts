import { existsSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import prisma from '~/db.server';
import { sessionStorage } from '~/shopify.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, TEST_SHOP, type Answer } from '../../test/support/requests';
import { webhook } from '../../test/support/webhooks';
import { action as uninstalled } from './webhooks.app.uninstalled';
import { action as scopesUpdate } from './webhooks.app.scopes_update';
import { action as dataRequest } from './webhooks.customers.data_request';
import { action as customersRedact } from './webhooks.customers.redact';
import { action as shopRedact } from './webhooks.shop.redact';

async function seedCustomerData(shop: string) {
  const menu = await seedMenu(shop);
  const { order } = await createTestGroupOrder({
    shop,
    hostName: 'Olivia Nguyen',
    hostEmail: 'Olivia.Nguyen@example.com',
    hostInitials: 'ON',
    instructions: 'Call Olivia on arrival',
  });
  const { order: other } = await createTestGroupOrder({
    shop,
    hostName: 'Sam',
    hostEmail: 'sam@example.com',
  });
  await prisma.orderItem.createMany({
    data: [
      {
        guestName: 'Olivia',
        guestEmail: 'olivia.nguyen@example.com',
        specialInstructions: 'No sugar, allergic',
      },
      { guestName: 'James', guestEmail: 'james@example.com', specialInstructions: 'Extra hot' },
    ].map((guest, i) => ({
      ...guest,
      shop,
      groupOrderId: other.id,
      menuItemId: menu[0].id,
      menuItemName: menu[0].name,
      quantity: 1,
      unitPriceCents: 520,
      totalCents: 520,
      confirmationKey: `k${i}`,
    })),
  });
  await prisma.usualOrder.create({
    data: { shop, email: 'olivia.nguyen@example.com', name: 'Olivia', items: '[]', avoids: 'milk' },
  });
  return { order, other };
}

/** The database as a copy of its files would show it: main file plus write-ahead log, as raw bytes. */
function rawDatabase() {
  const file = process.env.DATABASE_URL!.replace(/^file:/, '');
  return [file, `${file}-wal`]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString('latin1'))
    .join('')
    .toLowerCase();
}

beforeEach(async () => {
  await prisma.webhookReceipt.deleteMany();
  await prisma.usualOrder.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.groupOrder.deleteMany();
});

describe('webhook signatures', () => {
  it.each([
    ['app/uninstalled', uninstalled],
    ['app/scopes_update', scopesUpdate],
    ['customers/data_request', dataRequest],
    ['customers/redact', customersRedact],
    ['shop/redact', shopRedact],
  ] as const)('%s answers 401 to a wrong or missing HMAC and changes nothing', async (topic, action) => {
    await seedMenu();
    const payload = { customer: { email: 'olivia.nguyen@example.com' }, current: ['read_products'] };
    const forged = webhook(topic, payload, { secret: 'not-the-app-secret' });
    expect((await call(() => action(args(forged)))).status).toBe(401);
    const unsigned = webhook(topic, payload);
    unsigned.headers.delete('X-Shopify-Hmac-Sha256');
    expect((await call(() => action(args(unsigned)))).status).toBe(401);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
    expect(await prisma.menuItem.count({ where: { shop: TEST_SHOP } })).toBeGreaterThan(0);
    expect(await prisma.webhookReceipt.count()).toBe(0);
  });
});

describe('app/uninstalled and app/scopes_update', () => {
  it('removes the shop’s sessions and only those, once per delivery', async () => {
    await seedMenu();
    await seedMenu(OTHER_SHOP);
    const delivery = webhook(
      'app/uninstalled',
      { id: 1, domain: TEST_SHOP, myshopify_domain: TEST_SHOP },
      { id: 'w-1' },
    );
    expect((await call(() => uninstalled(args(delivery.clone())))).status).toBe(200);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    expect((await call(() => uninstalled(args(delivery)))).status).toBe(200);
    expect(await prisma.webhookReceipt.count({ where: { id: 'w-1' } })).toBe(1);
  });

  it('leaves no cached session behind: the storefront check sees the uninstall at once', async () => {
    await seedMenu();
    await seedMenu(OTHER_SHOP);
    // Both shops' sessions read once, so this process holds them in its short cache.
    expect((await sessionStorage.loadSession(`offline_${TEST_SHOP}`))?.shop).toBe(TEST_SHOP);
    expect((await sessionStorage.loadSession(`offline_${OTHER_SHOP}`))?.shop).toBe(OTHER_SHOP);
    const delivery = webhook('app/uninstalled', { id: 1, domain: TEST_SHOP, myshopify_domain: TEST_SHOP });
    expect((await call(() => uninstalled(args(delivery)))).status).toBe(200);
    expect(await sessionStorage.loadSession(`offline_${TEST_SHOP}`)).toBeUndefined();
    expect((await sessionStorage.loadSession(`offline_${OTHER_SHOP}`))?.shop).toBe(OTHER_SHOP);
  });

  it('stores the scopes the merchant granted', async () => {
    await seedMenu();
    const delivery = webhook('app/scopes_update', {
      id: 1,
      previous: ['read_products'],
      current: ['read_products', 'write_draft_orders'],
    });
    expect((await call(() => scopesUpdate(args(delivery)))).status).toBe(200);
    const session = await prisma.session.findFirstOrThrow({ where: { shop: TEST_SHOP } });
    expect(session.scope).toBe('read_products,write_draft_orders');
  });
});

describe('customers/data_request', () => {
  it('returns what the app holds about the customer, and nothing about others', async () => {
    const { order } = await seedCustomerData(TEST_SHOP);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const result = await call(() =>
      dataRequest(
        args(
          webhook('customers/data_request', {
            shop_domain: TEST_SHOP,
            customer: { id: 1001, email: 'olivia.nguyen@example.com' },
            orders_requested: [],
            data_request: { id: 9999 },
          }),
        ),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.body.hostedGroupOrders).toEqual([
      expect.objectContaining({ code: order.code, hostName: 'Olivia Nguyen' }),
    ]);
    expect(result.body.orderedItems).toEqual([
      expect.objectContaining({ guestName: 'Olivia', specialInstructions: 'No sugar, allergic' }),
    ]);
    expect(result.body.usualOrders).toEqual([expect.objectContaining({ avoids: 'milk' })]);
    expect(JSON.stringify(result.body)).not.toContain('james@example.com');
    expect(info).toHaveBeenCalledWith(expect.stringContaining('9999'));
    info.mockRestore();
  });
});

describe('customers/redact', () => {
  it('erases the customer’s names, e-mails and notes in this shop only, and deletes their usual order', async () => {
    const { order, other } = await seedCustomerData(TEST_SHOP);
    const { order: elsewhere } = await seedCustomerData(OTHER_SHOP);
    await prisma.invitation.create({
      data: { shop: TEST_SHOP, groupOrderId: other.id, email: 'olivia.nguyen@example.com', requestKey: 'k' },
    });
    // The guest row (issue 11) holds her name, e-mail and one note too.
    await prisma.guest.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: other.id,
        name: 'Olivia',
        nameKey: 'olivia',
        email: 'olivia.nguyen@example.com',
        specialInstructions: 'No sugar, allergic',
        // What she avoids (issue 26) is health data: erased with the rest.
        avoids: 'milk,lupin',
        tokens: { create: { tokenHash: 'a'.repeat(64) } },
      },
    });
    const delivery = webhook('customers/redact', {
      shop_domain: TEST_SHOP,
      customer: { id: 1001, email: 'olivia.nguyen@example.com' },
      orders_to_redact: [],
    });
    expect((await call(() => customersRedact(args(delivery.clone())))).status).toBe(200);

    const hosted = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(hosted).toMatchObject({
      hostName: 'Redacted',
      hostEmail: 'redacted@redacted.invalid',
      hostInitials: null,
      instructions: null,
    });
    const items = await prisma.orderItem.findMany({
      where: { groupOrderId: other.id },
      orderBy: { id: 'asc' },
    });
    expect(items[0]).toMatchObject({ guestName: 'Redacted', guestEmail: null, specialInstructions: null });
    expect(items[1]).toMatchObject({
      guestName: 'James',
      guestEmail: 'james@example.com',
      specialInstructions: 'Extra hot',
    });
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: other.id } })).hostName).toBe('Sam');
    expect(await prisma.usualOrder.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.invitation.count({ where: { shop: TEST_SHOP } })).toBe(0);

    const dump = JSON.stringify(
      await prisma.groupOrder.findMany({
        where: { shop: TEST_SHOP },
        include: { items: true, guests: { include: { tokens: true } } },
      }),
    );
    expect(dump.toLowerCase()).not.toContain('olivia');
    expect(dump).not.toContain('allergic');
    expect(dump).not.toContain('lupin');
    expect(await prisma.guestToken.count({ where: { guest: { groupOrderId: other.id } } })).toBe(0);

    // The other shop's customer of the same e-mail is not this shop's to erase.
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: elsewhere.id } })).hostName).toBe(
      'Olivia Nguyen',
    );
    expect(await prisma.usualOrder.count({ where: { shop: OTHER_SHOP } })).toBe(1);

    // A redelivery is harmless.
    expect((await call(() => customersRedact(args(delivery)))).status).toBe(200);
  });

  // The embedded SQLite file only: on PostgreSQL the server owns the storage (docs/deploying.md: erasure there).
  it.skipIf(process.env.DATABASE_URL!.startsWith('postgres'))(
    'leaves no copy of the erased values in the database file or its write-ahead log',
    async () => {
      await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
      const menu = await seedMenu();
      const { order } = await createTestGroupOrder({
        hostName: 'Zelda Quimby',
        hostEmail: 'zelda.quimby@example.com',
        instructions: 'Zelda is allergic to peanuts',
      });
      await prisma.orderItem.create({
        data: {
          shop: TEST_SHOP,
          groupOrderId: order.id,
          guestName: 'Zelda Quimby',
          guestEmail: 'zelda.quimby@example.com',
          specialInstructions: 'Quimby-strength, please',
          menuItemId: menu[0].id,
          menuItemName: menu[0].name,
          quantity: 1,
          unitPriceCents: 520,
          totalCents: 520,
          confirmationKey: 'zq',
        },
      });
      await prisma.usualOrder.create({
        data: { shop: TEST_SHOP, email: 'zelda.quimby@example.com', name: 'Zelda', items: '[]' },
      });
      expect(rawDatabase()).toContain('zelda.quimby@example.com');

      const delivery = webhook('customers/redact', {
        shop_domain: TEST_SHOP,
        customer: { email: 'zelda.quimby@example.com' },
      });
      expect((await call(() => customersRedact(args(delivery)))).status).toBe(200);
      expect(rawDatabase()).not.toContain('zelda.quimby@example.com');
      expect(rawDatabase()).not.toContain('peanuts');
      expect(rawDatabase()).not.toContain('quimby-strength');
    },
  );
});

describe('shop/redact', () => {
  it('deletes every row of the shop and leaves other shops alone', async () => {
    await seedCustomerData(TEST_SHOP);
    await seedCustomerData(OTHER_SHOP);
    const delivery = webhook('shop/redact', { shop_id: 1, shop_domain: TEST_SHOP });
    expect((await call(() => shopRedact(args(delivery)))).status).toBe(200);
    for (const model of [
      'session',
      'shopSettings',
      'menuItem',
      'modifierGroup',
      'modifier',
      'menuVersion',
      'groupOrder',
      'orderItem',
      'usualOrder',
    ] as const) {
      expect(await (prisma[model] as Answer).count({ where: { shop: TEST_SHOP } }), model).toBe(0);
      expect(await (prisma[model] as Answer).count({ where: { shop: OTHER_SHOP } }), model).toBeGreaterThan(
        0,
      );
    }
  });
});

/** Genuine bodies as Shopify documents them for each topic, for the given shop. */
const bodies = {
  'customers/data_request': (shop: string) => ({
    shop_id: 954889,
    shop_domain: shop,
    orders_requested: [],
    customer: { id: 1001, email: 'olivia.nguyen@example.com', phone: null },
    data_request: { id: 9999 },
  }),
  'customers/redact': (shop: string) => ({
    shop_id: 954889,
    shop_domain: shop,
    customer: { id: 1001, email: 'olivia.nguyen@example.com', phone: null },
    orders_to_redact: [],
  }),
  'shop/redact': (shop: string) => ({ shop_id: 954889, shop_domain: shop }),
};
const complianceRoutes = [
  ['customers/data_request', dataRequest],
  ['customers/redact', customersRedact],
  ['shop/redact', shopRedact],
] as const;

/** Everything seedCustomerData wrote for both shops, to show that a refused delivery touched nothing. */
async function snapshot() {
  const [orders, items, usual, menu, sessions, receipts] = await Promise.all([
    prisma.groupOrder.findMany({ orderBy: { id: 'asc' } }),
    prisma.orderItem.findMany({ orderBy: { id: 'asc' } }),
    prisma.usualOrder.findMany({ orderBy: { id: 'asc' } }),
    prisma.menuItem.count(),
    prisma.session.findMany({ orderBy: { id: 'asc' } }),
    prisma.webhookReceipt.count(),
  ]);
  return JSON.stringify({ orders, items, usual, menu, sessions, receipts }, (_k, v) =>
    typeof v === 'bigint' ? String(v) : v,
  );
}

describe('webhooks act only on the shop and topic their signed body names', () => {
  it.each(complianceRoutes)(
    '%s refuses a genuine body for another shop sent with this shop’s header, and deletes nothing',
    async (topic, action) => {
      await seedCustomerData(TEST_SHOP);
      await seedCustomerData(OTHER_SHOP);
      const before = await snapshot();
      const replay = webhook(topic, bodies[topic](OTHER_SHOP), { shop: TEST_SHOP });
      const response = await call(() => action(args(replay)));
      expect(response.status).toBe(401);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(
    complianceRoutes.flatMap(([route, action]) =>
      (Object.keys(bodies) as (keyof typeof bodies)[])
        // A shop/redact body names no customer, which the customer routes always refused.
        .filter((other) => other !== route && other !== 'shop/redact')
        .map((other) => [route, other, action] as const),
    ),
  )('%s refuses a %s body for the same shop, and deletes nothing', async (route, other, action) => {
    await seedCustomerData(TEST_SHOP);
    await seedCustomerData(OTHER_SHOP);
    const before = await snapshot();
    // The attacker controls the unsigned headers, so they name the route's own topic and shop.
    const misdirected = webhook(route, bodies[other](TEST_SHOP));
    const response = await call(() => action(args(misdirected)));
    expect(response.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it.each(complianceRoutes)(
    '%s refuses a delivery whose topic header names another topic',
    async (route, action) => {
      await seedCustomerData(TEST_SHOP);
      const before = await snapshot();
      const topicHeader = route === 'shop/redact' ? 'customers/redact' : 'shop/redact';
      const response = await call(() =>
        action(args(webhook(route, bodies[route](TEST_SHOP), { topicHeader }))),
      );
      expect(response.status).toBe(400);
      expect(await snapshot()).toBe(before);
    },
  );

  it('app/uninstalled refuses a shop object of another shop and keeps this shop’s sessions', async () => {
    await seedMenu();
    await seedMenu(OTHER_SHOP);
    const before = await snapshot();
    const replay = webhook(
      'app/uninstalled',
      { id: 2, domain: OTHER_SHOP, myshopify_domain: OTHER_SHOP },
      { shop: TEST_SHOP },
    );
    expect((await call(() => uninstalled(args(replay)))).status).toBe(401);
    const misdirected = webhook('app/uninstalled', bodies['shop/redact'](TEST_SHOP));
    expect((await call(() => uninstalled(args(misdirected)))).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('app/scopes_update refuses a body of another topic', async () => {
    await seedMenu();
    const before = await snapshot();
    const misdirected = webhook('app/scopes_update', {
      ...bodies['shop/redact'](TEST_SHOP),
      previous: [],
      current: [],
    });
    expect((await call(() => scopesUpdate(args(misdirected)))).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});
