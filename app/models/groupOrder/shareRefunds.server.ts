import type { GuestShare, OrderItem, Prisma } from '@prisma/client';
import { queueEmail } from '../mail/mail.server';
import { refundEmail } from '../mail/moneyEmails.server';
import type { MailSettings } from '../mail/words.server';
import { enqueue } from '../outbox/outbox.server';
import { shareOfGuestNow } from './guestShares.server';
import { removedItemText } from './hostRemovals.server';

// Money the app gives back on guests' Shopify orders (issue 25; docs/decisions/2026-11-27-app-refunds.md).
// Each refund is decided in the transaction of what causes it (an item removed from a paid share, the
// kitchen cancelling, a second payment for a paid share) and written as a pending ShareRefund under a
// unique key naming that cause, with an outbox message that sends it (shareRefundSync.server.ts). What a
// share still holds is its payment less every refund not failed, so no refund can go over what was paid.
// Refunds Shopify reports (refunds/create) are counted by their refund id, once, whoever made them.

type Tx = Prisma.TransactionClient;

/** The shares whose order holds the guest's money. */
export const PAID_STATES = ['paid', 'partially-refunded'];

/** The note of every refund the app makes names its row, so a look-up or a webhook can tell it is ours. */
export const refundMarker = (rowId: number) => `[group-order-refund ${rowId}]`;

/** The row a refund's note names, if it is one of the app's. */
export function markedRow(note: string | null | undefined): number | null {
  const found = /\[group-order-refund (\d{1,10})\]/.exec(note ?? '');
  return found ? Number(found[1]) : null;
}

/** One outbox message per refund: its dedupe key. */
export const shareRefundKey = (rowId: number) => `share-refund:${rowId}`;

export type RefundLines = { itemId: number; quantity: number }[] | 'all';

export function parseRefundLines(json: string): RefundLines {
  if (json === '"all"') return 'all';
  try {
    const value = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((l) => Number.isInteger(l?.itemId) && Number.isInteger(l?.quantity) && l.quantity > 0)
      : [];
  } catch {
    return [];
  }
}

/** What a share's order still holds of the guest's money, less the refunds already on their way or made. */
async function stillHeld(tx: Tx, share: GuestShare) {
  if (!share.shopifyOrderId) return 0;
  const given = await tx.shareRefund.aggregate({
    where: {
      shop: share.shop,
      shareId: share.id,
      shopifyOrderId: share.shopifyOrderId,
      status: { not: 'failed' },
    },
    _sum: { amountCents: true },
  });
  return Math.max(0, share.paidCents - (given._sum.amountCents ?? 0));
}

async function queueRefund(
  tx: Tx,
  row: Omit<Prisma.ShareRefundUncheckedCreateInput, 'status' | 'lines'> & { lines: RefundLines },
) {
  const existing = await tx.shareRefund.findFirst({ where: { shop: row.shop, key: row.key } });
  if (existing) return existing;
  const created = await tx.shareRefund.create({ data: { ...row, lines: JSON.stringify(row.lines) } });
  await enqueue(tx, {
    shop: row.shop,
    kind: 'shopify.shareRefund',
    payload: { refundId: created.id },
    dedupeKey: shareRefundKey(created.id),
  });
  return created;
}

/**
 * Inside a removal's transaction, after the item was deleted (or its quantity lowered, `lowered`: only
 * those units go, under their own key): when its guest's share is paid, the share takes its new amounts
 * (the split of what is left, fees, tip and budget included) and what was paid over the new guestCents
 * goes back, with the item's order line (restock CANCEL). Returns the refund.
 */
