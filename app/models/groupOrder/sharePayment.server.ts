import prisma from '../../db.server';
import { closedReason } from '../../lib/groupOrder';
import { deliverMessagesNow } from '../outbox/outbox.server';
import { parseLeftOutItems } from './unpaidShares.server';
import { queueShareDrafts, shareDraftKey } from '../outbox/shareDraftSync.server';
import { payPath, signedShare } from './payLinks.server';

// "Pay my share" (issue 25): the guest's own link to their share's invoice checkout. The link names the
// share and carries a signature over the shop and the share (the app's secret), so it is the guest's own:
// only their token-holding browser is given it (getOwnGuest) and their own e-mail carries it; another
// share's id with this signature, or this link on another shop, is refused. Opening it refreshes the share
// and its draft, so the checkout always asks the amount the guest owes now.

export type PayRefusal = 'bad-link' | 'paid' | 'cancelled' | 'closed' | 'nothing' | 'not-ready' | 'left-out';

/**
 * The invoice URL to send the guest to, or why not. A share still being prepared is synced in this
 * request through the outbox's own claim (so a worker and this request never both create its draft).
 */
export async function openShareCheckout(
  shop: string,
  params: { shareId?: string; signature?: string },
): Promise<{ url: string } | { refused: PayRefusal }> {
  const shareId = signedShare(shop, params.shareId, params.signature);
  if (!shareId) return { refused: 'bad-link' };
  const share = await prisma.guestShare.findFirst({
    where: { id: shareId, shop },
    select: {
      groupOrderId: true,
      guestId: true,
      paymentStatus: true,
      groupOrder: { select: { status: true, deadlineAt: true } },
    },
  });
  if (!share) return { refused: 'bad-link' };
  if (share.groupOrder.status === 'cancelled') return { refused: 'cancelled' };
  if (share.paymentStatus === 'left-out' || share.paymentStatus === 'left-out-paid')
    return { refused: 'left-out' };
  if (share.paymentStatus === 'covered') return { refused: 'nothing' };
  if (!['none', 'pending'].includes(share.paymentStatus)) return { refused: 'paid' };
  // Ordering closed (submitted, or its deadline passed): what becomes of an unpaid share is the deadline's
  // rule (left out, or the host covers it), not a late checkout (docs/decisions/2026-11-27-money-proof.md).
  if (closedReason(share.groupOrder) !== null) return { refused: 'closed' };
  await prisma.$transaction((tx) => queueShareDrafts(tx, shop, share.groupOrderId));
  const waiting = { shop, dedupeKey: shareDraftKey(shareId), status: { in: ['pending', 'sending'] } };
  const due = await prisma.outboxMessage.findFirst({ where: waiting, select: { id: true } });
  if (due) await deliverMessagesNow([due.id]);
  const now = await prisma.guestShare.findFirstOrThrow({ where: { id: shareId, shop } });
  // Settled at submit (unpaidShares.server.ts): left out, or covered by the host.
  if (now.paymentStatus === 'left-out' || now.paymentStatus === 'left-out-paid')
    return { refused: 'left-out' };
  if (now.paymentStatus === 'covered') return { refused: 'nothing' };
  if (!['none', 'pending'].includes(now.paymentStatus)) return { refused: 'paid' };
  if (now.guestCents <= 0) return { refused: 'nothing' };
  // Not made yet, or its update failed or is still under way elsewhere: the checkout could ask a stale amount.
  const stale = due ? await prisma.outboxMessage.count({ where: { id: due.id, ...waiting } }) : 0;
  if (!now.shopifyInvoiceUrl || stale) return { refused: 'not-ready' };
  return { url: now.shopifyInvoiceUrl };
}

/** What the guest's own pages show about their share: its amount, whether it is paid, and their link. */
export async function shareForGuest(shop: string, guestId: number) {
  const share = await prisma.guestShare.findFirst({ where: { shop, guestId } });
  if (!share) return null;
  const paid = share.paymentStatus !== 'none' && share.paymentStatus !== 'pending';
  if (!paid && share.guestCents <= 0) return null;
  // Settled at submit (unpaidShares.server.ts): nothing to pay any more, and the page says why.
  const settled = ['left-out', 'left-out-paid', 'covered'].includes(share.paymentStatus) || !!share.leftOutAt;
  return {
    itemsCents: share.itemsCents,
    feesCents: share.feesCents,
    tipCents: share.tipCents,
    guestCents: paid && !settled ? share.paidCents : share.guestCents,
    companyCents: share.companyCents,
    // A late payment after a leave-out, refunded in full: still the left-out card, saying so.
    status: share.leftOutAt && share.paymentStatus === 'refunded' ? 'left-out-refunded' : share.paymentStatus,
    /** Given back on the guest's card (issue 25: an item removed after paying, a cancel). */
    refundedCents: share.refundedCents,
    payUrl: paid ? null : payPath(shop, share.id),
    leftOut: parseLeftOutItems(share.leftOutItems).map((item) => item.text),
    paidCents: share.paidCents,
  };
}
