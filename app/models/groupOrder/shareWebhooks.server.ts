import type { Prisma } from '@prisma/client';
import { Conflict } from '../../lib/errors';
import { groupOrderTag } from '../../lib/draftOrderInput';
import { SHARE_ATTRIBUTE } from '../../lib/shareDraftInput';
import { markSharePaid } from './guestShares.server';

// What Shopify's order webhooks mean for the guest shares (issue 25), inside the webhook's once-only
// transaction (models/shop/webhooks.server.ts `once`). Every look-up is in the shop the webhook was
// verified for: an order of another shop, or one that is not a share's, changes nothing.

type Tx = Prisma.TransactionClient;

export type PaidOrder = {
  /** The order's GraphQL id (admin_graphql_api_id). */
  orderId: string;
  totalCents: number;
  tags: string[];
  attributes: { name: string; value: string | null }[];
  at: Date;
};

export type PaidOutcome = 'paid' | 'already-paid' | 'second-payment' | 'not-a-share';

/** orders/paid: the share the order's attribute names (and whose group order's tag it carries) is paid. */
export async function recordSharePaid(tx: Tx, shop: string, order: PaidOrder): Promise<PaidOutcome> {
  const named = order.attributes.find((a) => a.name === SHARE_ATTRIBUTE)?.value ?? '';
  const shareId = /^\d{1,10}$/.test(named) ? Number(named) : null;
  if (!shareId) return 'not-a-share';
  const share = await tx.guestShare.findFirst({
    where: { id: shareId, shop },
    select: { id: true, groupOrder: { select: { code: true } } },
  });
  if (!share || !order.tags.includes(groupOrderTag(share.groupOrder.code))) return 'not-a-share';
  try {
    const moved = await markSharePaid(tx, shop, share.id, {
      shopifyOrderId: order.orderId,
      paidCents: order.totalCents,
      at: order.at,
    });
    return moved ? 'paid' : 'already-paid';
  } catch (error) {
    // Paid already by another order (a second checkout got past Shopify's one-per-draft rule): recorded
    // as is for the merchant; refunding it at once is the next part (refundCreate).
    if (error instanceof Conflict) return 'second-payment';
    throw error;
  }
}

/** refunds/create: money back on a share's order makes it partly refunded, or refunded when all is back. */
export async function recordShareRefund(
  tx: Tx,
  shop: string,
  refund: { orderId: string; refundedCents: number },
): Promise<boolean> {
  const share = await tx.guestShare.findFirst({
    where: { shop, shopifyOrderId: refund.orderId, paymentStatus: { in: ['paid', 'partially-refunded'] } },
  });
  if (!share || refund.refundedCents <= 0) return false;
  const refundedCents = Math.min(share.paidCents, share.refundedCents + refund.refundedCents);
  await tx.guestShare.updateMany({
    where: { id: share.id, shop },
    data: {
      refundedCents,
      paymentStatus: refundedCents >= share.paidCents ? 'refunded' : 'partially-refunded',
    },
  });
  return true;
}
