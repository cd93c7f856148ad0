import { hash as digest } from 'node:crypto';
import type { Language } from '../../lib/language';
import type { GroupOrder, OrderItem } from '@prisma/client';
import type { Db } from '../../db/query.server';
import { Conflict } from '../../lib/errors';
import type { ConfirmCartInput } from '../../lib/schemas/orderItems';

// A confirm's key makes it idempotent: what an earlier confirm with the key wrote, and whether a retry
// is the same request (its fingerprint), so it is answered with those items rather than written twice.

export type ConfirmRequest = Omit<ConfirmCartInput, 'items'> & {
  /** cart: the key stands for the whole cart (Review page); line: one call per line (spec client). */
  scope: 'cart' | 'line';
  /** The language the request asks for (not part of the request's hash): kept as the guest's. */
  language?: Language | null;
  lines: {
    line: number;
    menuItemId: number;
    quantity: number;
    selectedModifiers: number[];
    /** The guest's note for this line only (OrderItem.specialInstructions). */
    note?: string | null;
  }[];
};

/** The items written (or replayed) and the order as the confirm left it, so nobody reads it again. */
export type ConfirmResult = { items: OrderItem[]; replayed: boolean; order: GroupOrder | null };

const KEY_REUSED_MESSAGE =
  'These items were already confirmed with different choices. Check the group order before confirming again.';

/** The same request, whatever the order of modifier ids: what a retry must repeat exactly. */
export function requestHash(request: ConfirmRequest) {
  const canonical = {
    scope: request.scope,
    guestName: request.guestName,
    guestInitials: request.guestInitials ?? null,
    guestEmail: request.guestEmail ?? null,
    specialInstructions: request.specialInstructions ?? null,
    // A line's note only when it has one, so a retry of a confirm from before line notes still matches.
    lines: request.lines.map((l) => [
      l.line,
      l.menuItemId,
      l.quantity,
      [...l.selectedModifiers].sort((a, b) => a - b),
      ...(l.note ? [l.note] : []),
    ]),
  };
  return digest('sha256', JSON.stringify(canonical), 'base64url');
}

/**
 * What an earlier confirm with this key wrote (or merged into), or null when it never ran: every line
 * of the key for a cart, the named line for a single item.
 */
export async function findByKey(db: Db, shop: string, request: ConfirmRequest) {
  let query = db
    .selectFrom('ConfirmedLine')
    .select(['line', 'orderItemId', 'requestHash'])
    .where('shop', '=', shop)
    .where('groupOrderId', '=', request.groupOrderId)
    .where('confirmationKey', '=', request.confirmationKey);
  if (request.scope === 'line') {
    query = query.where(
      'line',
      'in',
      request.lines.map((l) => l.line),
    );
  }
  const receipts = await query.orderBy('line').execute();
  if (!receipts.length) return null;
  const ids = receipts.map((r) => r.orderItemId).filter((id): id is number => id !== null);
  const items = ids.length
    ? await db.selectFrom('OrderItem').selectAll().where('shop', '=', shop).where('id', 'in', ids).execute()
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    receipts,
    items: ids.map((id) => byId.get(id)).filter((item): item is OrderItem => Boolean(item)),
  };
}

/**
 * A retry answers with what the key already wrote, but only when it is the same request: a key reused for
 * a different cart is refused (409) rather than answered with the earlier items as if they were this cart.
 * Lines written before fingerprints existed (requestHash null) are trusted as before.
 */
export function replay(
  previous: { receipts: { requestHash: string | null }[]; items: OrderItem[] },
  request: ConfirmRequest,
  order: GroupOrder | null,
): ConfirmResult {
  const { receipts, items } = previous;
  const hash = requestHash(request);
  const sameLines = request.scope === 'line' || receipts.length === request.lines.length;
  if (!sameLines || receipts.some((r) => r.requestHash !== null && r.requestHash !== hash)) {
    throw new Conflict(KEY_REUSED_MESSAGE, { reason: 'key-reused' });
  }
  return { items, replayed: true, order };
}

/** The order as it stands (the shop's own only), or null. */
export async function readOrder(db: Db, shop: string, id: number): Promise<GroupOrder | null> {
  return (
    (await db
      .selectFrom('GroupOrder')
      .selectAll()
      .where('id', '=', id)
      .where('shop', '=', shop)
      .executeTakeFirst()) ?? null
  );
}
