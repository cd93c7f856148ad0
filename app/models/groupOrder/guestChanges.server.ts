import type { Prisma } from '@prisma/client';
import type { Language } from '../../lib/language';
import prisma from '../../db.server';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { NOT_YOUR_ORDER_MESSAGE, personKey } from '../../lib/guests';
import { priceLine } from '../../lib/pricing';
import { queueDraftOrderSync } from '../outbox/handoff.server';
import { inPrismaTransaction } from '../../db/query.server';
import { getShopSettings } from '../shop/settings.server';
import { CLOSED_MESSAGES, closedReason } from './groupOrder.server';
import { requireOwnGuest } from './guests.server';
import { requireHostOrder, type HostCredentials } from './hosting.server';
import { recordHostRemoval } from './hostRemovals.server';
import { queueShareDrafts } from '../outbox/shareDraftSync.server';
import { refuseIfSharePaid } from './guestShares.server';
import { refundRemovedItem } from './shareRefunds.server';
import { checkGuestBudget, checkGuestItems, readGuestItems } from './itemLimits.server';

// Changes to confirmed items and notes: a guest's own, while the order accepts changes; the host's
// removals, until the kitchen starts. Each keeps the order's running totals in step.

type Db = Prisma.TransactionClient;

const ITEM_GONE = 'That item is no longer in the order.';

/** Recomputes the order's running totals from its items, inside the caller's transaction. */
async function refreshTotals(tx: Db, shop: string, groupOrderId: number) {
  const [sums, people] = await Promise.all([
    tx.orderItem.aggregate({ where: { shop, groupOrderId }, _sum: { quantity: true, totalCents: true } }),
    tx.orderItem.findMany({
      where: { shop, groupOrderId },
      select: { guestId: true, guestName: true },
      distinct: ['guestId', 'guestName'],
    }),
  ]);
  // People, not names: two guests never count as one, and a guest's renamed snapshot never as two.
  const participants = new Set(people.map(personKey));
  const { count } = await tx.groupOrder.updateMany({
    where: { id: groupOrderId, shop },
    data: {
      participantCount: participants.size,
      totalItems: sums._sum.quantity ?? 0,
      totalCents: sums._sum.totalCents ?? 0,
    },
  });
  if (count === 0) throw new NotFound('Group order not found');
}

/** Inside a write: the order must still accept changes; its row's UPDATE takes the lock the confirm takes. */
async function lockOpenOrder(db: Db, shop: string, groupOrderId: number, now: Date) {
  const order = await db.groupOrder.findFirst({ where: { id: groupOrderId, shop } });
  if (!order) throw new NotFound('Group order not found');
  const reason = closedReason(order, now);
  if (reason) throw new Conflict(CLOSED_MESSAGES[reason].replace('added', 'changed'), { reason });
  const open = await db.groupOrder.updateMany({
    where: { id: order.id, shop, status: 'active', deadlineAt: { gt: now } },
    data: { updatedAt: now },
  });
  if (open.count === 0) throw new Conflict(CLOSED_MESSAGES.submitted, { reason: 'submitted' });
  return order;
}

/**
 * The language the guest's request asks for (requestedLanguage) becomes theirs, for their e-mails: written
 * only when it changed, so a change in the language they already use costs no write.
 */
async function keepLanguage(
  tx: Db,
  shop: string,
  guest: { id: number; language: string | null },
  language: Language | null | undefined,
) {
  if (!language || language === guest.language) return;
  await tx.guest.updateMany({ where: { id: guest.id, shop }, data: { language } });
}

async function findItem(db: Db, shop: string, itemId: number) {
  const item = await db.orderItem.findFirst({ where: { id: itemId, shop } });
  if (!item) throw new NotFound(ITEM_GONE);
  return item;
}

/** A guest sets the quantity of one of their own items (a set, not an add: sending it twice is the same). */
export async function setOwnItemQuantity(
  shop: string,
  itemId: number,
  input: { guestName: string; token: string | null; quantity: number; language?: Language | null },
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    const item = await findItem(tx, shop, itemId);
    const order = await lockOpenOrder(tx, shop, item.groupOrderId, now);
    const guest = await requireOwnGuest(tx, shop, item.groupOrderId, input.guestName, input.token);
    if (item.guestId !== guest.id) throw new Forbidden(NOT_YOUR_ORDER_MESSAGE);
    // A paid share may lower a quantity (those units are refunded, as a removal is); raising stays refused.
    // The same quantity again (a double tap) changes nothing.
    if (input.quantity > item.quantity) {
      refuseIfSharePaid(await tx.guestShare.findFirst({ where: { shop, guestId: guest.id } }));
    }
    await keepLanguage(tx, shop, guest, input.language);
    // The confirm's limits, read under the same lock (itemLimits.server.ts): a raised quantity counts.
    const { lines, mine } = await readGuestItems(inPrismaTransaction(tx), shop, order.id, guest.id);
    // The unit price is the one the guest confirmed (modifiers included); the server multiplies it.
    const price = priceLine(item.unitPriceCents, [], input.quantity);
    const after = mine.map((line) =>
      line.id === item.id ? { quantity: input.quantity, totalCents: price.totalCents } : line,
    );
    checkGuestItems({ lines, participants: order.participantCount }, mine, after);
    checkGuestBudget(order, mine, after);
    const { count } = await tx.orderItem.updateMany({
      where: { id: item.id, shop },
      data: { quantity: input.quantity, totalCents: price.totalCents },
    });
    if (count === 0) throw new NotFound(ITEM_GONE);
    await refreshTotals(tx, shop, item.groupOrderId);
    if (input.quantity < item.quantity) {
      const lowered = { from: item.quantity, to: input.quantity };
      await refundRemovedItem(tx, shop, item, 'guest', lowered);
    }
    await queueShareDrafts(tx, shop, item.groupOrderId, guest.id);
    return item.groupOrderId;
  });
}

