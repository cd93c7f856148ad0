import type { OrderItem } from '@prisma/client';
import { Conflict, Invalid } from '../../lib/errors';
import { ORDER_LIMIT_MESSAGES, ORDER_LIMITS } from '../../lib/limits';
import { prepared, type Param } from '../../db/prepared.server';
import type { Db } from '../../db/query.server';
import { overBudget, refusesOverage, type BudgetRule } from '../../lib/moneyShares';
import { say } from '../../lib/sentences.server';

// The one home of the size limits that depend on what an order already holds (app/lib/limits.ts): lines
// per order, guests per order, lines and units per guest. Every write that adds items or changes a
// quantity (a whole-cart confirm, a one-item add, a line merged into an earlier one, a usual order
// confirmed from the cart, a guest's PATCH of a quantity) does the same three steps inside its
// transaction, after it took the order's write lock (the order row's lock on PostgreSQL, BEGIN
// IMMEDIATE on SQLite): read the guest's items here, work out the guest's items as the write would leave
// them, and ask checkGuestItems. Racing writes to one order therefore wait for each other and cannot
// all pass, and a new route that changes quantities has one function to call rather than rules to copy.

type Quantity = Pick<OrderItem, 'quantity'>;

/** What the order holds as the write starts: its lines, and how many people have items in it. */
export type OrderCounts = { lines: number; participants: number };

/**
 * This guest's own items (at most linesPerGuest) and the order's line count, in one statement: it counts
 * and never reads the order's other items, so its cost stays flat however full the order is. The count
 * reads only the index on the order's id: the caller checked the order is this shop's, and an item
 * carries its order's shop.
 */
export async function readGuestItems(db: Db, shop: string, groupOrderId: number, guestId: number) {
  const rows = await guestItemsAndLines(db, { shop, groupOrderId, guestId });
  const mine = rows.filter(isItem).map(({ lines: _lines, ...item }) => item);
  return { lines: Number(rows[0]?.lines ?? 0), mine };
}

const guestItemsAndLines = prepared(
  (db, param: Param<{ shop: string; groupOrderId: number; guestId: number }>) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('OrderItem')
          .select((count) => count.fn.countAll().as('lines'))
          .where('groupOrderId', '=', param('groupOrderId'))
          .as('c'),
      )
      .leftJoin('OrderItem as i', (join) =>
        join
          .on('i.shop', '=', param('shop'))
          .on('i.groupOrderId', '=', param('groupOrderId'))
          .on('i.guestId', '=', param('guestId')),
      )
      .select('c.lines')
      .selectAll('i')
      .orderBy('i.id'),
);

/** A row of the LEFT JOIN above that found one of the guest's items (its columns are then set). */
function isItem<T extends { id: number | null }>(row: T): row is T & OrderItem {
  return row.id !== null;
}

const units = (items: Quantity[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * Refuses a write that would leave the order or this guest past a limit. `before` is the guest's items as
 * read under the lock, `after` the same guest's items as the write would leave them (merged lines
 * counted once). Only growth is refused: a guest already past a limit (it was lower once) can still
 * lower a quantity or remove a line.
 */
export function checkGuestItems(order: OrderCounts, before: Quantity[], after: Quantity[]) {
  const addedLines = after.length - before.length;
  if (addedLines > 0 && order.lines + addedLines > ORDER_LIMITS.linesPerOrder) {
    throw new Conflict(ORDER_LIMIT_MESSAGES.linesPerOrder, { limit: 'linesPerOrder' });
  }
  // People, not names (guests.server.ts): two guests called Bob are two guests.
  if (!before.length && after.length && order.participants >= ORDER_LIMITS.guestsPerOrder) {
    throw new Conflict(ORDER_LIMIT_MESSAGES.guestsPerOrder, { limit: 'guestsPerOrder' });
  }
  if (addedLines > 0 && after.length > ORDER_LIMITS.linesPerGuest) {
    throw new Invalid(ORDER_LIMIT_MESSAGES.linesPerGuest, { limit: 'linesPerGuest' }, true);
  }
  const unitsAfter = units(after);
  if (unitsAfter > ORDER_LIMITS.quantityPerGuest && unitsAfter > units(before)) {
    throw new Invalid(ORDER_LIMIT_MESSAGES.quantityPerGuest, { limit: 'quantityPerGuest' }, true);
  }
}

const cents = (items: Pick<OrderItem, 'totalCents'>[]) =>
  items.reduce((sum, item) => sum + item.totalCents, 0);

/**
 * Refuses a write that would leave a budget-mode guest's items over their budget when the host chose
 * "refuse" (issue 25): "$2.40 over your $15.00 budget". Called beside checkGuestItems by every write that
 * adds items or raises a quantity, under the same lock, so racing writes cannot overspend. Only growth is
 * refused: a guest left over a lowered budget can still lower a quantity or remove a line.
 */
export function checkGuestBudget(
  order: BudgetRule & { currency: string },
  before: Pick<OrderItem, 'totalCents'>[],
  after: Pick<OrderItem, 'totalCents'>[],
) {
  if (!refusesOverage(order)) return;
  const total = cents(after);
  const over = overBudget(order, total);
  if (over > 0 && total > cents(before)) {
    throw new Invalid(
      say('money.api.overBudget', {
        over: { cents: over, currency: order.currency },
        budget: { cents: order.budgetCents!, currency: order.currency },
      }),
      { limit: 'budget', overCents: over, budgetCents: order.budgetCents },
      true,
    );
  }
}
