import type { Prisma } from '@prisma/client';
import { Conflict } from '../../lib/errors';
import { groupOrderTag } from '../../lib/draftOrderInput';
import { SHARE_ATTRIBUTE } from '../../lib/shareDraftInput';
import { markSharePaid } from './guestShares.server';
import { queueShareDrafts } from '../outbox/shareDraftSync.server';
import type { MailSettings } from '../mail/words.server';
import { recordShopifyRefund, refundWholeOrder, type ShopifyRefund } from './shareRefunds.server';
import { decimalToCents } from '../../lib/money';

// What Shopify's order webhooks mean for the guest shares (issue 25), inside the webhook's once-only
// transaction (models/shop/webhooks.server.ts `once`). Every look-up is in the shop the webhook was
// verified for: an order of another shop, or one that is not a share's, changes nothing.

type Tx = Prisma.TransactionClient;

export type PaidOrder = {
  /** The order's GraphQL id (admin_graphql_api_id). */
  orderId: string;
  totalCents: number;
  /** What the checkout asked for the share (lines less the discount, before shipping; tax as the shop prices). */
  subtotalCents: number;
  tags: string[];
  attributes: { name: string; value: string | null }[];
  at: Date;
};

export type PaidOutcome =
  'paid' | 'already-paid' | 'second-payment' | 'not-a-share' | 'paid-after-left-out' | 'paid-after-cancel';

/** orders/paid: the share the order's attribute names (and whose group order's tag it carries) is paid. */
export async function recordSharePaid(tx: Tx, shop: string, order: PaidOrder): Promise<PaidOutcome> {
  const named = order.attributes.find((a) => a.name === SHARE_ATTRIBUTE)?.value ?? '';
  const shareId = /^\d{1,10}$/.test(named) ? Number(named) : null;
  if (!shareId) return 'not-a-share';
  const share = await tx.guestShare.findFirst({
    where: { id: shareId, shop },
    select: {
      id: true,
      groupOrderId: true,
      paymentStatus: true,
      feesCents: true,
      tipCents: true,
      companyCents: true,
      guestCents: true,
      groupOrder: { select: { code: true, status: true, kitchenState: true } },
    },
  });
  if (!share || !order.tags.includes(groupOrderTag(share.groupOrder.code))) return 'not-a-share';
  try {
    const moved = await markSharePaid(tx, shop, share.id, {
      shopifyOrderId: order.orderId,
      paidCents: order.totalCents,
      at: order.at,
    });
    // Paid when it could no longer be (left out at submit, or the order cancelled): refunded whole at once.
    if (share.paymentStatus === 'left-out') {
      await refundWholeOrder(tx, shop, share, order, 'left-out');
      return 'paid-after-left-out';
    }
    const { status, kitchenState } = share.groupOrder;
    if (moved && (status === 'cancelled' || kitchenState === 'cancelled')) {
      await refundWholeOrder(tx, shop, share, order, 'late-cancel');
      return 'paid-after-cancel';
    }
    if (moved) await settlePaidAmount(tx, shop, share, order);
    return moved ? 'paid' : 'already-paid';
  } catch (error) {
    // Paid already by another order (a second checkout got past Shopify's one-per-draft rule): that
    // order is refunded whole at once through the outbox (once per order: the refund's key names it).
    if (error instanceof Conflict) {
      await refundWholeOrder(tx, shop, share, order, 'second-payment');
      return 'second-payment';
    }
    throw error;
  }
}

/** A REST refund body as the refund the app counts: its GraphQL id, its order's, its note, its money. */
export function shopifyRefundOf(refund: {
  id: number | string;
  order_id: number | string;
  note?: string | null;
  transactions: { kind: string; status: string; amount: string }[];
}): ShopifyRefund {
  return {
    refundId: `gid://shopify/Refund/${refund.id}`,
    orderId: `gid://shopify/Order/${refund.order_id}`,
    note: refund.note ?? null,
    refundedCents: refund.transactions
      .filter((t) => t.kind === 'refund' && t.status === 'success')
      .reduce((sum, t) => sum + (decimalToCents(t.amount) ?? 0), 0),
  };
}

/** orders/cancelled: the merchant cancelled a share's order; its refunds (if any) are counted by id. */
export async function recordShareOrderCancelled(
  tx: Tx,
  shop: string,
  cancelled: { orderId: string; at: Date; refunds: ShopifyRefund[] },
  settings: MailSettings,
) {
  const share = await tx.guestShare.findFirst({ where: { shop, shopifyOrderId: cancelled.orderId } });
  for (const refund of cancelled.refunds) await recordShopifyRefund(tx, shop, refund, settings, cancelled.at);
  if (!share) return false;
  await tx.guestShare.updateMany({
    where: { id: share.id, shop, cancelledAt: null },
    data: { cancelledAt: cancelled.at },
  });
  return true;
}

/**
 * A guest who paid a draft the outbox had not updated yet (another guest's confirm or removal had just
 * moved their fee or tip share) paid another amount than their share now says. The share becomes what
 * they paid: less, and their fee and tip shares shrink by the difference, which the next split gives the
 * others (the company's where nobody else can take it), and the company covers any rest; more, and the part
 * over goes back at once. Either way the shares again add up to the group total.
 */
async function settlePaidAmount(
  tx: Tx,
  shop: string,
  share: { id: number; groupOrderId: number; feesCents: number; tipCents: number } & {
    companyCents: number;
    guestCents: number;
  },
  order: PaidOrder,
) {
  const over = order.subtotalCents - share.guestCents;
  if (over > 0) {
    await refundWholeOrder(tx, shop, share, { orderId: order.orderId, totalCents: over }, 'overpaid');
  } else if (over < 0) {
    const fees = Math.min(share.feesCents, -over);
    const tip = Math.min(share.tipCents, -over - fees);
    await tx.guestShare.updateMany({
      where: { id: share.id, shop },
      data: {
        feesCents: share.feesCents - fees,
        tipCents: share.tipCents - tip,
        companyCents: share.companyCents - over - fees - tip,
        guestCents: order.subtotalCents,
      },
    });
    await queueShareDrafts(tx, shop, share.groupOrderId);
  }
}
