import prisma, { isUniqueViolation } from '../../db.server';
import { db, transaction } from '../../db/query.server';
import { Limited } from '../../lib/errors';
import type { ConfirmCartInput, SingleOrderItemInput } from '../../lib/schemas/orderItems';
import {
  budgetsInTransactions,
  consumeOrRefuse,
  consumeWithin,
  type Budget,
} from '../limits/rateLimits.server';
import {
  findByKey,
  readOrder,
  replay,
  type ConfirmRequest,
  type ConfirmResult,
} from './confirmReplay.server';
import { writeLines } from './confirmWrite.server';
import { queueShareDrafts } from '../outbox/shareDraftSync.server';
import type { Language } from '../../lib/language';

// The request schemas live in app/lib/schemas/orderItems.ts (the Review page types its body with them);
// re-exported here for the routes and models that import them from the model.
export {
  ConfirmCartSchema,
  GUEST_NAME_MAX,
  GuestEmailSchema,
  GuestInitialsSchema,
  GuestNameSchema,
  SingleOrderItemSchema,
  type ConfirmCartInput,
  type SingleOrderItemInput,
} from '../../lib/schemas/orderItems';

// Guests' items: validated and priced on the server from the menu (any price a client sends is ignored),
// written atomically with the order's running totals, and idempotent per confirmation key. Items belong to
// a guest (a person, see guests.server.ts); the same item with the same options merges into one line.

/** The language the request asks for (requestedLanguage), kept as the guest's for their e-mails. */
type Asked = { language?: Language | null };

/**
 * Confirms a whole cart: every line or none, and the same confirmation key again writes nothing.
 * `budget`, when given, is the client's rate limit, taken whatever the outcome (see `confirm`).
 */
export async function confirmCart(
  shop: string,
  input: ConfirmCartInput & Asked,
  now = new Date(),
  budget?: Budget,
): Promise<ConfirmResult> {
  return confirm(
    shop,
    { ...input, scope: 'cart', lines: input.items.map((item, line) => ({ ...item, line })) },
    now,
    budget,
  );
}

/** One item per call (the spec's client). A key + line makes a retried call idempotent too. */
export async function addOrderItem(
  shop: string,
  input: SingleOrderItemInput & Asked,
  now = new Date(),
  budget?: Budget,
) {
  // `specialInstructions` is the guest's note (the spec's client sends one per call); `note` is the line's.
  const { confirmationKey, line, menuItemId, quantity, selectedModifiers, note, ...guest } = input;
  const key = confirmationKey ?? `single-${crypto.randomUUID()}`;
  const result = await confirm(
    shop,
    {
      ...guest,
      confirmationKey: key,
      scope: 'line',
      lines: [{ line: line ?? 0, menuItemId, quantity, selectedModifiers, note }],
    },
    now,
    budget,
  );
  return { item: result.items[0], replayed: result.replayed };
}

/**
 * The confirm, with the client's budget taken first. On SQLite the budget's counter is written in the
 * confirm's own transaction (budgetsInTransactions), so a confirm is one commit, not two; when that
 * transaction fails and rolls back, the point is taken on its own, so failed confirms count too.
 */
async function confirm(
  shop: string,
  request: ConfirmRequest,
  now: Date,
  budget?: Budget,
  retry = true,
): Promise<ConfirmResult> {
  const within = budgetsInTransactions ? budget : undefined;
  if (budget && !within) await consumeOrRefuse(budget.name, budget.key);
  try {
    // One confirm per order at a time in this process (on PostgreSQL; query.server.ts says why).
    const result = await transaction(
      async (trx) => {
        if (within) await consumeWithin(trx, within);
        return writeLines(trx, shop, request, now);
      },
      { queue: `${shop}:${request.groupOrderId}` },
    );
    await afterMoneyChange(shop, result);
    return result;
  } catch (error) {
    if (within && !(error instanceof Limited)) await consumeOrRefuse(within.name, within.key);
    // Two identical confirms raced: the loser hits the unique key and answers with the winner's items.
    if (isUniqueViolation(error)) {
      const previous = await findByKey(db, shop, request);
      if (previous) return replay(previous, request, await readOrder(db, shop, request.groupOrderId));
      // Two people took the same new name at the same moment: once more, the name now has its guest
      // (this request becomes that guest, or is told the name is taken). Its point is already taken.
      if (retry) return confirm(shop, request, now, undefined, false);
    }
    throw error;
  }
}

/**
 * Where guests pay their share (issue 25), the shares are worked out again and the drafts whose amounts
 * moved are queued (shareDraftSync.server.ts), after the confirm's own transaction so the lunch-rush path
 * stays one commit. A crash in between is healed by the next confirm of the order, a retry of this one
 * (a replay lands here too), or the guest's "Pay my share", which refreshes before it opens the checkout.
 */
async function afterMoneyChange(shop: string, result: ConfirmResult) {
  if (!result.order || result.order.paymentMode === 'company') return;
  const { id } = result.order;
  const guestId = result.items[0]?.guestId ?? null;
  await prisma.$transaction((tx) => queueShareDrafts(tx, shop, id, guestId));
}

/** Whether this person (browser token, or e-mail) already has confirmed items in the order. */
export async function guestHasItems(shop: string, groupOrderId: number, guestId: number) {
  return (await prisma.orderItem.count({ where: { shop, groupOrderId, guestId } })) > 0;
}
