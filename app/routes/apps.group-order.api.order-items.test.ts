import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { CLOSED_MESSAGES } from '~/models/groupOrder/groupOrder.server';
import { createTestGroupOrder, requireGroups, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './apps.group-order.api.order-items';

const PATH = '/apps/group-order/api/order-items';

async function send(body: unknown, shop = TEST_SHOP) {
  const request = await proxyRequest(PATH, { body, shop });
  return call(() => action(args(request)));
}

async function menuIds() {
  const items = await prisma.menuItem.findMany({ where: { shop: TEST_SHOP } });
  const mods = await prisma.modifier.findMany({ where: { shop: TEST_SHOP } });
  const item = (name: string) => items.find((i) => i.name === name)!;
  const mod = (name: string) => mods.find((m) => m.name === name)!;
  return { item, mod };
}

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let ids: Awaited<ReturnType<typeof menuIds>>;

beforeEach(async () => {
  await prisma.orderItem.deleteMany();
  await prisma.groupOrder.deleteMany();
  await seedMenu(TEST_SHOP);
  ids = await menuIds();
  ({ order } = await createTestGroupOrder());
});

function cart(overrides: Record<string, unknown> = {}) {
  return {
    groupOrderId: order.id,
    confirmationKey: 'confirm-key-0001',
    guestName: 'Alex',
    guestInitials: 'ab',
    guestEmail: 'alex@example.com',
    specialInstructions: 'Extra hot please',
    items: [
      {
        menuItemId: ids.item('Latte').id,
        quantity: 2,
        selectedModifiers: [ids.mod('Large').id, ids.mod('Oat').id, ids.mod('Extra Shot').id],
        itemPrice: '0.01',
        totalPrice: '0.02',
      },
      { menuItemId: ids.item('Banana Bread').id, quantity: 1, selectedModifiers: [] },
    ],
    ...overrides,
  };
}

describe('POST /api/order-items — whole cart (Review page)', () => {
  it('prices every line on the server, ignores client prices and updates the order totals', async () => {
    const result = await send(cart());
    expect(result.status).toBe(201);
    const [latte, bread] = result.body.items;
    // Latte 5.20 + Large 1.00 + Oat 0.80 + Extra Shot 0.60 = 7.60, x2
    expect(latte).toMatchObject({ itemPrice: '7.60', totalPrice: '15.20', quantity: 2, guestInitials: 'AB' });
    expect(latte.selectedModifiers).toEqual(['Large', 'Oat', 'Extra Shot']);
    expect(bread).toMatchObject({ itemPrice: '6.50', totalPrice: '6.50' });
    expect(result.body.groupOrder).toMatchObject({
      participantCount: 1,
      totalItems: 3,
      totalAmount: '21.70',
    });
    const saved = await prisma.orderItem.findMany({ where: { groupOrderId: order.id } });
    expect(saved.map((s) => s.totalCents).sort()).toEqual([1520, 650].sort());
    expect(saved[0].guestEmail).toBe('alex@example.com');
    // The note is the guest's, stored once, not copied onto every line.
    expect(saved.map((s) => s.specialInstructions)).toEqual([null, null]);
    const guest = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(guest.specialInstructions).toBe('Extra hot please');
  });

  it('is idempotent: the same confirmation key again returns the same items and writes nothing', async () => {
    const first = await send(cart());
    const again = await send(cart());
    expect(again.status).toBe(200);
    expect(again.body.items.map((i: { id: number }) => i.id)).toEqual(
      first.body.items.map((i: { id: number }) => i.id),
    );
    expect(await prisma.orderItem.count()).toBe(2);
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ totalItems: 3, totalCents: 2170, participantCount: 1 });
  });

  it('refuses the same key with a different cart (409), keeping the first cart as it was', async () => {
    const first = await send(cart());
    expect(first.status).toBe(201);
    const latte = ids.item('Latte').id;
    const different = [
      { items: [{ menuItemId: latte, quantity: 5, selectedModifiers: [] }] },
      { items: [cart().items[0]] }, // fewer lines
      { items: [...cart().items, { menuItemId: latte, quantity: 1, selectedModifiers: [] }] }, // more
      { guestName: 'Sam' },
      { specialInstructions: 'No sugar' },
    ];
    for (const change of different) {
      const reused = await send(cart(change));
      expect(reused.status, JSON.stringify(change)).toBe(409);
      expect(reused.body.message).toBe(
        'These items were already confirmed with different choices. Check the group order before confirming again.',
      );
    }
    // Modifier ids in another order are the same cart: the original answer, nothing written.
    const reordered = cart();
    reordered.items[0].selectedModifiers = [...reordered.items[0].selectedModifiers].reverse();
    const again = await send(reordered);
    expect(again.status).toBe(200);
    expect(again.body.items.map((i: { id: number }) => i.id)).toEqual(
      first.body.items.map((i: { id: number }) => i.id),
    );
    expect(await prisma.orderItem.count()).toBe(2);
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ totalItems: 3, totalCents: 2170, participantCount: 1 });
  });

  it('survives a double click: two identical confirms at once write one set of items', async () => {
    const a = await proxyRequest(PATH, { body: cart() });
    const b = await proxyRequest(PATH, { body: cart() });
    const results = await Promise.all([call(() => action(args(a))), call(() => action(args(b)))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await prisma.orderItem.count()).toBe(2);
  });

  it('keeps totals right when several guests confirm at the same moment', async () => {
    const guests = ['Ana', 'Ben', 'Cai', 'Dee', 'Eli', 'Fay'];
    const requests = await Promise.all(
      guests.map((guestName, i) =>
        proxyRequest(PATH, { body: cart({ guestName, confirmationKey: `parallel-key-${i}` }) }),
      ),
    );
    const results = await Promise.all(requests.map((request) => call(() => action(args(request)))));
    expect(results.map((r) => r.status)).toEqual(guests.map(() => 201));
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ participantCount: 6, totalItems: 18, totalCents: 6 * 2170 });
  });

  it('counts participants by distinct name, ignoring case', async () => {
    await send(cart());
    await send(cart({ confirmationKey: 'confirm-key-0002', guestName: 'alex ' }));
    await send(cart({ confirmationKey: 'confirm-key-0003', guestName: 'Sam' }));
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(fresh).toMatchObject({ participantCount: 2, totalItems: 9, totalCents: 3 * 2170 });
  });

  it('refuses a cart whose line leaves a required group empty, from the kept menu copy too', async () => {
    // The first confirm reads the menu and keeps it; the second is checked against the kept copy.
    expect((await send(cart())).status).toBe(201);
    await requireGroups(['Blend']);
    const latte = { menuItemId: ids.item('Latte').id, quantity: 1, selectedModifiers: [ids.mod('Oat').id] };
    const first = await send(cart({ confirmationKey: 'confirm-key-0002', guestName: 'Bo', items: [latte] }));
    expect(first).toMatchObject({ status: 400, body: { message: 'Choose 1 option for Blend on Latte.' } });
    const again = await send(cart({ confirmationKey: 'confirm-key-0003', guestName: 'Bo', items: [latte] }));
    expect(again.status).toBe(400);
    const withBlend = { ...latte, selectedModifiers: [ids.mod('Oat').id, ids.mod('Decaf').id] };
    const fixed = await send(
      cart({ confirmationKey: 'confirm-key-0004', guestName: 'Bo', items: [withBlend] }),
    );
    expect(fixed.status).toBe(201);
    expect(fixed.body.items[0].selectedModifiers).toEqual(['Oat', 'Decaf']);
  });

  it('writes nothing when one line is bad (all or nothing)', async () => {
    const body = cart();
    body.items[1] = { menuItemId: 999_999, quantity: 1, selectedModifiers: [] };
    const result = await send(body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Item 2: That item is not on the menu.');
    expect(await prisma.orderItem.count()).toBe(0);
    expect(await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      totalItems: 0,
    });
  });

  it('refuses with 409 after the deadline, in plain words', async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { deadlineAt: new Date(Date.now() - 1000) },
    });
    const result = await send(cart());
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      error: expect.stringMatching(/^Ordering closed at \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m\. /),
      reason: 'expired',
    });
    expect(result.body.message).toContain(CLOSED_MESSAGES.expired);
    expect(await prisma.orderItem.count()).toBe(0);
  });

  it('refuses with 409 once the order is submitted', async () => {
    await prisma.groupOrder.update({ where: { id: order.id }, data: { status: 'submitted' } });
    const result = await send(cart());
    expect(result.status).toBe(409);
    expect(result.body.message).toContain(CLOSED_MESSAGES.submitted);
  });

  it('still answers a retried confirm after the order closed, without writing again', async () => {
    await send(cart());
    await prisma.groupOrder.update({ where: { id: order.id }, data: { status: 'submitted' } });
    const retry = await send(cart());
    expect(retry.status).toBe(200);
    expect(await prisma.orderItem.count()).toBe(2);
  });

  it("does not find another shop's order", async () => {
    await seedMenu(OTHER_SHOP);
    const result = await send(cart(), OTHER_SHOP);
    expect(result.status).toBe(404);
    expect(result.body.message).toBe('Group order not found');
  });

  it('merges a repeated line into one item, within a cart and into an earlier confirm', async () => {
    const bread = { menuItemId: ids.item('Banana Bread').id, quantity: 1, selectedModifiers: [] };
    const flat = {
      menuItemId: ids.item('Flat White').id,
      quantity: 2,
      selectedModifiers: [ids.mod('Large').id],
    };
    const first = await send(
      cart({ specialInstructions: null, items: [bread, flat, { ...bread, quantity: 2 }] }),
    );
    expect(first.status).toBe(201);
    // Each line answers with its item as that line left it: the third line merged into the first.
    expect(first.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2, 3]);
    expect(first.body.items[2].id).toBe(first.body.items[0].id);
    const again = await send(
      cart({ confirmationKey: 'confirm-key-0002', specialInstructions: null, items: [flat, bread] }),
    );
    expect(again.status).toBe(201);
    expect(again.body.items.map((i: { id: number }) => i.id)).toEqual([
      first.body.items[1].id,
      first.body.items[0].id,
    ]);
    expect(again.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 4]);
    const saved = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: { id: 'asc' },
    });
    expect(saved.map((s) => [s.menuItemName, s.quantity, s.totalCents])).toEqual([
      ['Banana Bread', 4, 4 * 650],
      ['Flat White', 4, 4 * saved[1].unitPriceCents],
    ]);
    const totals = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(totals).toMatchObject({
      totalItems: 8,
      totalCents: 4 * 650 + 4 * saved[1].unitPriceCents,
      participantCount: 1,
    });
    expect(again.body.groupOrder).toMatchObject({ totalItems: 8, participantCount: 1 });
    // Every line's receipt names the item it went into, so a retry answers the same.
    const retry = await send(
      cart({ confirmationKey: 'confirm-key-0002', specialInstructions: null, items: [flat, bread] }),
    );
    expect(retry.status).toBe(200);
    expect(retry.body.items.map((i: { id: number }) => i.id)).toEqual(
      again.body.items.map((i: { id: number }) => i.id),
    );
  });

  it("keeps a line's own note on that line: another note is another line, the same note merges", async () => {
    const bread = { menuItemId: ids.item('Banana Bread').id, quantity: 1, selectedModifiers: [] };
    const first = await send(
      cart({
        items: [
          { ...bread, note: 'heated' },
          { ...bread, note: null },
          // The same note once trimmed: it merges into the first line.
          { ...bread, quantity: 2, note: '  heated ' },
        ],
      }),
    );
    expect(first.status).toBe(201);
    expect(first.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 1, 3]);
    expect(first.body.items[2].id).toBe(first.body.items[0].id);
    expect(first.body.items[1].id).not.toBe(first.body.items[0].id);
    // A later confirm: "heated" merges into the heated line, a new note is a line of its own.
    const later = await send(
      cart({
        confirmationKey: 'confirm-key-0003',
        specialInstructions: null,
        items: [
          { ...bread, note: 'heated' },
          { ...bread, note: 'cut in half' },
        ],
      }),
    );
    expect(later.status).toBe(201);
    expect(later.body.items[0].id).toBe(first.body.items[0].id);
    const saved = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: { id: 'asc' },
    });
    expect(saved.map((s) => [s.specialInstructions, s.quantity])).toEqual([
      ['heated', 4],
      [null, 1],
      ['cut in half', 1],
    ]);
    // The guest's own note stays on the guest, about the person, and is not copied onto lines.
    const guest = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(guest.specialInstructions).toBe('Extra hot please');
    expect(await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      totalItems: 6,
      participantCount: 1,
    });
    // The note is part of what a retry must repeat: the same key with another note is refused.
    const reused = await send(
      cart({
        confirmationKey: 'confirm-key-0003',
        specialInstructions: null,
        items: [
          { ...bread, note: 'heated' },
          { ...bread, note: 'not cut' },
        ],
      }),
    );
    expect(reused.status).toBe(409);
    expect(reused.body.reason).toBe('key-reused');
  });

  it('refuses a line note that is too long or unreadable, in a sentence, writing nothing', async () => {
    const bread = { menuItemId: ids.item('Banana Bread').id, quantity: 1, selectedModifiers: [] };
    const long = await send(cart({ items: [{ ...bread, note: 'x'.repeat(141) }] }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A note for an item can be at most 140 characters.');
    const control = await send(cart({ items: [{ ...bread, note: 'heated\u001b[31m' }] }));
    expect(control.status).toBe(400);
    expect(control.body.message).toBe(
      'Note for this item contains invisible control characters. Please retype it.',
    );
    expect(await prisma.orderItem.count()).toBe(0);
    // One line: a pasted line break becomes a space.
    const pasted = await send(cart({ items: [{ ...bread, note: 'heated\nplease' }] }));
    expect(pasted.status).toBe(201);
    expect(pasted.body.items[0].specialInstructions).toBe('heated please');
  });

  it('refuses a cart with an item sold out today, in a sentence, writing nothing; it is back the next day', async () => {
    const bread = ids.item('Banana Bread');
    await prisma.menuItem.update({
      where: { id: bread.id },
      data: { soldOutUntil: new Date(Date.now() + 3600_000) },
    });
    const result = await send(cart());
    expect(result.status).toBe(409);
    expect(result.body.error).toBe('Item 2: Banana Bread is sold out today. Please choose something else.');
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(0);
    // Sold out "today" ends by itself: once the moment has passed the same cart goes through.
    await prisma.menuItem.update({
      where: { id: bread.id },
      data: { soldOutUntil: new Date(Date.now() - 1000) },
    });
    expect((await send(cart())).status).toBe(201);
  });

  it("refuses a menu item from another shop's menu", async () => {
    await seedMenu(OTHER_SHOP);
    const foreign = await prisma.menuItem.findFirstOrThrow({ where: { shop: OTHER_SHOP } });
    const result = await send(
      cart({ items: [{ menuItemId: foreign.id, quantity: 1, selectedModifiers: [] }] }),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('That item is not on the menu.');
  });
});

describe('POST /api/order-items — one item per call (spec client)', () => {
  function single(overrides: Record<string, unknown> = {}) {
    return {
      groupOrderId: order.id,
      guestName: 'Priya',
      guestInitials: null,
      menuItemId: ids.item('Flat White').id,
      quantity: 3,
      selectedModifiers: [ids.mod('Regular').id, ids.mod('Skim').id],
      specialInstructions: null,
      itemPrice: '1.00',
      totalPrice: '3.00',
      ...overrides,
    };
  }

  it('creates one item priced from the menu', async () => {
    const result = await send(single());
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      guestName: 'Priya',
      quantity: 3,
      itemPrice: '5.70',
      totalPrice: '17.10',
      menuItem: { name: 'Flat White' },
      selectedModifiers: ['Regular', 'Skim'],
    });
    expect(await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      participantCount: 1,
      totalItems: 3,
      totalCents: 1710,
    });
  });

  it("keeps the spec client's specialInstructions as the guest's note, and `note` as the item's", async () => {
    const result = await send(single({ specialInstructions: 'Call me at the door', note: 'extra hot' }));
    expect(result.status).toBe(201);
    expect(result.body.specialInstructions).toBe('extra hot');
    const item = await prisma.orderItem.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(item.specialInstructions).toBe('extra hot');
    const guest = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(guest.specialInstructions).toBe('Call me at the door');
  });

  it('accepts modifiers as objects with an id and groupOrderId as a numeric string', async () => {
    const result = await send(
      single({
        groupOrderId: String(order.id),
        selectedModifiers: [{ id: ids.mod('Large').id, name: 'Large' }],
      }),
    );
    expect(result.status).toBe(201);
    expect(result.body.itemPrice).toBe('6.20');
  });

  it('is idempotent when the call carries a confirmation key and line', async () => {
    await send(single({ confirmationKey: 'single-key-01', line: 0 }));
    const again = await send(single({ confirmationKey: 'single-key-01', line: 0 }));
    expect(again.status).toBe(200);
    expect(await prisma.orderItem.count()).toBe(1);
  });

  it('refuses a confirmation key and line reused for a different item (409)', async () => {
    await send(single({ confirmationKey: 'single-key-02', line: 0 }));
    const reused = await send(single({ confirmationKey: 'single-key-02', line: 0, quantity: 1 }));
    expect(reused.status).toBe(409);
    expect(reused.body.reason).toBe('key-reused');
    // Another line under the same key is another call of the same guest: written (the same item and
    // options merge into one line, so the quantity doubles).
    const first = await prisma.orderItem.findFirstOrThrow();
    expect((await send(single({ confirmationKey: 'single-key-02', line: 1 }))).status).toBe(201);
    const items = await prisma.orderItem.findMany();
    expect(items.reduce((sum, item) => sum + item.quantity, 0)).toBe(first.quantity * 2);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown menu item', { menuItemId: 987_654 }, /not on the menu/],
    ['an unknown modifier', { selectedModifiers: [987_654] }, /not on the menu any more/],
    ['quantity 0', { quantity: 0 }, /Quantity must be a whole number from 1 to 20/],
    ['a negative quantity', { quantity: -2 }, /Quantity must be a whole number/],
    ['a huge quantity', { quantity: 1_000_000 }, /Quantity must be a whole number/],
    ['a fractional quantity', { quantity: 1.5 }, /Quantity must be a whole number/],
    ['a quantity that is not a number', { quantity: 'NaN' }, /Quantity must be a whole number/],
    ['a null quantity (what JSON makes of NaN)', { quantity: null }, /Quantity must be a whole number/],
    ['an empty name', { guestName: '   ' }, /Please enter your name/],
    ['a 500-character name', { guestName: 'x'.repeat(500) }, /at most 60 characters/],
    ['initials longer than 3', { guestInitials: 'ABCD' }, /at most 3 characters/],
    ['a 600-character note', { specialInstructions: 'y'.repeat(600) }, /at most 500 characters/],
    [
      'milk on a black coffee',
      { menuItemId: 0, selectedModifiers: ['Oat'] },
      /Oat is not available for Long Black/,
    ],
    [
      'a modifier for another category',
      { menuItemId: 0, selectedModifiers: ['Extra Froth'] },
      /not available/,
    ],
    [
      'two sizes in a one-choice group',
      { selectedModifiers: ['Small', 'Large'] },
      /Choose at most 1 option for Size/,
    ],
    ['an unknown group order', { groupOrderId: 2_000_000_000 }, /Group order not found/],
    ['a group order id that is not a number', { groupOrderId: 'abc' }, /Group order not found/],
  ];

  it.each(bad)(
    'refuses %s with a 4xx and a readable message, writing nothing',
    async (_label, patch, message) => {
      const body = single(patch);
      if (patch.menuItemId === 0) body.menuItemId = ids.item('Long Black').id;
      if (Array.isArray(patch.selectedModifiers) && typeof patch.selectedModifiers[0] === 'string') {
        body.selectedModifiers = (patch.selectedModifiers as string[]).map((name) => ids.mod(name).id);
      }
      const result = await send(body);
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(result.body.message).toMatch(message);
      expect(result.body.error).toBe(result.body.message);
      expect(await prisma.orderItem.count()).toBe(0);
    },
  );

  it('refuses a single item with 409 after the deadline or once submitted, writing nothing', async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { deadlineAt: new Date(Date.now() - 1000) },
    });
    expect(await send(single())).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining(CLOSED_MESSAGES.expired), reason: 'expired' },
    });
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { deadlineAt: new Date(Date.now() + 60 * 60_000), status: 'submitted' },
    });
    expect(await send(single())).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining(CLOSED_MESSAGES.submitted), reason: 'submitted' },
    });
    expect(await prisma.orderItem.count()).toBe(0);
  });

  it("refuses a Flat White without milk when the shop's Milk group is required (400, a sentence)", async () => {
    await requireGroups(['Size', 'Milk type']);
    const noMilk = await send(single({ selectedModifiers: [ids.mod('Regular').id] }));
    expect(noMilk.status).toBe(400);
    expect(noMilk.body.message).toBe('Choose 1 option for Milk type on Flat White.');
    const noSize = await send(single({ selectedModifiers: [ids.mod('Skim').id] }));
    expect(noSize.body.message).toBe('Choose 1 option for Size on Flat White.');
    // A food item has neither group: nothing is asked of it.
    const bread = await send(single({ menuItemId: ids.item('Banana Bread').id, selectedModifiers: [] }));
    expect(bread.status).toBe(201);
    expect(await prisma.orderItem.count()).toBe(1);
    expect((await send(single())).status).toBe(201);
  });

  it('refuses too many alterations (more than the group maximum)', async () => {
    await prisma.modifierGroup.updateMany({
      where: { shop: TEST_SHOP, type: 'alterations' },
      data: { maxSelections: 2 },
    });
    const names = ['Extra Shot', 'Half Strength', 'Extra Hot'];
    const result = await send(single({ selectedModifiers: names.map((n) => ids.mod(n).id) }));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Choose at most 2 options for Alterations.');
  });

  it('refuses malformed JSON', async () => {
    const request = await proxyRequest(PATH, {
      body: '{"groupOrderId": 1, ',
      headers: { 'Content-Type': 'application/json' },
    });
    const result = await call(() => action(args(request)));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('The request body is not valid JSON.');
  });

  it('refuses a body that is not an object', async () => {
    const result = await send([1, 2, 3]);
    expect(result.status).toBe(400);
  });

  it('answers GET with 405', async () => {
    const result = await call(() => loader(args(new Request('https://x')))).catch(() => null);
    // Unsigned: 401 before anything else.
    expect(result?.status).toBe(401);
    const signed = await proxyRequest(PATH);
    expect((await call(() => loader(args(signed)))).status).toBe(405);
  });
});
