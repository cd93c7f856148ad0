import { NotFound } from '../../lib/errors';
import { enqueue } from './outbox.server';

type Tx = Parameters<typeof enqueue>[0];

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
    dedupeKey: `draft-order:${groupOrderId}`,
  });
}
