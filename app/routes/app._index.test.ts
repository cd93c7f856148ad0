import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { args, call, OTHER_SHOP, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './app._index';

let submitted: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let foreign: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];

beforeAll(async () => {
  const menu = await seedMenu();
  await seedMenu(OTHER_SHOP);
  for (let i = 0; i < 23; i++) {
    await createTestGroupOrder({ companyName: `Filler ${i}`, hostName: `Host ${i}`, totalCents: 1000 });
  }
  ({ order: submitted } = await createTestGroupOrder({
    name: 'Board meeting',
    companyName: 'Globex Corporation',
    hostName: 'Priya Patel',
    hostEmail: 'Priya.Patel@globex.example',
    status: 'submitted',
    submittedAt: new Date(),
    totalCents: 1920,
    totalItems: 3,
    participantCount: 2,
    shopifyState: 'sent',
    shopifyDraftOrderId: 'gid://shopify/DraftOrder/1100000042',
    shopifyDraftOrderName: '#D42',
  }));
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  await prisma.orderItem.createMany({
    data: [
      {
        guestName: 'Priya',
        quantity: 2,
        mods: [{ id: 1, name: 'Oat', type: 'milk', priceDeltaCents: 80 }],
        note: 'Extra hot',
      },
      { guestName: 'Marco', quantity: 1, mods: [], note: null },
    ].map((g, i) => ({
      shop: TEST_SHOP,
      groupOrderId: submitted.id,
      guestName: g.guestName,
      menuItemId: flatWhite.id,
      menuItemName: 'Flat White',
      quantity: g.quantity,
      selectedModifiers: JSON.stringify(g.mods),
      specialInstructions: g.note,
      unitPriceCents: 640,
      totalCents: 640 * g.quantity,
      confirmationKey: `k${i}`,
    })),
  });
  ({ order: foreign } = await createTestGroupOrder({
    shop: OTHER_SHOP,
    companyName: 'Globex Corporation',
    status: 'submitted',
  }));
});

const loadSigned = async (query = '') => call(async () => loader(args(await adminRequest(`/app${query}`))));

describe('admin dashboard loader', () => {
  it('refuses a request without a session token', async () => {
    const result = await call(() => loader(args(new Request('https://my-test-app.myshopify.io/app'))));
    expect(result.status).toBeGreaterThanOrEqual(300);
  });

  it('shows the six figures from this shop only', async () => {
    const { status, body } = await loadSigned();
    expect(status).toBe(200);
    expect(body.stats).toMatchObject({
      total: 24,
      active: 23,
      submitted: 1,
      revenueCents: 23 * 1000 + 1920,
      today: 24,
    });
    expect(body.stats.averageCents).toBe(Math.round((23 * 1000 + 1920) / 24));
  });

  it('pages the Active Orders tab, 20 at a time', async () => {
    const first = (await loadSigned()).body.list;
    expect(first).toMatchObject({ tab: 'active', page: 1, hasNext: true, hasPrevious: false });
    expect(first.orders).toHaveLength(20);
    expect(first.orders.every((o: any) => o.status === 'active')).toBe(true);
    const second = (await loadSigned('?tab=active&page=2')).body.list;
    expect(second.orders).toHaveLength(3);
    expect(second).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it('lists submitted orders with their Shopify hand-off state and draft-order link', async () => {
    const { orders } = (await loadSigned('?tab=submitted')).body.list;
    expect(orders.map((o: any) => o.code)).toEqual([submitted.code]);
    expect(orders[0].shopify).toMatchObject({
      state: 'sent',
      draftOrderName: '#D42',
      draftOrderUrl: 'https://admin.shopify.com/store/test-shop/draft_orders/1100000042',
    });
    expect(orders[0].hostDashboardUrl).toBe(
      `https://${TEST_SHOP}/apps/group-order/host/dashboard/${submitted.id}`,
    );
  });

  it.each([
    ['code, any case', () => submitted.code.toLowerCase()],
    ['company', () => 'globex'],
    ['host name', () => 'priya pat'],
    ['host e-mail', () => 'priya.patel@GLOBEX'],
    ['group name', () => 'board'],
  ])('search finds the order by %s', async (_what, term) => {
    const { orders } = (await loadSigned(`?tab=submitted&q=${encodeURIComponent(term())}`)).body.list;
    expect(orders.map((o: any) => o.id)).toEqual([submitted.id]);
  });

  it('search finds nothing for an unknown term', async () => {
    const { orders } = (await loadSigned('?tab=submitted&q=nobody-here')).body.list;
    expect(orders).toEqual([]);
  });

  it('opens one order with its guests, items, modifiers, notes and totals', async () => {
    const { detail } = (await loadSigned(`?tab=submitted&order=${submitted.id}`)).body;
    expect(detail.code).toBe(submitted.code);
    expect(detail.guests.map((g: any) => [g.guestName, g.totalCents])).toEqual([
      ['Priya', 1280],
      ['Marco', 640],
    ]);
    expect(detail.guests[0].items[0]).toMatchObject({ name: 'Flat White', quantity: 2, modifiers: ['Oat'] });
    // One note per guest, on the guest rather than repeated under each item.
    expect(detail.guests[0].specialInstructions).toBe('Extra hot');
  });

  it("finds nothing for another shop's order, by id or by search", async () => {
    const { body } = await loadSigned(`?tab=submitted&order=${foreign.id}`);
    expect(body.detail).toBeNull();
    const other = (await loadSigned(`?tab=submitted&q=${foreign.code}`)).body.list.orders;
    expect(other).toEqual([]);
  });
});

describe('sending a failed hand-off again', () => {
  it('queues the draft-order sync for a submitted order of this shop only', async () => {
    await prisma.groupOrder.update({
      where: { id: submitted.id },
      data: { shopifyState: 'failed', shopifyError: 'Email is invalid' },
    });
    const retry = async (id: number) =>
      call(async () =>
        action(args(await adminRequest('/app?index', { form: { intent: 'retry-shopify', id: String(id) } }))),
      );
    expect((await retry(foreign.id)).status).toBe(404);
    expect(await prisma.outboxMessage.count({ where: { kind: 'shopify.draftOrder' } })).toBe(0);

    const result = await retry(submitted.id);
    expect(result.body).toMatchObject({ ok: true });
    expect(await prisma.groupOrder.findUniqueOrThrow({ where: { id: submitted.id } })).toMatchObject({
      shopifyState: 'pending',
      shopifyError: null,
    });
    const message = await prisma.outboxMessage.findFirstOrThrow({ where: { kind: 'shopify.draftOrder' } });
    expect(message).toMatchObject({
      shop: TEST_SHOP,
      status: 'pending',
      dedupeKey: `draft-order:${submitted.id}`,
    });
  });
});
