import prisma from '../../db.server';
import { NotFound } from '../../lib/errors';
import { enqueue } from './outbox.server';

// The hand-off of a submitted group order to Shopify as a draft order, through the outbox: queued with
// the submit, watched by the merchant's dashboard, and sent again when the merchant asks.

type Tx = Parameters<typeof enqueue>[0];

/** One delivery per order: its outbox message's dedupe key. */
const draftOrderKey = (id: number) => `draft-order:${id}`;

/**
 * Called in the same transaction that marks a group order submitted: queues the Shopify draft-order
 * sync. One pending sync per order (dedupe key), so a double submit or a reopen-and-resubmit collapses
 * into a single delivery that creates or updates the same draft order.
 */
export async function queueDraftOrderSync(tx: Tx, shop: string, groupOrderId: number) {
  const { count } = await tx.groupOrder.updateMany({
    where: { id: groupOrderId, shop },
    data: { shopifyState: 'pending', shopifyError: null },
  });
  if (count === 0) throw new NotFound('Group order not found');
  return enqueue(tx, {
    shop,
    kind: 'shopify.draftOrder',
    payload: { groupOrderId },
    dedupeKey: draftOrderKey(groupOrderId),
  });
}

export type HandoffMessage = {
  dedupeKey: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  leaseUntil: Date | null;
  lastError: string | null;
};

/** A pending hand-off nobody has tried for this long (is the worker running?) is offered a retry. */
export const HANDOFF_STUCK_MS = 2 * 60_000;

/**
 * Whether the merchant is offered "Retry now": the hand-off failed, or it is pending but nothing is
 * delivering it (the worker that claimed it died, it is waiting to retry after an error, or it is overdue).
 */
export function handoffNeedsRetry(state: string, message: HandoffMessage | undefined, now = new Date()) {
  if (state === 'failed') return true;
  if (state !== 'pending') return false;
  if (!message || message.status !== 'pending') {
    return message?.status !== 'sending' || !message.leaseUntil || message.leaseUntil < now;
  }
  return message.attempts > 0 || message.nextAttemptAt.getTime() < now.getTime() - HANDOFF_STUCK_MS;
}

/** The draft-order outbox messages of these orders, by order id (one query). */
export async function handoffMessages(shop: string, rows: { id: number; shopifyState: string }[]) {
  const ids = rows.filter((row) => row.shopifyState === 'pending' || row.shopifyState === 'failed');
  if (!ids.length) return new Map<number, HandoffMessage>();
  const messages = await prisma.outboxMessage.findMany({
    where: { shop, kind: 'shopify.draftOrder', dedupeKey: { in: ids.map((row) => draftOrderKey(row.id)) } },
    select: {
      dedupeKey: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      leaseUntil: true,
      lastError: true,
    },
  });
  return new Map(messages.map((m) => [Number(m.dedupeKey!.split(':')[1]), m]));
}

/**
 * "Retry now": the merchant sends a submitted order to Shopify again (after a failure, or when the
 * hand-off is stuck). Refused while a worker holds a live claim on it: that delivery is under way.
 */
export async function retryDraftOrderSync(
  shop: string,
  id: number,
  now = new Date(),
): Promise<'queued' | 'not-found' | 'busy'> {
  return prisma.$transaction(async (tx) => {
    const order = await tx.groupOrder.findFirst({ where: { id, shop }, select: { status: true } });
    if (!order || order.status === 'active') return 'not-found';
    const current = await tx.outboxMessage.findFirst({
      where: { shop, dedupeKey: draftOrderKey(id), status: 'sending', leaseUntil: { gt: now } },
      select: { id: true },
    });
    if (current) return 'busy';
    await queueDraftOrderSync(tx, shop, id);
    return 'queued';
  });
}
