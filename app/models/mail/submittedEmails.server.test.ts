import { describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { setGroupOrderStatus } from '../groupOrder/submitOrder.server';
import { confirmCart } from '../groupOrder/orderItems.server';
import { asHttp } from '../../../test/support/http';

// Submitting tells people: each guest who gave an e-mail gets their items with pickup time and place, and
// the host a receipt with every guest's items. Once per submit, through the outbox.

async function orderWithGuests() {
  const menu = await seedMenu();
  const latte = menu.find((m) => m.name === 'Latte')!;
  const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
  const { order, hostToken } = await createTestGroupOrder();
  const guests = [
    { guestName: 'Olivia', guestEmail: 'olivia@example.com', items: [{ menuItemId: latte.id, quantity: 2 }] },
    { guestName: 'Sam', guestEmail: null, items: [{ menuItemId: croissant.id, quantity: 1 }] },
    {
      guestName: 'Priya',
      guestEmail: 'priya@example.com',
      items: [
        { menuItemId: croissant.id, quantity: 1 },
        { menuItemId: latte.id, quantity: 1 },
      ],
    },
  ];
  for (const [index, guest] of guests.entries()) {
    await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: `confirm-key-${order.id}-${index}`,
      guestName: guest.guestName,
      guestInitials: null,
      guestEmail: guest.guestEmail,
      specialInstructions: null,
      items: guest.items.map((item) => ({ ...item, selectedModifiers: [] })),
    });
  }
  return { order, hostToken };
}

async function mails(since = 0) {
  const rows = await prisma.outboxMessage.findMany({
    where: { kind: 'email', id: { gt: since } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({ id: row.id, shop: row.shop, ...JSON.parse(row.payload) }));
}

describe('e-mails on submit', () => {
  it('tells each guest with an e-mail their items and pickup, and sends the host a receipt, once', async () => {
    const { order, hostToken } = await orderWithGuests();
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual(['olivia@example.com', 'priya@example.com', 'hannah@example.com']);
    expect(sent.every((m) => m.shop === TEST_SHOP)).toBe(true);

    const olivia = sent[0];
    expect(olivia.subject).toBe('Your order in "Friday coffee" has been submitted');
    expect(olivia.text).toContain('2x Latte');
    expect(olivia.text).not.toContain('Croissant');
    // Each line as made (issue 26): the Latte's milk, in the text and the HTML.
    expect(olivia.text).toMatch(/2x Latte — \$[\d.]+\. Vegetarian; allergens: milk/);
    expect(olivia.html).toContain('Vegetarian; allergens: milk');
    expect(olivia.text).toMatch(/Pickup: \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m at Demo Coffee Kitchen/);

    const receipt = sent[2];
    expect(receipt.subject).toBe('Receipt: "Friday coffee" submitted');
    expect(receipt.text).toContain('5 items from 3 people');
    for (const name of ['Olivia', 'Sam', 'Priya']) expect(receipt.text).toContain(name);
    expect(receipt.text).toMatch(/Sam — \$[\d.]+\n- 1x Almond Croissant/);

    // A second tap on Submit (or a second host at the same time) tells nobody again.
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    expect(await mails(receipt.id)).toEqual([]);

    // Reopen and submit again: people get the updated order once more, marked as such.
    await setGroupOrderStatus(TEST_SHOP, order.id, 'active', { hostToken });
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    const again = await mails(receipt.id);
    expect(again.map((m) => m.subject)).toEqual([
      'Updated: Your order in "Friday coffee" has been submitted',
      'Updated: Your order in "Friday coffee" has been submitted',
      'Updated receipt: "Friday coffee" submitted',
    ]);
  });

  it('sends nothing when another shop tries, or when nobody ordered', async () => {
    const { order, hostToken } = await orderWithGuests();
    const before = (await mails()).at(-1)?.id ?? 0;
    await expect(
      asHttp(setGroupOrderStatus(OTHER_SHOP, order.id, 'submitted', { hostToken })),
    ).rejects.toMatchObject({ status: 404 });
    const { order: empty, hostToken: emptyToken } = await createTestGroupOrder();
    await expect(
      asHttp(setGroupOrderStatus(TEST_SHOP, empty.id, 'submitted', { hostToken: emptyToken })),
    ).rejects.toMatchObject({ status: 409 });
    expect(await mails(before)).toEqual([]);
  });
});
