import type { Prisma } from '@prisma/client';
import { Conflict, NotFound } from '../../lib/errors';
import { splitOrder, type Share } from '../../lib/moneyShares';
import { rulesOf } from './orderMoney.server';

// Each guest's share of a group order's money (issue 25; docs/decisions/2026-11-27-money-on-shopify.md):
// worked out from the guests' items with splitOrder and kept as GuestShare rows. One row per guest (the
// unique guestId), so a share and its draft order are made once; a share already paid keeps its amounts
// (a change after paying is a refund or a top-up, not a new price).

type Tx = Prisma.TransactionClient;

const PAID = ['paid', 'refunded', 'partially-refunded'];
/** Shares whose amounts no longer move: paid, or settled at submit (left out or covered, unpaidShares). */
const LOCKED = [...PAID, 'left-out', 'left-out-paid', 'covered'];

/** A guest whose share is paid changes nothing themselves until top-ups exist (the decision record). */
const SHARE_PAID_MESSAGE =
  'Your share is already paid, so your items can’t be changed here. Please ask the host.';

/** Refuses a guest's own change when their share is paid (or refunded): no price after paying. */
export function refuseIfSharePaid(share: { paymentStatus: string } | null | undefined) {
  if (share && PAID.includes(share.paymentStatus)) throw new Conflict(SHARE_PAID_MESSAGE);
}

/** The amounts of a share row, as the split reads them. */
function sharePart(row: Share): Share {
  const { itemsCents, feesCents, tipCents, companyCents, guestCents } = row;
  return { itemsCents, feesCents, tipCents, companyCents, guestCents };
}

/**
 * Works out every guest's share inside the caller's transaction and writes it: new shares are created,
 * unpaid ones updated, paid ones left as they are. Returns the split (the company's fees, the total).
 */
/**
 * The order's split from its items now, with each share's guest (spent[i] is shares[i]'s). A paid share
 * keeps its amounts, fee and tip share too, except `except`'s (the paid guest whose items just changed).
 */
async function currentSplit(tx: Tx, shop: string, groupOrderId: number, except?: number) {
  const order = await tx.groupOrder.findFirst({ where: { id: groupOrderId, shop } });
  if (!order) throw new NotFound('Group order not found');
  const spent = await tx.orderItem.groupBy({
    by: ['guestId'],
    where: { shop, groupOrderId, guestId: { not: null } },
    _sum: { totalCents: true },
    orderBy: { guestId: 'asc' },
  });
  const existing = await tx.guestShare.findMany({ where: { shop, groupOrderId } });
  // A paid share keeps what it paid (its fee and tip share too): the rest is split between the others.
  const paid = spent.map((row) => {
    const found = existing.find((s) => s.guestId === row.guestId);
    const kept = found && found.guestId !== except && LOCKED.includes(found.paymentStatus);
    return kept ? sharePart(found) : null;
  });
  const split = splitOrder(
    rulesOf(order),
    spent.map((row) => row._sum.totalCents ?? 0),
    paid,
  );
  return { spent, split };
}

export async function refreshShares(tx: Tx, shop: string, groupOrderId: number) {
  const { spent, split } = await currentSplit(tx, shop, groupOrderId);
  const existing = await tx.guestShare.findMany({ where: { shop, groupOrderId } });
  for (const [index, row] of spent.entries()) {
    const share = split.shares[index];
    const guestId = row.guestId!;
    const found = existing.find((s) => s.guestId === guestId);
    if (!found) {
      await tx.guestShare.create({ data: { shop, groupOrderId, guestId, ...share } });
    } else if (!LOCKED.includes(found.paymentStatus)) {
      await tx.guestShare.updateMany({ where: { id: found.id, shop }, data: share });
    }
  }
  // A guest who removed everything owes nothing now (a paid share keeps what it paid: a refund's business).
  const gone = existing.filter(
    (s) => !LOCKED.includes(s.paymentStatus) && !spent.some((row) => row.guestId === s.guestId),
  );
  if (gone.length) {
    await tx.guestShare.updateMany({
      where: { id: { in: gone.map((s) => s.id) }, shop },
      data: { itemsCents: 0, feesCents: 0, tipCents: 0, companyCents: 0, guestCents: 0 },
    });
  }
  return split;
}

/**
 * What one guest's share comes to now, from the order's current items (all zero when they have none left):
 * a paid share's new amounts after one of its items went (the refund is what was paid over them).
 */
export async function shareOfGuestNow(tx: Tx, shop: string, groupOrderId: number, guestId: number) {
  const { spent, split } = await currentSplit(tx, shop, groupOrderId, guestId);
  const index = spent.findIndex((row) => row.guestId === guestId);
  return index < 0
    ? { itemsCents: 0, feesCents: 0, tipCents: 0, companyCents: 0, guestCents: 0 }
    : split.shares[index];
}

/**
 * Records a share's payment once: only a share not yet paid moves to paid, so a replayed webhook or a
 * second tab changes nothing; an order id already recorded for another share is refused by the database.
 */
export async function markSharePaid(
  tx: Tx,
  shop: string,
  shareId: number,
  payment: { shopifyOrderId: string; paidCents: number; at: Date },
) {
  const { count } = await tx.guestShare.updateMany({
    where: { id: shareId, shop, paymentStatus: { in: ['none', 'pending'] } },
    data: {
      paymentStatus: 'paid',
      paidCents: payment.paidCents,
      shopifyOrderId: payment.shopifyOrderId,
      paidAt: payment.at,
    },
  });
  if (count === 0) {
    const share = await tx.guestShare.findFirst({ where: { id: shareId, shop } });
    if (!share) throw new NotFound('That share is not part of this shop’s orders.');
    if (share.paymentStatus === 'left-out') {
      // Paid after its items were left out (a late webhook, or a checkout finished as the order was
      // submitted): kept as money to give back, never as a paid share (2026-11-27-unpaid-at-deadline.md).
      await tx.guestShare.updateMany({
        where: { id: shareId, shop, paymentStatus: 'left-out' },
        data: {
          paymentStatus: 'left-out-paid',
          paidCents: payment.paidCents,
          shopifyOrderId: payment.shopifyOrderId,
          paidAt: payment.at,
        },
      });
      return false;
    }
    if (share.shopifyOrderId !== payment.shopifyOrderId) throw new Conflict('This share is already paid.');
  }
  return count === 1;
}