export async function refundRemovedItem(
  tx: Tx,
  shop: string,
  item: OrderItem,
  actor: 'host' | 'guest',
  lowered?: { from: number; to: number },
) {
  if (!item.guestId) return null;
  const share = await tx.guestShare.findFirst({ where: { shop, guestId: item.guestId } });
  if (!share || !PAID_STATES.includes(share.paymentStatus) || !share.shopifyOrderId) return null;
  const next = await shareOfGuestNow(tx, shop, item.groupOrderId, item.guestId);
  const held = await stillHeld(tx, share);
  const units = lowered ? lowered.from - lowered.to : item.quantity;
  await tx.guestShare.updateMany({ where: { id: share.id, shop }, data: next });
  return queueRefund(tx, {
    shop,
    groupOrderId: item.groupOrderId,
    shareId: share.id,
    key: lowered ? `lower:${item.id}:${lowered.from}:${lowered.to}` : `removal:${item.id}`,
    kind: 'removal',
    shopifyOrderId: share.shopifyOrderId,
    // Never below nothing: a share whose fee part grew (others removed items) is not charged here.
    amountCents: Math.max(0, held - next.guestCents),
    lines: [{ itemId: item.id, quantity: units }],
    what: removedItemText({ ...item, quantity: units }),
    actor,
  });
}

/**
 * Inside the kitchen's cancel: every paid share gets back all its order still holds, every line leaving.
 * Returns the amount per guest, for the cancel e-mail (which says it, so no second e-mail goes).
 */
export async function refundCancelledOrder(tx: Tx, shop: string, groupOrderId: number) {
  const shares = await tx.guestShare.findMany({
    where: { shop, groupOrderId, paymentStatus: { in: PAID_STATES }, shopifyOrderId: { not: null } },
  });
  const amounts = new Map<number, number>();
  for (const share of shares) {
    const held = await stillHeld(tx, share);
    await queueRefund(tx, {
      shop,
      groupOrderId,
      shareId: share.id,
      key: `cancel:${share.id}`,
      kind: 'cancel',
      shopifyOrderId: share.shopifyOrderId!,
      amountCents: held,
      lines: 'all',
    });
    if (held > 0) amounts.set(share.guestId, held);
  }
  return amounts;
}

/** Whether the kitchen's cancel of this order already sent guests' money back (it cannot be undone). */
export async function cancelRefunded(tx: Tx, shop: string, groupOrderId: number) {
  const kinds = ['cancel', 'late-cancel'];
  return (await tx.shareRefund.count({ where: { shop, groupOrderId, kind: { in: kinds } } })) > 0;
}

/** orders/paid a share cannot take (paid, left out, cancelled) refunded whole, once; `overpaid`: the part over. */
export async function refundWholeOrder(
  tx: Tx,
  shop: string,
  share: { id: number; groupOrderId: number },
  order: { orderId: string; totalCents: number },
  kind: 'second-payment' | 'left-out' | 'late-cancel' | 'overpaid',
) {
  const prefix = { 'second-payment': 'second', 'left-out': 'late', 'late-cancel': 'late', overpaid: 'over' };
  return queueRefund(tx, {
    shop,
    groupOrderId: share.groupOrderId,
    shareId: share.id,
    key: `${prefix[kind]}:${order.orderId}`,
    kind,
    shopifyOrderId: order.orderId,
    amountCents: order.totalCents,
    lines: kind === 'overpaid' ? [] : 'all',
  });
}

/** A share's refunded amount and state from the refunds made on its own order (each counted once). */
async function settleShare(tx: Tx, shop: string, shareId: number) {
  const share = await tx.guestShare.findFirst({ where: { id: shareId, shop } });
  const states = ['paid', 'partially-refunded', 'refunded', 'left-out-paid'];
  if (!share?.shopifyOrderId || !states.includes(share.paymentStatus)) return;
  const done = await tx.shareRefund.aggregate({
    where: { shop, shareId, shopifyOrderId: share.shopifyOrderId, status: 'done' },
    _sum: { amountCents: true },
  });
  const refundedCents = Math.min(share.paidCents, done._sum.amountCents ?? 0);
  // A payment after the items were left out stays money to give back until all of it went back.
  const partly = share.paymentStatus === 'left-out-paid' ? 'left-out-paid' : 'partially-refunded';
  const paymentStatus = refundedCents >= share.paidCents && refundedCents > 0 ? 'refunded' : partly;
  const status = refundedCents <= 0 && partly !== 'left-out-paid' ? 'paid' : paymentStatus;
  await tx.guestShare.updateMany({
    where: { id: share.id, shop },
    data: { refundedCents, paymentStatus: status },
  });
}

