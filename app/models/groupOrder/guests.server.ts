import type { Guest, Prisma } from '@prisma/client';
import { z } from 'zod';
import prisma from '../../db.server';
import { Conflict, DomainError, Forbidden, NotFound } from '../../lib/errors';
import { guestNameKey, nameTakenMessage, NOT_YOUR_ORDER_MESSAGE, personKey } from '../../lib/guests';
import { GuestTokenSchema } from '../../lib/guestSchema';
import { hashSecret } from '../../lib/ids.server';
import { MAX_QUANTITY, MIN_QUANTITY, priceLine } from '../../lib/pricing';
import { CLOSED_MESSAGES, closedReason, parseModifiers } from './groupOrder.server';
import { queueDraftOrderSync } from '../outbox/handoff.server';
import { requireHostOrder, type HostCredentials } from './hosting.server';
import { inPrismaTransaction, type Db as Queries } from '../../db/query.server';
import { checkGuestItems, readGuestItems } from './itemLimits.server';
import { typeError } from '../../lib/schemas/typeError';
import { optionalText, readableText, requiredText } from '../../lib/text';
import { getShopSettings } from '../shop/settings.server';
import { parseHostRemovals, recordHostRemoval } from './hostRemovals.server';
import { lineNote } from '../../lib/groupOrder';

// Guests as people: one row per person in an order, bound to the browsers (token hashes) that act for
// them and, when given, their e-mail address. Their own items and note can change until the order closes.

type Db = Prisma.TransactionClient;

const ITEM_GONE = 'That item is no longer in the order.';

