import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// The real Admin API client talks HTTP to the simulated Admin API (the only fake), so the payload Shopify
// would receive and the error shapes it would answer with are exercised end to end.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { syncDraftOrder } = await import('./draftOrderSync.server');
const { processOutboxOnce } = await import('./outbox.server');
const { queueDraftOrderSync } = await import('./handoff.server');
await import('./outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;

async function submittedOrder(overrides: Record<string, unknown> = {}) {
  const menu = await seedMenu();
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
  const { order } = await createTestGroupOrder({
    status: 'submitted',
    submittedAt: new Date(),
    instructions: 'Please label the cups',
    pickupAt: new Date('2026-11-23T22:30:00Z'),
    ...overrides,
  });
  await prisma.orderItem.createMany({
    data: [
      {
        shop: TEST_SHOP,
        groupOrderId: order.id,
        guestName: 'Olivia',
        guestInitials: 'ON',
        menuItemId: flatWhite.id,
        menuItemName: 'Flat White',
        quantity: 2,
        selectedModifiers: JSON.stringify([
          { id: 1, name: 'Large', type: 'size', priceDeltaCents: 100 },
          { id: 2, name: 'Oat', type: 'milk', priceDeltaCents: 80 },
        ]),
        specialInstructions: 'Extra hot',
        unitPriceCents: 700,
        totalCents: 1400,
        confirmationKey: 'k1',
      },
      {
        shop: TEST_SHOP,
        groupOrderId: order.id,
        guestName: 'James',
        menuItemId: croissant.id,
        menuItemName: 'Almond Croissant',
        quantity: 1,
        unitPriceCents: 700,
        totalCents: 700,
        confirmationKey: 'k2',
      },
    ],
  });
  await prisma.groupOrder.update({
    where: { id: order.id },
    data: { totalCents: 2100, totalItems: 3, participantCount: 2 },
  });
  await prisma.$transaction((tx) => queueDraftOrderSync(tx, TEST_SHOP, order.id));
  return order;
}

let clock = 0;
/** Runs the outbox as the worker would, jumping the clock past any backoff. */
async function deliver(times = 1) {
  for (let i = 0; i < times; i++) {
    clock += 1;
    await processOutboxOnce({ now: new Date(Date.now() + clock * 3_600_000), kinds: ['shopify.draftOrder'] });
  }
}

/** Makes the next request that runs `operation` fail the given way (earlier requests go through). */
function failOn(operation: string, kind: string) {
  const original = sim.handle;
  sim.handle = (shop: string, body: unknown, headers: unknown) => {
    if (String(body).includes(operation)) {
      sim.handle = original;
      sim.failNext(kind);
    }
    return original(shop, body, headers);
  };
}

const mine = () => sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP);

beforeEach(async () => {
  sim.reset();
  await prisma.outboxMessage.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.groupOrder.deleteMany();
});

