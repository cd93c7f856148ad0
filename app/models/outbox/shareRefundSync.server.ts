import prisma from '../../db.server';
import { centsToDecimal, decimalToCents } from '../../lib/money';
import { ITEM_ATTRIBUTE } from '../../lib/shareDraftInput';
import { unauthenticated } from '../../shopify.server';
import { completeRefund, parseRefundLines, refundMarker } from '../groupOrder/shareRefunds.server';
import { getShopSettings } from '../shop/settings.server';
import { rejectIfErrors, run, type AdminGraphql, type UserError } from './draftOrderSync.server';
import { PermanentOutboxError, registerOutboxHandler, type OutboxResult } from './outbox.server';

// Sends one of the app's refunds (a ShareRefund row, shareRefunds.server.ts) to Shopify with refundCreate,
// from the outbox only. Never twice: before asking, the order's refunds are read and one whose note names
// this row is taken as done (a crash or a lost answer after Shopify made it); the mutation carries
// Shopify's @idempotent key of the row, so even two deliveries at once get one refund. The money asked is
// never more than the order's net payment. The row is completed in one transaction with the share's new
// state and the guest's e-mail, whether here or by the refunds/create webhook that reports it first.

type Money = { shopMoney: { amount: string } };
type RefundOrder = {
  id: string;
  netPaymentSet: Money;
  transactions: { id: string; kind: string; status: string; gateway: string }[];
  refunds: { id: string; note: string | null; totalRefundedSet: Money }[];
  lineItems: {
    nodes: {
      id: string;
      refundableQuantity: number;
      customAttributes: { key: string; value: string | null }[];
    }[];
  };
};

const REFUND_ORDER = `#graphql
  query ShareRefundOrder($id: ID!) {
    order(id: $id) {
      id
      netPaymentSet { shopMoney { amount } }
      transactions(first: 50) { id kind status gateway }
      refunds(first: 100) { id note totalRefundedSet { shopMoney { amount } } }
      lineItems(first: 250) { nodes { id refundableQuantity customAttributes { key value } } }
    }
  }`;

const CREATE_REFUND = `#graphql
  mutation CreateShareRefund($input: RefundInput!, $key: String!) {
    refundCreate(input: $input) @idempotent(key: $key) {
      refund { id note totalRefundedSet { shopMoney { amount } } }
      userErrors { field message }
    }
  }`;

const cents = (money: Money) => decimalToCents(money.shopMoney.amount) ?? 0;

/** The reason Shopify keeps with the refund (the merchant reads it), ending with the row's marker. */
const NOTES: Record<string, string> = {
  removal: 'Group order: item removed after paying',
  cancel: 'Group order cancelled by the kitchen',
  'second-payment': 'Group order: this share was already paid',
};

/** The order lines that leave with this refund: the removed items' lines, or every line still there. */
function refundLines(order: RefundOrder, lines: ReturnType<typeof parseRefundLines>) {
  const open = order.lineItems.nodes.filter((line) => line.refundableQuantity > 0);
  if (lines === 'all') {
    return open.map((line) => ({
      lineItemId: line.id,
      quantity: line.refundableQuantity,
      restockType: 'CANCEL',
    }));
  }
  return lines.flatMap(({ itemId, quantity }) => {
    const line = open.find((l) =>
      l.customAttributes.some((a) => a.key === ITEM_ATTRIBUTE && a.value === String(itemId)),
    );
    return line
      ? [
          {
            lineItemId: line.id,
            quantity: Math.min(quantity, line.refundableQuantity),
            restockType: 'CANCEL',
          },
        ]
      : [];
  });
}

async function adminClient(shop: string): Promise<AdminGraphql> {
  try {
    return (await unauthenticated.admin(shop)).admin.graphql as AdminGraphql;
  } catch (error) {
    throw new PermanentOutboxError(
      `The app has no access to this shop (is it installed?). ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
}

/** Makes refund `rowId` in Shopify (or finds it made) and records it. */
export async function syncShareRefund(
  shop: string,
  rowId: number,
  graphql?: AdminGraphql,
): Promise<OutboxResult> {
  const row = await prisma.shareRefund.findFirst({ where: { id: rowId, shop } });
  if (!row) throw new PermanentOutboxError(`Refund ${rowId} no longer exists.`);
  if (row.status !== 'pending') return { status: 'sent' };
  const settings = await getShopSettings(shop);
  const finish = (refundId: string | null, amountCents: number) =>
    prisma.$transaction((tx) =>
      completeRefund(tx, shop, { rowId, refundId, amountCents, at: new Date() }, settings),
    );
  const client = graphql ?? (await adminClient(shop));
  const marker = refundMarker(row.id);
  const found = await run<{ order: RefundOrder | null }>(client, REFUND_ORDER, { id: row.shopifyOrderId });
  const order = found.order;
  if (!order) return fail(shop, rowId, 'The Shopify order to refund no longer exists.');
  const made = order.refunds.find((r) => r.note?.includes(marker));
  if (made) {
    await finish(made.id, cents(made.totalRefundedSet));
    return { status: 'sent' };
  }
  const amount = Math.min(row.amountCents, cents(order.netPaymentSet));
  const lines = refundLines(order, parseRefundLines(row.lines));
  if (amount <= 0 && !lines.length) {
    await finish(null, 0);
    return { status: 'sent' };
  }
  const sale = order.transactions.find((t) => t.kind === 'SALE' && t.status === 'SUCCESS');
  if (amount > 0 && !sale) return fail(shop, rowId, 'The Shopify order has no payment to refund.');
  const input = {
    orderId: order.id,
    note: `${NOTES[row.kind] ?? 'Group order refund'} ${marker}`,
    notify: true,
    refundLineItems: lines,
    transactions:
      amount > 0
        ? [
            {
              orderId: order.id,
              parentId: sale!.id,
              kind: 'REFUND',
              gateway: sale!.gateway,
              amount: centsToDecimal(amount),
            },
          ]
        : [],
  };
  const answer = await run<{
    refundCreate: { refund: { id: string; totalRefundedSet: Money } | null; userErrors: UserError[] };
  }>(client, CREATE_REFUND, { input, key: `group-order-${shop}-refund-${row.id}` });
  try {
    rejectIfErrors(answer.refundCreate.userErrors);
  } catch (error) {
    return fail(shop, rowId, error instanceof Error ? error.message : String(error));
  }
  const refund = answer.refundCreate.refund!;
  await finish(refund.id, cents(refund.totalRefundedSet));
  return { status: 'sent' };
}

/** Shopify refused the refund: the row is failed (its money counts as still held) and the message too. */
async function fail(shop: string, rowId: number, reason: string): Promise<never> {
  await prisma.shareRefund.updateMany({
    where: { id: rowId, shop, status: 'pending' },
    data: { status: 'failed', lastError: reason.slice(0, 500) },
  });
  throw new PermanentOutboxError(reason);
}

registerOutboxHandler('shopify.shareRefund', async ({ shop, payload }) => {
  const rowId = Number((payload as { refundId?: unknown })?.refundId);
  if (!Number.isInteger(rowId)) throw new PermanentOutboxError('The refund message names no refund.');
  return syncShareRefund(shop, rowId);
});