/**
 * An item id this shop no longer has: removing twice is not an error, so an item this shop's order once
 * held (its confirm's receipt keeps the id) answers with that order; an id this shop never had (another
 * shop's item, or a made-up one) is not found, as every other look-up across shops.
 */
async function alreadyRemoved(tx: Db, shop: string, itemId: number) {
  const receipt = await tx.confirmedLine.findFirst({
    where: { shop, orderItemId: itemId },
    select: { groupOrderId: true },
  });
  if (!receipt) throw new NotFound(ITEM_GONE);
  return receipt.groupOrderId;
}

/**
 * Removes an item: its guest (their token, while the order accepts changes) or the host (until the kitchen
 * moves the order; a submitted order's Shopify draft is then updated through the outbox, as a resubmit does).
 */
export async function removeItem(
  shop: string,
  itemId: number,
  who: {
    guestName?: string | null;
    guestToken?: string | null;
    host?: HostCredentials | null;
    /** The guest's request's language (requestedLanguage), kept as theirs. */
    language?: Language | null;
  },
  now = new Date(),
) {
  // Read before the transaction (the first read for a shop writes its defaults): the guest's e-mail's sender.
  const byHost = Boolean(who.host && (who.host.hostToken || who.host.customerId));
  const settings = byHost ? await getShopSettings(shop) : null;
  return prisma.$transaction(async (tx) => {
    const item = await tx.orderItem.findFirst({ where: { id: itemId, shop } });
    if (!item) return alreadyRemoved(tx, shop, itemId);
    if (who.host && settings) {
      const order = await requireHostOrder(shop, item.groupOrderId, who.host, tx);
      if (order.kitchenState) {
        throw new Conflict(
          'The kitchen has started on this order, so items can no longer be removed. Please contact the shop.',
        );
      }
      await tx.orderItem.deleteMany({ where: { id: item.id, shop } });
      await refreshTotals(tx, shop, order.id);
      // A paid guest gets the item's money back; their refund e-mail then says what went and why.
      const refund = await refundRemovedItem(tx, shop, item, 'host');
      await recordHostRemoval(tx, order, item, settings, now, !refund?.amountCents);
      await queueShareDrafts(tx, shop, order.id, item.guestId);
      if (order.status !== 'active' && order.shopifyState !== 'none') {
        await queueDraftOrderSync(tx, shop, order.id);
      }
      return order.id;
    }
    await lockOpenOrder(tx, shop, item.groupOrderId, now);
    const guest = await requireOwnGuest(
      tx,
      shop,
      item.groupOrderId,
      who.guestName ?? '',
      who.guestToken ?? null,
    );
    if (item.guestId !== guest.id) throw new Forbidden(NOT_YOUR_ORDER_MESSAGE);
    await keepLanguage(tx, shop, guest, who.language);
    await tx.orderItem.deleteMany({ where: { id: item.id, shop } });
    await refreshTotals(tx, shop, item.groupOrderId);
    // Removing is allowed after paying: the item's money goes back (adding stays refused until top-ups).
    await refundRemovedItem(tx, shop, item, 'guest');
    await queueShareDrafts(tx, shop, item.groupOrderId, guest.id);
    return item.groupOrderId;
  });
}

/** A guest replaces (or clears) their one note while the order accepts changes. */
export async function setOwnNote(
  shop: string,
  groupOrderId: number,
  input: { guestName: string; token: string | null; specialInstructions: string | null },
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    await lockOpenOrder(tx, shop, groupOrderId, now);
    const guest = await requireOwnGuest(tx, shop, groupOrderId, input.guestName, input.token);
    const { count } = await tx.guest.updateMany({
      where: { id: guest.id, shop },
      data: { specialInstructions: input.specialInstructions },
    });
    if (count === 0) throw new NotFound('We could not find an order under that name.');
  });
}
