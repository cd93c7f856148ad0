import type { Prisma } from '@prisma/client';
import prisma from '~/db.server';
import { markSharePaid, refreshShares } from '~/models/groupOrder/guestShares.server';
import { createTestGroupOrder } from './factories';

/** One guest per amount in `spent` added to `order` ("Guest 0", …), each with one line of the shop's first item at that price. */
export async function guestsSpending(order: { id: number; shop: string }, spent: number[]) {
  const menu = await prisma.menuItem.findFirstOrThrow({ where: { shop: order.shop } });
  const guests = [];
  for (const [index, cents] of spent.entries()) {
    const name = `Guest ${index}`;
    const guest = await prisma.guest.create({
      data: { shop: order.shop, groupOrderId: order.id, name, nameKey: name.toLowerCase() },
    });
    guests.push(guest);
    await prisma.orderItem.create({
      data: {
        shop: order.shop,
        groupOrderId: order.id,
        guestId: guest.id,
        guestName: name,
        menuItemId: menu.id,
        menuItemName: menu.name,
        quantity: 1,
        unitPriceCents: cents,
        totalCents: cents,
        confirmationKey: `k-${order.id}-${index}`,
      },
    });
  }
  return guests;
}

/** A submitted order with one guest per amount in `spent`, picked up at `pickupAt`. */
export async function submittedOrder(
  pickupAt: Date,
  spent: number[],
  overrides: Partial<Prisma.GroupOrderUncheckedCreateInput> & { shop?: string } = {},
) {
  const { order } = await createTestGroupOrder({
    status: 'submitted',
    submittedAt: pickupAt,
    pickupAt,
    deadlineAt: pickupAt,
    companyName: 'Acme Pty Ltd',
    ...overrides,
  });
  const guests = await guestsSpending(order, spent);
  const total = spent.reduce((a, b) => a + b, 0);
  await prisma.groupOrder.update({ where: { id: order.id }, data: { totalCents: total } });
  return { order, guests };
}

/** Works out the order's shares, then records guest `index`'s share as paid by a Shopify order. */
export async function payShare(
  made: Awaited<ReturnType<typeof submittedOrder>>,
  index: number,
  shopifyOrderId: string,
  paidCents: number,
) {
  const { shop, id } = made.order;
  await prisma.$transaction((tx) => refreshShares(tx, shop, id));
  const share = await prisma.guestShare.findFirstOrThrow({ where: { shop, guestId: made.guests[index].id } });
  await prisma.$transaction((tx) =>
    markSharePaid(tx, shop, share.id, { shopifyOrderId, paidCents, at: new Date() }),
  );
}