describe('Shopify draft-order hand-off', () => {
  it('creates one draft order with custom lines, guest attributes, note, tags, e-mail and pickup details', async () => {
    const order = await submittedOrder();
    await deliver();

    expect(mine()).toHaveLength(1);
    const draft = mine()[0];
    expect(draft.email).toBe('hannah@example.com');
    expect(draft.note).toBe('Please label the cups');
    expect(draft.tags).toEqual(
      expect.arrayContaining(['group-order', `group-order-${order.code}`, 'pay-in-store']),
    );
    expect(draft.lineItems.map((l: Answer) => [l.title, l.quantity, l.unitPrice, l.custom])).toEqual([
      ['Flat White — Large, Oat', 2, 700, true],
      ['Almond Croissant', 1, 700, true],
    ]);
    expect(draft.lineItems[0].customAttributes).toEqual([
      { key: 'Guest', value: 'Olivia' },
      { key: 'Initials', value: 'ON' },
      { key: 'Modifiers', value: 'Large, Oat' },
      { key: 'Notes', value: 'Extra hot' },
    ]);
    expect(draft.shippingLine.title).toMatch(/^Pickup — /);
    const attrs = Object.fromEntries(draft.customAttributes.map((a: Answer) => [a.key, a.value]));
    expect(attrs).toMatchObject({
      'Group order code': order.code,
      'Pickup date': '2026-11-24',
      'Pickup time': '09:30',
      'Payment method': 'Pay in Store (Credit Card)',
    });

    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved).toMatchObject({
      shopifyState: 'sent',
      shopifyDraftOrderId: draft.id,
      shopifyDraftOrderName: draft.name,
    });
    expect(saved.shopifyInvoiceUrl).toBe(draft.invoiceUrl);
    expect(sim.state.invoicesSent).toHaveLength(0);
  });

  it("sends a line's own note on that line only (Item note) and the guest's note once (Notes)", async () => {
    const order = await submittedOrder();
    await prisma.orderItem.deleteMany({ where: { groupOrderId: order.id } });
    const menu = await prisma.menuItem.findMany({ where: { shop: TEST_SHOP } });
    const guest = await prisma.guest.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: order.id,
        name: 'Ana',
        nameKey: 'ana',
        specialInstructions: 'Call me at the door',
      },
    });
    const line = (name: string, note: string | null, key: string) => ({
      shop: TEST_SHOP,
      groupOrderId: order.id,
      guestId: guest.id,
      guestName: 'Ana',
      menuItemId: menu.find((m) => m.name === name)!.id,
      menuItemName: name,
      quantity: 1,
      specialInstructions: note,
      unitPriceCents: 500,
      totalCents: 500,
      confirmationKey: key,
    });
    await prisma.orderItem.createMany({
      data: [line('Flat White', null, 'a1'), line('Almond Croissant', 'heated', 'a2')],
    });
    await deliver();
    expect(mine()[0].lineItems.map((l: Answer) => l.customAttributes)).toEqual([
      [
        { key: 'Guest', value: 'Ana' },
        { key: 'Notes', value: 'Call me at the door' },
      ],
      [
        { key: 'Guest', value: 'Ana' },
        { key: 'Item note', value: 'heated' },
      ],
    ]);
  });

  it('links lines of imported items to their product variant', async () => {
    const order = await submittedOrder();
    const variant = sim.shop(TEST_SHOP).products[0].variants[0];
    await prisma.menuItem.updateMany({
      where: { shop: TEST_SHOP, name: 'Flat White' },
      data: { shopifyVariantId: variant.id, shopifyProductId: variant.productId },
    });
    await deliver();
    const line = mine()[0].lineItems[0];
    expect(line).toMatchObject({ custom: false, variantId: variant.id, unitPrice: 700, quantity: 2 });
    expect(line.customAttributes[0]).toEqual({ key: 'Guest', value: 'Olivia' });
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyState).toBe(
      'sent',
    );
  });

  it.each(['http500', 'throttled', 'network'] as const)(
    'retries after %s and then creates exactly one draft',
    async (kind) => {
      const order = await submittedOrder();
      failOn('draftOrderCreate', kind);
      await deliver();
      expect(mine()).toHaveLength(0);
      const pending = await prisma.outboxMessage.findFirstOrThrow({ where: { kind: 'shopify.draftOrder' } });
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyState).toBe(
        'pending',
      );

      await deliver();
      expect(mine()).toHaveLength(1);
      expect(
        await prisma.outboxMessage.findFirstOrThrow({ where: { kind: 'shopify.draftOrder' } }),
      ).toMatchObject({
        status: 'sent',
        attempts: 2,
      });
      expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyState).toBe(
        'sent',
      );
    },
  );

  it('does not duplicate when Shopify created the draft but the response was lost', async () => {
    const order = await submittedOrder();
    failOn('draftOrderCreate', 'lostResponse');
    await deliver();
    expect(mine()).toHaveLength(1); // created on Shopify, but the app never heard back
    expect(
      (await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyDraftOrderId,
    ).toBeNull();

    await deliver();
    expect(mine()).toHaveLength(1);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.shopifyDraftOrderId).toBe(mine()[0].id);
    expect(saved.shopifyState).toBe('sent');
    expect(sim.state.calls.filter((c: Answer) => c.rootFields.includes('draftOrderCreate'))).toHaveLength(1);
  });

  it('updates the same draft when the order is reopened, changed and submitted again', async () => {
    const order = await submittedOrder();
    await deliver();
    const first = mine()[0];

    await prisma.groupOrder.update({ where: { id: order.id }, data: { status: 'active' } });
    await prisma.orderItem.deleteMany({ where: { groupOrderId: order.id, guestName: 'James' } });
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', instructions: 'Ring the bell' },
    });
    await prisma.$transaction((tx) => queueDraftOrderSync(tx, TEST_SHOP, order.id));
    await deliver();

    expect(mine()).toHaveLength(1);
    expect(mine()[0].id).toBe(first.id);
    expect(mine()[0].note).toBe('Ring the bell');
    expect(mine()[0].lineItems).toHaveLength(1);
    expect(sim.state.calls.map((c: Answer) => c.rootFields[0])).toContain('draftOrderUpdate');
  });

  it('sends the draft-order invoice to the host for invoice payment', async () => {
    const order = await submittedOrder({ paymentMethod: 'invoice' });
    await deliver();
    expect(sim.state.invoicesSent).toHaveLength(1);
    expect(sim.state.invoicesSent[0]).toMatchObject({ to: 'hannah@example.com', draftOrderId: mine()[0].id });
    expect(mine()[0].tags).toContain('invoice');
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.shopifyState).toBe('sent');
  });

  it('records a refusal (userErrors) as failed with the message and does not retry', async () => {
    const order = await submittedOrder({ hostEmail: 'not-an-email' });
    await deliver(2);
    expect(mine()).toHaveLength(0);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.shopifyState).toBe('failed');
    expect(saved.shopifyError).toContain('Email is invalid');
    expect(
      await prisma.outboxMessage.findFirstOrThrow({ where: { kind: 'shopify.draftOrder' } }),
    ).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
  });

  it('holds the sync when the order was reopened before it ran', async () => {
    const order = await submittedOrder();
    await prisma.groupOrder.update({ where: { id: order.id }, data: { status: 'active' } });
    expect(await syncDraftOrder(TEST_SHOP, order.id)).toMatchObject({ status: 'held' });
    expect(mine()).toHaveLength(0);
  });
});