/**
 * The app's refund `rowId` was made in Shopify as `refundId` for `amountCents`: recorded once (only a
 * pending row moves), the share settled, and the guest told by e-mail (the kitchen's cancel already told
 * them). From the outbox job or from the refunds/create webhook, whichever comes first.
 */
export async function completeRefund(
  tx: Tx,
  shop: string,
  done: { rowId: number; refundId: string | null; amountCents: number; at: Date },
  settings: MailSettings,
) {
  // A webhook that did not know the refund was ours may have counted it as Shopify's: it is ours.
  if (done.refundId) {
    await tx.shareRefund.deleteMany({ where: { shop, shopifyRefundId: done.refundId, kind: 'shopify' } });
  }
  const { count } = await tx.shareRefund.updateMany({
    where: { id: done.rowId, shop, status: 'pending' },
    data: {
      status: 'done',
      shopifyRefundId: done.refundId,
      amountCents: done.amountCents,
      doneAt: done.at,
      lastError: null,
    },
  });
  if (count === 0) return false;
  const row = await tx.shareRefund.findFirstOrThrow({ where: { id: done.rowId, shop } });
  await settleShare(tx, shop, row.shareId);
  if (row.kind !== 'cancel' && row.amountCents > 0) await tellGuest(tx, shop, row, settings);
  return true;
}

async function tellGuest(
  tx: Tx,
  shop: string,
  row: { shareId: number; kind: string; what: string; actor: string | null; amountCents: number },
  settings: MailSettings,
) {
  const share = await tx.guestShare.findFirst({
    where: { id: row.shareId, shop },
    include: { guest: true, groupOrder: true },
  });
  const email = share?.guest.email;
  if (!share || !email) return;
  const byPayment = ['second-payment', 'left-out', 'late-cancel', 'overpaid'] as const;
  const reason =
    byPayment.find((kind) => kind === row.kind) ?? (row.actor === 'guest' ? 'guest-removed' : 'host-removed');
  await queueEmail(
    tx,
    shop,
    await refundEmail(
      share.groupOrder,
      { name: share.guest.name, email, language: share.guest.language },
      {
        amountCents: row.amountCents,
        what: row.what,
        reason,
        keptCents: Math.max(0, share.paidCents - share.refundedCents),
      },
      settings,
    ),
  );
}

export type ShopifyRefund = { refundId: string; orderId: string; note: string | null; refundedCents: number };

/**
 * refunds/create (or a refund listed in orders/cancelled): counted once by its refund id. The app's own
 * (its note names the row) completes that row; another (the merchant, in Shopify's admin) on a share's
 * order is recorded as Shopify's. Returns what it was.
 */
export async function recordShopifyRefund(
  tx: Tx,
  shop: string,
  refund: ShopifyRefund,
  settings: MailSettings,
  at: Date,
): Promise<'known' | 'ours' | 'shopify' | 'not-a-share'> {
  if (await tx.shareRefund.findFirst({ where: { shop, shopifyRefundId: refund.refundId } })) return 'known';
  const rowId = markedRow(refund.note);
  const row = rowId
    ? await tx.shareRefund.findFirst({ where: { id: rowId, shop, shopifyOrderId: refund.orderId } })
    : null;
  if (row) {
    await completeRefund(
      tx,
      shop,
      { rowId: row.id, refundId: refund.refundId, amountCents: refund.refundedCents, at },
      settings,
    );
    return 'ours';
  }
  const share = await tx.guestShare.findFirst({ where: { shop, shopifyOrderId: refund.orderId } });
  if (!share || refund.refundedCents <= 0) return 'not-a-share';
  await tx.shareRefund.create({
    data: {
      shop,
      groupOrderId: share.groupOrderId,
      shareId: share.id,
      key: `shopify:${refund.refundId}`,
      kind: 'shopify',
      shopifyOrderId: refund.orderId,
      amountCents: refund.refundedCents,
      status: 'done',
      shopifyRefundId: refund.refundId,
      doneAt: at,
    },
  });
  await settleShare(tx, shop, share.id);
  return 'shopify';
}
