import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { TEST_SHOP } from '../../../test/support/requests';
import { getPrepOrder } from '../kitchen/prepBoard.server';
import { guestSubmittedEmail } from '../mail/submittedEmails.server';
import { getAdminOrderDetail } from './adminOrders.server';
import { getOwnGuest } from './ownGuest.server';
import { getHostSummary } from './hosting.server';
import { confirmCart } from './orderItems.server';

// Notes belong to lines (issue 27, item 12): a guest's note for one item ("heated" on the Croissant) lives
// on that line and is shown under it everywhere the line is shown, never under the guest's other lines;
// the guest's own note stays about the person, once.

const TOKEN = 'ana-phone-token-000000001';
let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];

beforeEach(async () => {
  const menu = await seedMenu(TEST_SHOP);
  const id = (name: string) => menu.find((m) => m.name === name)!.id;
  ({ order } = await createTestGroupOrder());
  await confirmCart(TEST_SHOP, {
    groupOrderId: order.id,
    confirmationKey: 'line-notes-0001',
    guestName: 'Ana',
    guestInitials: null,
    guestEmail: 'ana@example.com',
    guestToken: TOKEN,
    specialInstructions: 'Call me at the door',
    items: [
      { menuItemId: id('Almond Croissant'), quantity: 1, selectedModifiers: [], note: 'heated' },
      { menuItemId: id('Banana Bread'), quantity: 2, selectedModifiers: [], note: null },
    ],
  });
});

describe("a line's own note", () => {
  it("is under that line only on the guest's page, the host's dashboard and the admin", async () => {
    const own = await getOwnGuest(TEST_SHOP, order.id, 'Ana', TOKEN);
    expect(own.mine && own.items.map((i) => [i.name, i.note])).toEqual([
      ['Almond Croissant', 'heated'],
      ['Banana Bread', null],
    ]);
    expect(own.mine && own.guest.specialInstructions).toBe('Call me at the door');

    const summary = (await getHostSummary(TEST_SHOP, order.id))!;
    expect(summary.guests[0].specialInstructions).toBe('Call me at the door');
    expect(summary.guests[0].items.map((i) => [i.menuItem.name, i.note])).toEqual([
      ['Almond Croissant', 'heated'],
      ['Banana Bread', null],
    ]);

    const admin = (await getAdminOrderDetail(TEST_SHOP, order.id))!;
    expect(admin.guests[0].items.map((i) => [i.name, i.note])).toEqual([
      ['Almond Croissant', 'heated'],
      ['Banana Bread', null],
    ]);
  });

  it("is printed on that line's labels only, beside the line on the board and sheet, and in the e-mail", async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const prep = (await getPrepOrder(TEST_SHOP, order.id, { kind: 'labels', language: 'en' }))!;
    expect(prep.labels.map((l) => [l.item, l.note, l.guestNote])).toEqual([
      ['Almond Croissant', 'heated', 'Call me at the door'],
      ['Banana Bread', null, null],
      ['Banana Bread', null, null],
    ]);
    expect(prep.guests[0].lines.map((l) => l.note)).toEqual(['heated', null]);

    const items = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: { id: 'asc' },
    });
    const fresh = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    const mail = await guestSubmittedEmail(
      fresh,
      { name: 'Ana', email: 'ana@example.com', language: null, items },
      { kitchenName: 'Bridge St', emailSenderName: 'Cafe', locale: 'en-AU' },
      false,
    );
    // The line as made comes before its note (issue 26); the note stays on its own line only.
    expect(mail.text).toContain(
      '- 1x Almond Croissant — $7.00. Vegetarian; allergens: cereals containing gluten, eggs, milk, nuts. Note: heated',
    );
    expect(mail.text).toContain(
      '- 2x Banana Bread — $13.00. Vegetarian; allergens: cereals containing gluten, eggs, milk\n',
    );
  });
});
