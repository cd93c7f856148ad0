import prisma from '../../db.server';
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
// on another.

export async function findGroupOrder(shop: string, id: number) {
  return prisma.groupOrder.findFirst({ where: { id, shop } });
}

/** The order a page's URL segment names; a segment that is not an id finds nothing. */
export async function findGroupOrderByParam(shop: string, param: string | undefined) {
  const id = toId(param);
  return id === null ? null : findGroupOrder(shop, id);
}

export async function findGroupOrderByCode(shop: string, code: string) {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  return prisma.groupOrder.findUnique({ where: { shop_code: { shop, code: normalized } } });
}

export async function getGroupOrderWithItems(shop: string, id: number) {
  return prisma.groupOrder.findFirst({
    where: { id, shop },
    include: { items: { orderBy: { id: 'asc' }, include: { guest: GUEST_NOTE } } },
  });
}

/** What summaries need of an item's guest: who they are and their one note. */
export const GUEST_NOTE = { select: { id: true, name: true, specialInstructions: true } } as const;