/** Recomputes the order's running totals from its items, inside the caller's transaction. */
export async function refreshTotals(tx: Db, shop: string, groupOrderId: number) {
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

export type GuestClaim = {
  name: string;
  initials?: string | null;
  email?: string | null;
  token?: string | null;
};

/** The guest a claim resolved to; `own` when the claim may act for them (their browser, or just created). */
export type ResolvedGuest = Guest & { own: boolean };

/**
 * The guest this browser (token) is in the order, created when the name is free. An e-mail address is
 * not a key: only the browsers that hold the guest's token act for them (a browser gets one by creating
 * the guest, or by opening a one-time link e-mailed to the guest's address, guestLinks.server.ts). A
 * name someone else holds is refused with 409 whatever e-mail comes with it, so the person picks a name
 * that tells them apart (or asks for the link).
 *
 * A claim without a token (the spec's one-item client sends none) may only add items to a guest no
 * browser holds, under the name it created: it changes nothing about that guest, and can never read,
 * change or remove their items (those need a token).
 */
export async function resolveGuest(
  db: Queries,
  shop: string,
  groupOrderId: number,
  claim: GuestClaim,
): Promise<ResolvedGuest> {
  // This runs inside every confirm: one statement, one row per token the guest holds.
  const nameKey = guestNameKey(claim.name);
  const tokenHash = claim.token ? hashSecret(claim.token) : null;
  const now = new Date();
  const rows = await db
    .selectFrom('Guest as g')
    .leftJoin('GuestToken as t', 't.guestId', 'g.id')
    .selectAll('g')
    .select('t.tokenHash as _token')
    .where('g.groupOrderId', '=', groupOrderId)
    .where('g.nameKey', '=', nameKey)
    .execute();
  if (!rows.length) {
    const created = await db
      .insertInto('Guest')
      .values({
        shop,
        groupOrderId,
        name: claim.name.trim().replace(/\s+/g, ' '),
        nameKey,
        initials: claim.initials ?? null,
        email: claim.email ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (tokenHash) await addGuestToken(db, created.id, tokenHash, now);
    return { ...created, own: true };
  }
  const { _token, ...existing } = rows[0];
  const tokens = rows.map((row) => row._token).filter((token): token is string => token !== null);
  if (existing.shop !== shop) throw new NotFound('Group order not found');
  if (!tokenHash) {
    // The spec's client: one tokenless call per cart line, all under the name the first one created.
    if (tokens.length === 0) return { ...existing, own: false };
    throw new Conflict(nameTakenMessage(existing.name), { reason: 'name-taken' });
  }
  if (!tokens.includes(tokenHash)) {
    throw new Conflict(nameTakenMessage(existing.name), { reason: 'name-taken' });
  }
  // The guest's own browser may update their initials and address; a new address is not proven yet.
  const email = claim.email ?? existing.email;
  const updated = await db
    .updateTable('Guest')
    .set({
      initials: claim.initials ?? existing.initials,
      email,
      emailVerifiedAt: email === existing.email ? existing.emailVerifiedAt : null,
      updatedAt: now,
    })
    .where('id', '=', existing.id)
    .where('shop', '=', shop)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...updated, own: true };
}

/** Binds a browser's token (its hash) to a guest; binding the same token twice is a no-op. */
export async function addGuestToken(db: Queries, guestId: number, tokenHash: string, now: Date) {
  const held = await db
    .selectFrom('GuestToken')
    .select('id')
    .where('guestId', '=', guestId)
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (held) return;
  await db.insertInto('GuestToken').values({ guestId, tokenHash, createdAt: now }).execute();
}

/** The guest named in a URL, only for a browser that holds their token; otherwise 403 (or 404). */
async function requireOwnGuest(
  db: Db,
  shop: string,
  groupOrderId: number,
  name: string,
  token: string | null,
) {
  const guest = await db.guest.findUnique({
    where: { groupOrderId_nameKey: { groupOrderId, nameKey: guestNameKey(name) } },
    include: { tokens: { select: { tokenHash: true } } },
  });
  if (!guest || guest.shop !== shop) throw new NotFound('We could not find an order under that name.');
  const hash = token ? hashSecret(token) : null;
  if (!hash || !guest.tokens.some((t) => t.tokenHash === hash)) throw new Forbidden(NOT_YOUR_ORDER_MESSAGE);
  return guest;
}

function itemView(item: Prisma.OrderItemGetPayload<object>, guestNoteText: string | null) {
  return {
    id: item.id,
    menuItemId: item.menuItemId,
    name: item.menuItemName,
    quantity: item.quantity,
    modifiers: parseModifiers(item.selectedModifiers).map((m) => m.name),
    // This line's own note (the guest's note is on the guest; lineNote drops an old copy of it).
    note: lineNote(item, guestNoteText),
    unitPriceCents: item.unitPriceCents,
    totalCents: item.totalCents,
  };
}

/** A guest's own confirmed items and note, for their confirmed and review pages; `mine: false` otherwise. */
export async function getOwnGuest(
  shop: string,
  groupOrderId: number,
  name: string,
  token: string | null,
  now = new Date(),
) {
  const order = await prisma.groupOrder.findFirst({ where: { id: groupOrderId, shop } });
  if (!order) throw new NotFound('Group order not found');
  let guest;
  try {
    guest = await requireOwnGuest(prisma, shop, groupOrderId, name, token);
  } catch (error) {
    // Not this browser's guest (or nobody by that name yet): an answer, not an error, so pages can ask
    // without a failed request in the console.
    if (!(error instanceof DomainError)) throw error;
    return { mine: false as const, message: error.message };
  }
  const items = await prisma.orderItem.findMany({
    where: { shop, groupOrderId, guestId: guest.id },
    orderBy: { id: 'asc' },
  });
  return {
    mine: true as const,
    guest: {
      name: guest.name,
      initials: guest.initials,
      specialInstructions: guest.specialInstructions,
      // Whether the order's e-mails (submitted, ready) reach this guest; never the address itself.
      hasEmail: Boolean(guest.email),
    },
    items: items.map((item) => itemView(item, guest.specialInstructions?.trim() || null)),
    // What the host took out of this guest's order, newest last, so their page can say so.
    removedByHost: parseHostRemovals(guest.hostRemovals),
    totalCents: items.reduce((sum, item) => sum + item.totalCents, 0),
    currency: order.currency,
    acceptingOrders: closedReason(order, now) === null,
    closedReason: closedReason(order, now),
  };
}

/** Inside a write: the order must still accept changes; taking its write lock as the existing confirm does. */
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

const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;

export const GuestItemChangeSchema = z.object({
  guestName: requiredText({ label: 'Your name', max: 60, missing: 'Say whose item this is.' }),
  guestToken: GuestTokenSchema.optional(),
  quantity: z
    .number(typeError(QUANTITY_MESSAGE, QUANTITY_MESSAGE))
    .int(QUANTITY_MESSAGE)
    .min(MIN_QUANTITY, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
});

async function findItem(db: Db, shop: string, itemId: number) {
  const item = await db.orderItem.findFirst({ where: { id: itemId, shop } });
  if (!item) throw new NotFound(ITEM_GONE);
  return item;
}

/** A guest sets the quantity of one of their own items (a set, not an add: sending it twice is the same). */
export async function setOwnItemQuantity(
  shop: string,
  itemId: number,
  input: { guestName: string; token: string | null; quantity: number },
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    const item = await findItem(tx, shop, itemId);
    const order = await lockOpenOrder(tx, shop, item.groupOrderId, now);
    const guest = await requireOwnGuest(tx, shop, item.groupOrderId, input.guestName, input.token);
    if (item.guestId !== guest.id) throw new Forbidden(NOT_YOUR_ORDER_MESSAGE);
    // The confirm's limits, read under the same lock (itemLimits.server.ts): a raised quantity counts.
    const { lines, mine } = await readGuestItems(inPrismaTransaction(tx), shop, order.id, guest.id);
    const after = mine.map((line) => (line.id === item.id ? { quantity: input.quantity } : line));
    checkGuestItems({ lines, participants: order.participantCount }, mine, after);
    // The unit price is the one the guest confirmed (modifiers included); the server multiplies it.
    const price = priceLine(item.unitPriceCents, [], input.quantity);
    const { count } = await tx.orderItem.updateMany({
      where: { id: item.id, shop },
      data: { quantity: input.quantity, totalCents: price.totalCents },
    });
    if (count === 0) throw new NotFound(ITEM_GONE);
    await refreshTotals(tx, shop, item.groupOrderId);
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
  who: { guestName?: string | null; guestToken?: string | null; host?: HostCredentials | null },
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
      await recordHostRemoval(tx, order, item, settings.emailSenderName, now);
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
    await tx.orderItem.deleteMany({ where: { id: item.id, shop } });
    await refreshTotals(tx, shop, item.groupOrderId);
    return item.groupOrderId;
  });
}

export const GuestNoteSchema = z.object({
  guestToken: GuestTokenSchema.optional(),
  specialInstructions: optionalText({
    label: 'Special instructions',
    max: 500,
    multiline: true,
    tooLong: 'Special instructions can be at most 500 characters.',
  }),
});

/** DELETE /api/order-items/{id}: the guest's name and token, or the host's token. */
export const RemoveItemSchema = z.object({
  guestName: optionalText({ label: 'Your name', max: 60 }),
  guestToken: GuestTokenSchema.optional(),
  hostToken: readableText('The host token', 200).optional(),
});

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
