import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { args, call, OTHER_SHOP, TEST_SHOP, type Answer } from '../../test/support/requests';
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

  it('shows the six figures from this shop only, revenue from submitted orders only', async () => {
    const { status, body } = await loadSigned();
    expect(status).toBe(200);
    // The 23 open orders hold 230.00 in carts: not revenue until submitted (issue 27).
    expect(body.stats).toMatchObject({
      total: 24,
      active: 23,
      submitted: 1,
      revenueCents: 1920,
      today: 24,
      averageCents: 1920,
    });
  });

  it('warns the merchant when visitors near or reach the hourly ceiling of new orders, and not before', async () => {
    const { consumeOrRefuse } = await import('~/models/limits/rateLimits.server');
    const { LIMITS } = await import('~/models/limits/rateLimitBudgets');
    const ceiling = LIMITS.ordersPerShop.points;
    try {
      expect((await loadSigned()).body.orderBudget).toMatchObject({ warn: false, ceiling });
      await consumeOrRefuse('ordersPerShop', TEST_SHOP, Math.ceil(ceiling * 0.8));
      expect((await loadSigned()).body.orderBudget).toMatchObject({
        warn: true,
        started: Math.ceil(ceiling * 0.8),
        refusedToday: 0,
      });
      await consumeOrRefuse('ordersRefusedPerShop', TEST_SHOP, 3);
      expect((await loadSigned()).body.orderBudget).toMatchObject({ warn: true, refusedToday: 3 });
      // Another shop's counters are its own.
      await prisma.rateLimiterFlexible.deleteMany({ where: { key: { endsWith: `:${TEST_SHOP}` } } });
      await consumeOrRefuse('ordersPerShop', OTHER_SHOP, ceiling);
      expect((await loadSigned()).body.orderBudget).toMatchObject({ warn: false, started: 0 });
    } finally {
      await prisma.rateLimiterFlexible.deleteMany();
    }
  });

  it('pages the Active Orders tab, 20 at a time', async () => {
    const first = (await loadSigned()).body.list;
    expect(first).toMatchObject({ tab: 'active', page: 1, hasNext: true, hasPrevious: false });
    expect(first.orders).toHaveLength(20);
    expect(first.orders.every((o: Answer) => o.status === 'active')).toBe(true);
    const second = (await loadSigned('?tab=active&page=2')).body.list;
    expect(second.orders).toHaveLength(3);
    expect(second).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it('lists submitted orders with their Shopify hand-off state and draft-order link', async () => {
    const { orders } = (await loadSigned('?tab=submitted')).body.list;
    expect(orders.map((o: Answer) => o.code)).toEqual([submitted.code]);
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
    expect(orders.map((o: Answer) => o.id)).toEqual([submitted.id]);
  });

  it("search finds a guest's name, across all tabs when no tab is asked for, in this shop only", async () => {
    const guest = await prisma.guest.create({
      data: { shop: TEST_SHOP, groupOrderId: submitted.id, name: 'Philippa Quintessence', nameKey: 'pq' },
    });
    const theirs = await prisma.guest.create({
      data: { shop: OTHER_SHOP, groupOrderId: foreign.id, name: 'Marco Foreign', nameKey: 'mf' },
    });
    try {
      for (const term of ['quintess', 'marco']) {
        const { list } = (await loadSigned(`?q=${term}`)).body;
        expect(list.tab).toBe('all');
        expect(list.orders.map((o: Answer) => o.id)).toEqual([submitted.id]);
      }
      // A tab asked for still narrows the search.
      expect((await loadSigned('?tab=active&q=marco')).body.list.orders).toEqual([]);
    } finally {
      await prisma.guest.deleteMany({ where: { id: { in: [guest.id, theirs.id] } } });
    }
  });

  it('search finds nothing for an unknown term', async () => {
    const { orders } = (await loadSigned('?tab=submitted&q=nobody-here')).body.list;
    expect(orders).toEqual([]);
  });

  it('opens one order with its guests, items, modifiers, notes and totals', async () => {
    const { detail } = (await loadSigned(`?tab=submitted&order=${submitted.id}`)).body;
    expect(detail.code).toBe(submitted.code);
    expect(detail.guests.map((g: Answer) => [g.guestName, g.totalCents])).toEqual([
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

describe('Retry now', () => {
  const post = async (form: Record<string, string>) =>
    call(async () => action(args(await adminRequest('/app?index', { form }))));
  const outbox = (id: number) => prisma.outboxMessage.findUniqueOrThrow({ where: { id } });

  it('is offered for a hand-off whose worker died mid-send, and re-arms it for this shop only', async () => {
    const { order: stuck } = await createTestGroupOrder({
      companyName: 'Initech',
      status: 'submitted',
      submittedAt: new Date(),
      shopifyState: 'pending',
    });
    const message = await prisma.outboxMessage.create({
      data: {
        shop: TEST_SHOP,
        kind: 'shopify.draftOrder',
        payload: JSON.stringify({ groupOrderId: stuck.id }),
        dedupeKey: `draft-order:${stuck.id}`,
        status: 'sending',
        attempts: 1,
        claimToken: 'live-worker',
        leaseUntil: new Date(Date.now() + 60_000),
      },
    });
    const row = async () =>
      (await loadSigned('?tab=submitted')).body.list.orders.find((o: { id: number }) => o.id === stuck.id);

    // A worker holds a live claim: it is being sent, so no retry is offered and none is accepted.
    expect((await row()).shopify.retryable).toBe(false);
    const busy = await post({ intent: 'retry-shopify', id: String(stuck.id) });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('This order is being sent to Shopify right now.');
    expect(await outbox(message.id)).toMatchObject({ status: 'sending', claimToken: 'live-worker' });

    // The worker died: its lease ran out and the order still waits.
    await prisma.outboxMessage.update({
      where: { id: message.id },
      data: { leaseUntil: new Date(Date.now() - 1000) },
    });
    expect((await row()).shopify).toMatchObject({ state: 'pending', retryable: true });
    const detail = (await loadSigned(`?tab=submitted&order=${stuck.id}`)).body.detail;
    expect(detail.shopify.retryable).toBe(true);

    // Another shop's order by id: not found, nothing changes.
    expect((await post({ intent: 'retry-shopify', id: String(foreign.id) })).status).toBe(404);
    expect(await outbox(message.id)).toMatchObject({ status: 'sending', claimToken: 'live-worker' });

    const retried = await post({ intent: 'retry-shopify', id: String(stuck.id) });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ ok: true, message: 'Sending to Shopify again' });
    expect(await outbox(message.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      claimToken: null,
      leaseUntil: null,
    });
    expect((await row()).shopify.retryable).toBe(false);
  });

  it('re-arms an e-mail the outbox gave up on, listed for its own shop only', async () => {
    const failed = (shop: string, to: string) =>
      prisma.outboxMessage.create({
        data: {
          shop,
          kind: 'email',
          payload: JSON.stringify({ to, subject: 'You are invited', text: 'Hi' }),
          status: 'failed',
          attempts: 8,
          lastError: '550 Mailbox unavailable',
        },
      });
    const ours = await failed(TEST_SHOP, 'sam@example.com');
    const theirs = await failed(OTHER_SHOP, 'kim@example.com');

    const listed = (await loadSigned()).body.undeliveredEmails;
    expect(listed).toEqual([
      expect.objectContaining({
        id: ours.id,
        to: 'sam@example.com',
        subject: 'You are invited',
        error: '550 Mailbox unavailable',
      }),
    ]);

    const foreignRetry = await post({ intent: 'retry-email', messageId: String(theirs.id) });
    expect(foreignRetry.status).toBe(404);
    expect(await outbox(theirs.id)).toMatchObject({ status: 'failed', attempts: 8 });

    const retried = await post({ intent: 'retry-email', messageId: String(ours.id) });
    expect(retried.status).toBe(200);
    expect(await outbox(ours.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect((await loadSigned()).body.undeliveredEmails).toEqual([]);
  });

  it('answers 400 to a form it cannot use', async () => {
    for (const form of <Record<string, string>[]>[
      { intent: 'retry-email', messageId: 'abc' },
      { intent: 'retry-shopify', id: '-1' },
      { intent: 'delete-everything', id: '1' },
    ]) {
      const result = await post(form);
      expect(result.status, JSON.stringify(form)).toBe(400);
    }
  });
});
