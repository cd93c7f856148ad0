import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { getPrepBoard, getPrepOrder, mergeLines } from './prepBoard.server';

// The prep board: today's and later submitted orders by pickup time, merged counts by item and modifiers,
// the per-guest breakdown with notes, and one label per item unit.

const mods = (...names: string[]) =>
  JSON.stringify(names.map((name, id) => ({ id, name, type: 'x', priceDeltaCents: 0 })));
let menuItemId: number;

beforeAll(async () => {
  const menu = await seedMenu();
  await seedMenu(OTHER_SHOP);
  menuItemId = menu[0].id;
});

async function order(pickupInMinutes: number, overrides: Record<string, unknown> = {}) {
  const { order } = await createTestGroupOrder({
    status: 'submitted',
    submittedAt: new Date(),
    pickupAt: new Date(Date.now() + pickupInMinutes * 60_000),
    ...overrides,
  });
  return order;
}

async function guestWith(
  orderId: number,
  name: string,
  note: string | null,
  items: [string, number, string][],
  shop = TEST_SHOP,
) {
  const guest = await prisma.guest.create({
    data: { shop, groupOrderId: orderId, name, nameKey: name.toLowerCase(), specialInstructions: note },
  });
  for (const [index, [item, quantity, modifiers]] of items.entries()) {
    await prisma.orderItem.create({
      data: {
        shop,
        groupOrderId: orderId,
        guestId: guest.id,
        guestName: name,
        menuItemId,
        menuItemName: item,
        quantity,
        selectedModifiers: modifiers,
        unitPriceCents: 500,
        totalCents: 500 * quantity,
        confirmationKey: `${name}-${index}`,
      },
    });
  }
}

describe('prep board', () => {
  it('merges the same item and modifiers from everyone, whatever the modifier order', () => {
    const lines = mergeLines([
      { menuItemName: 'Flat White', quantity: 2, selectedModifiers: mods('Large', 'Oat') },
      { menuItemName: 'Flat White', quantity: 4, selectedModifiers: mods('Oat', 'Large') },
      { menuItemName: 'Flat White', quantity: 1, selectedModifiers: mods('Large') },
      { menuItemName: 'Latte', quantity: 1, selectedModifiers: '[]' },
    ]);
    expect(lines.map((l) => `${l.quantity} × ${l.title}`)).toEqual([
      '6 × Flat White · Large · Oat',
      '1 × Flat White · Large',
      '1 × Latte',
    ]);
  });

  it("lists today's and upcoming submitted orders of this shop by pickup time, with guests and labels", async () => {
    const later = await order(180);
    const soon = await order(20);
    await guestWith(soon.id, 'Olivia Chen', 'No lid please', [
      ['Flat White', 2, mods('Large', 'Oat')],
      ['Almond Croissant', 1, '[]'],
    ]);
    await guestWith(soon.id, 'Sam', null, [['Flat White', 4, mods('Oat', 'Large')]]);
    const yesterday = await order(-36 * 60);
    const open = (await createTestGroupOrder({ pickupAt: new Date(Date.now() + 30 * 60_000) })).order;
    const foreign = (await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted' })).order;

    const board = await getPrepBoard(TEST_SHOP, 'en');
    const ids = board.orders.map((o) => o.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
    for (const hidden of [yesterday.id, open.id, foreign.id]) expect(ids).not.toContain(hidden);

    const shown = board.orders.find((o) => o.id === soon.id)!;
    expect(shown).toMatchObject({
      state: 'submitted',
      next: 'received',
      nextLabel: 'Received',
      itemCount: 7,
    });
    expect(shown.lines.map((l) => `${l.quantity} × ${l.title}`)).toEqual([
      '6 × Flat White · Large · Oat',
      '1 × Almond Croissant',
    ]);
    expect(shown.guests).toEqual([
      {
        name: 'Olivia Chen',
        initials: 'OC',
        avoids: '',
        note: 'No lid please',
        noteText: 'Note: No lid please',
        lines: [
          expect.objectContaining({ quantity: 2, title: 'Flat White · Large · Oat' }),
          expect.objectContaining({ quantity: 1, title: 'Almond Croissant' }),
        ],
      },
      {
        name: 'Sam',
        initials: 'S',
        avoids: '',
        note: null,
        noteText: null,
        lines: [expect.objectContaining({ quantity: 4 })],
      },
    ]);
    // One label per unit: 2 + 1 for Olivia, 4 for Sam. Her note is the guest's: printed once, on her first
    // label, not on every one (issue 27).
    expect(shown.labels).toHaveLength(7);
    expect(shown.labels[0]).toMatchObject({
      guestName: 'Olivia Chen',
      initials: 'OC',
      item: 'Flat White',
      modifiers: ['Large', 'Oat'],
      note: null,
      guestNote: 'No lid please',
      guestNoteText: 'Guest note: No lid please',
      unit: 1,
      of: 2,
      unitText: '1 of 2',
      language: 'en',
    });
    expect(shown.labels.filter((l) => l.guestNote).map((l) => l.key)).toEqual([shown.labels[0].key]);
    expect(shown.labels.filter((l) => l.guestName === 'Sam').map((l) => `${l.unit}/${l.of}`)).toEqual([
      '1/4',
      '2/4',
      '3/4',
      '4/4',
    ]);
  });

  it("prints a line's own instructions on that line's labels only, and the guest's note once", async () => {
    const mine = await order(45);
    await guestWith(mine.id, 'Ottoline', 'Croissant heated', [
      ['Flat White', 2, '[]'],
      ['Almond Croissant', 1, '[]'],
    ]);
    await prisma.orderItem.updateMany({
      where: { groupOrderId: mine.id, menuItemName: 'Almond Croissant' },
      data: { specialInstructions: 'Cut in half' },
    });
    const shown = (await getPrepOrder(TEST_SHOP, mine.id, { kind: 'labels', language: 'en' }))!;
    expect(shown.labels.map((l) => [l.item, l.note, l.guestNote])).toEqual([
      ['Flat White', null, 'Croissant heated'],
      ['Flat White', null, null],
      ['Almond Croissant', 'Cut in half', null],
    ]);
    expect(shown.guests[0].lines.map((l) => l.note)).toEqual([null, 'Cut in half']);
    // An order from before guests had a note kept it on the first item: it is the guest's note, once.
    const legacy = await order(50);
    await prisma.orderItem.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: legacy.id,
        guestName: 'Leopold',
        menuItemId,
        menuItemName: 'Latte',
        quantity: 2,
        specialInstructions: 'Skinny',
        unitPriceCents: 500,
        totalCents: 1000,
        confirmationKey: 'legacy-0',
      },
    });
    const old = (await getPrepOrder(TEST_SHOP, legacy.id, { kind: 'labels', language: 'en' }))!;
    expect(old.labels.map((l) => [l.note, l.guestNote])).toEqual([
      [null, 'Skinny'],
      [null, null],
    ]);
  });

  it('finds one order to print only in its own shop and only once submitted', async () => {
    const mine = await order(60);
    const open = (await createTestGroupOrder()).order;
    const foreign = (await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted' })).order;
    expect((await getPrepOrder(TEST_SHOP, mine.id, { kind: 'labels', language: 'en' }))?.code).toBe(
      mine.code,
    );
    expect(await getPrepOrder(TEST_SHOP, open.id, { kind: 'labels', language: 'en' })).toBeNull();
    expect(await getPrepOrder(TEST_SHOP, foreign.id, { kind: 'labels', language: 'en' })).toBeNull();
  });
});
