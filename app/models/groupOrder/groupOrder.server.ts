import type { GroupOrder } from '@prisma/client';
import { db } from '../../db/query.server';
import { normalizeCode, toId } from '../../lib/code';

// The pure rules and serializers live in app/lib/groupOrder.ts (pages use them too); re-exported here for
// the models and routes that read orders.
export {
  CLOSED_MESSAGES,
  closedMessage,
  closedReason,
  closedText,
  guestNote,
  orderTitle,
  parseModifiers,
  serializeGroupOrder,
  serializeItem,
  summarize,
  type ClosedReason,
  type GuestSummary,
  type ModifierSnapshot,
  type SerializedGroupOrder,
} from '../../lib/groupOrder';

// Reading group orders: every lookup is scoped by shop, so an id or code from one shop never resolves
// on another. They run on the query layer (app/db/query.server.ts): every storefront page starts with one
// of them, and a Prisma look-up costs a page about 1.5 ms of CPU where the same statement costs 0.05 ms
// on the driver (docs/decisions/2026-11-27-page-loaders-on-the-query-layer.md).

export async function findGroupOrder(shop: string, id: number): Promise<GroupOrder | null> {
  const order = await db
    .selectFrom('GroupOrder')
    .selectAll()
    .where('id', '=', id)
    .where('shop', '=', shop)
    .executeTakeFirst();
  return order ?? null;
}

/** The order a page's URL segment names; a segment that is not an id finds nothing. */
export async function findGroupOrderByParam(shop: string, param: string | undefined) {
  const id = toId(param);
  return id === null ? null : findGroupOrder(shop, id);
}

export async function findGroupOrderByCode(shop: string, code: string): Promise<GroupOrder | null> {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const order = await db
    .selectFrom('GroupOrder')
    .selectAll()
    .where('shop', '=', shop)
    .where('code', '=', normalized)
    .executeTakeFirst();
  return order ?? null;
}

/** The order with its lines in the order they were added, each with its guest's name and note. */
export async function getGroupOrderWithItems(shop: string, id: number) {
  const order = await findGroupOrder(shop, id);
  if (!order) return null;
  const rows = await db
    .selectFrom('OrderItem as i')
    // A line's guest is always one of its order's guests (the confirm resolves the guest within the order).
    // Naming the order here lets PostgreSQL read only the order's guests by their index even when its
    // statistics misjudge the order's size: otherwise it may hash-join the whole Guest table (7 ms, not 0.2).
    .leftJoin('Guest as g', (join) =>
      join.onRef('g.id', '=', 'i.guestId').on('g.shop', '=', shop).on('g.groupOrderId', '=', id),
    )
    .selectAll('i')
    .select(['g.name as _guestName', 'g.specialInstructions as _guestNote'])
    .where('i.groupOrderId', '=', id)
    .where('i.shop', '=', shop)
    .orderBy('i.id')
    .execute();
  const items = rows.map(({ _guestName, _guestNote, ...item }) => ({
    ...item,
    guest:
      item.guestId !== null && _guestName !== null
        ? { id: item.guestId, name: _guestName, specialInstructions: _guestNote }
        : null,
  }));
  return { ...order, items };
}

/** What summaries need of an item's guest: who they are and their one note. */
export const GUEST_NOTE = { select: { id: true, name: true, specialInstructions: true } } as const;
