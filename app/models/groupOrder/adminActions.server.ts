import { Conflict, NotFound } from '../../lib/errors';
import type { AdminOrderAction } from '../../lib/schemas/adminOrders';
import type { KitchenState } from '../kitchen/kitchen.server';
import { say } from '../../lib/sentences.server';
import { kitchenWord, moveKitchenState, undoKitchenState } from '../kitchen/kitchen.server';
import { retryDraftOrderSync } from '../outbox/handoff.server';
import { retryEmail } from './adminOrders.server';

// The admin dashboard's buttons, one intent each (AdminOrderActionSchema): "Retry now" for a failed or
// stuck Shopify hand-off or an undelivered e-mail, and a kitchen step moved or undone. Each answers the
// sentence the merchant is shown; a refusal is a domain error the route turns into its status.

/** "ABC123 is now Ready": the toast after a kitchen step, in any language. */
export function movedSaid(order: { code: string; orderType: string }, to: KitchenState) {
  return say('admin.say.moved', { code: order.code, state: kitchenWord(to, order.orderType) });
}

/** Runs one dashboard action for `shop`; `actor` is who a kitchen step is recorded against. */
export async function runAdminOrderAction(shop: string, actor: string, input: AdminOrderAction) {
  switch (input.intent) {
    case 'kitchen-undo':
      await undoKitchenState(shop, input.id, actor);
      return 'Last step undone';
    case 'kitchen-move': {
      const order = await moveKitchenState(shop, input.id, { to: input.to, reason: input.reason, actor });
      return movedSaid(order, input.to);
    }
    case 'retry-email':
      if (!(await retryEmail(shop, input.messageId))) {
        throw new NotFound('That undelivered e-mail was not found.');
      }
      return 'Sending the e-mail again';
    case 'retry-shopify': {
      const outcome = await retryDraftOrderSync(shop, input.id);
      if (outcome === 'not-found') throw new NotFound('Submitted group order not found.');
      if (outcome === 'busy') throw new Conflict('This order is being sent to Shopify right now.');
      return 'Sending to Shopify again';
    }
  }
}
