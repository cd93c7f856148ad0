import { beforeEach, describe, expect, it } from 'vitest';
import prisma, { isUniqueViolation } from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { guestsSpending } from '../../../test/support/moneyOrders';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { markSharePaid, refreshShares } from './guestShares.server';

// The GuestShare rows (issue 25): worked out from the items, reconciling to the cent, one per guest, and
// paid once.

beforeEach(async () => {
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  await seedMenu(TEST_SHOP);
});

async function orderWithGuests(spent: number[]) {
  const { order } = await createTestGroupOrder({
    paymentMode: 'budget',
    budgetCents: 1500,
    overagePolicy: 'guest-pays',
    tipPercent: 10,
    deliveryFeeCents: 500,
    feeSplit: 'pro-rata',
  });
  const guests = await guestsSpending(order, spent);
  return { order, guests };
}

const refresh = (id: number, shop = TEST_SHOP) => prisma.$transaction((tx) => refreshShares(tx, shop, id));

describe('guest shares', () => {
  it('reconcile to the cent: company + guests = items + fee + tip', async () => {
    const { order } = await orderWithGuests([1000, 2000, 1234]);
    const split = await refresh(order.id);
    const shares = await prisma.guestShare.findMany({ where: { shop: TEST_SHOP, groupOrderId: order.id } });
    expect(shares).toHaveLength(3);
    const paid = shares.reduce((sum, s) => sum + s.companyCents + s.guestCents, 0);
    // 42.34 of items, 5.00 delivery, 10 % tip 4.23.
    expect(split.totalCents).toBe(4234 + 500 + 423);
    expect(paid + split.companyFeesCents).toBe(split.totalCents);
    for (const s of shares) {
      expect(s.itemsCents + s.feesCents + s.tipCents).toBe(s.companyCents + s.guestCents);
      expect(s.companyCents).toBeLessThanOrEqual(1500);
    }
  });

  it('is one row per guest: the database refuses a second share for the same guest', async () => {
    const { order, guests } = await orderWithGuests([1000]);
    await refresh(order.id);
    await refresh(order.id);
    expect(await prisma.guestShare.count()).toBe(1);
    const again = prisma.guestShare.create({
      data: { shop: TEST_SHOP, groupOrderId: order.id, guestId: guests[0].id },
    });
    await expect(again).rejects.toSatisfy(isUniqueViolation);
  });

  it('is paid once: a replay changes nothing, another order for a paid share is refused', async () => {
    const { order } = await orderWithGuests([2000, 900]);
    await refresh(order.id);
    const [first, second] = await prisma.guestShare.findMany({ orderBy: { guestId: 'asc' } });
    const pay = (shareId: number, shopifyOrderId: string) =>
      prisma.$transaction((tx) =>
        markSharePaid(tx, TEST_SHOP, shareId, { shopifyOrderId, paidCents: 100, at: new Date() }),
      );
    expect(await pay(first.id, 'gid://shopify/Order/1')).toBe(true);
    expect(await pay(first.id, 'gid://shopify/Order/1')).toBe(false);
    await expect(pay(first.id, 'gid://shopify/Order/2')).rejects.toThrow('This share is already paid.');
    // One Shopify order pays one share only.
    await expect(pay(second.id, 'gid://shopify/Order/1')).rejects.toSatisfy(isUniqueViolation);
    // A paid share keeps its amounts when the items change.
    const before = await prisma.guestShare.findUniqueOrThrow({ where: { id: first.id } });
    await prisma.orderItem.updateMany({ where: { guestId: first.guestId }, data: { totalCents: 5000 } });
    await refresh(order.id);
    expect(await prisma.guestShare.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      itemsCents: before.itemsCents,
      paymentStatus: 'paid',
    });
    // Another shop cannot reach these shares.
    await expect(
      prisma.$transaction((tx) =>
        markSharePaid(tx, OTHER_SHOP, second.id, { shopifyOrderId: 'x', paidCents: 1, at: new Date() }),
      ),
    ).rejects.toThrow('not part of this shop');
    await expect(refresh(order.id, OTHER_SHOP)).rejects.toThrow('Group order not found');
  });
});
