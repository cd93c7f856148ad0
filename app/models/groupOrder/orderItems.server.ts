import { hash as digest } from 'node:crypto';
import { type GroupOrder, type OrderItem } from '@prisma/client';
import prisma, { isUniqueViolation, provider } from '../../db.server';
import { list, plain, sqlTransaction, type Sql } from '../rawSql.server';
import { Conflict, Invalid, Limited, NotFound } from '../../lib/errors';
import { lineKey } from '../../lib/cart';
import { createKeyedQueue } from '../../lib/keyedQueue.server';
import { validateSelection } from '../../lib/modifiers';
import { MAX_QUANTITY, priceLine } from '../../lib/pricing';
import { type ConfirmCartInput, type SingleOrderItemInput } from '../../lib/schemas/orderItems';
import { closedReason, closedText, parseModifiers } from './groupOrder.server';
import { resolveGuest } from './guests.server';
import { checkGuestItems, readGuestItems } from './itemLimits.server';
import { isSoldOut } from '../../lib/soldOut';
import { cartMenu } from '../menu/menuCache.server';
import {
  budgetsInTransactions,
  consumeOrRefuse,
  consumeWithin,
  type Budget,
} from '../limits/hostRateLimits.server';

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

type ConfirmRequest = Omit<ConfirmCartInput, 'items'> & {
  /** cart: the key stands for the whole cart (Review page); line: one call per line (spec client). */
  scope: 'cart' | 'line';
  lines: {
    line: number;
    menuItemId: number;
    quantity: number;
    selectedModifiers: number[];
    /** The guest's note for this line only (OrderItem.specialInstructions). */
    note?: string | null;
  }[];
};

export const KEY_REUSED_MESSAGE =
  'These items were already confirmed with different choices. Check the group order before confirming again.';

/** The items written (or replayed) and the order as the confirm left it, so nobody reads it again. */
export type ConfirmResult = { items: OrderItem[]; replayed: boolean; order: GroupOrder | null };

/** 409 with when and why it closed, which the Review page shows as it is. */
function closedError(
  order: Parameters<typeof closedText>[0],
  reason: Exclude<ReturnType<typeof closedReason>, null>,
) {
  return new Conflict(closedText(order, reason), { reason });
}

/**
 * Confirms a whole cart: every line or none, and the same confirmation key again writes nothing.
 * `budget`, when given, is the client's rate limit, taken whatever the outcome (see `confirm`).
 */
export async function confirmCart(
  shop: string,
  input: ConfirmCartInput,
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
  input: SingleOrderItemInput,
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

// PostgreSQL: one confirm per order at a time in this process, so a burst on one order waits here
// without holding pooled connections (across instances the order's row lock in writeLines serialises
// them). SQLite needs no queue: its one connection already runs one transaction at a time.
const perOrder = createKeyedQueue();
const inOrderQueue = <T>(key: string, task: () => Promise<T>) =>
  provider === 'postgresql' ? perOrder(key, task) : task();

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
    return await inOrderQueue(`${shop}:${request.groupOrderId}`, () =>
      sqlTransaction(async (db) => {
        if (within) await consumeWithin(db, within);
        return writeLines(db, shop, request, now);
      }),
    );
  } catch (error) {
    if (within && !(error instanceof Limited)) await consumeOrRefuse(within.name, within.key);
    // Two identical confirms raced: the loser hits the unique key and answers with the winner's items.
    if (isUniqueViolation(error)) {
      const previous = await findByKey(plain, shop, request);
      if (previous) return replay(previous, request, await readOrder(plain, shop, request.groupOrderId));
      // Two people took the same new name at the same moment: once more, the name now has its guest
      // (this request becomes that guest, or is told the name is taken). Its point is already taken.
      if (retry) return confirm(shop, request, now, undefined, false);
    }
    throw error;
  }
}

/**
 * What an earlier confirm with this key wrote (or merged into), or null when it never ran: every line
 * of the key for a cart, the named line for a single item.
 */
async function findByKey(db: Sql, shop: string, request: ConfirmRequest) {
  const lines = request.scope === 'line' ? request.lines.map((l) => l.line) : [];
  const receipts = await db.rows<ConfirmedLineRow>(
    `SELECT * FROM "ConfirmedLine" WHERE "shop" = $1 AND "groupOrderId" = $2 AND "confirmationKey" = $3
         ${lines.length ? `AND "line" IN (${list(lines.length, 4)})` : ''} ORDER BY "line"`,
    shop,
    request.groupOrderId,
    request.confirmationKey,
    ...lines,
  );
  if (!receipts.length) return null;
  const ids = receipts.map((r) => r.orderItemId).filter((id): id is number => id !== null);
  const items = ids.length
    ? await db.rows<OrderItem>(
        `SELECT * FROM "OrderItem" WHERE "shop" = $1 AND "id" IN (${list(ids.length, 2)})`,
        shop,
        ...ids,
      )
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    receipts,
    items: ids.map((id) => byId.get(id)).filter((item): item is OrderItem => Boolean(item)),
  };
}

// The confirm's statements are plain SQL, one round trip each (rawSql.server.ts): a confirm is the
// request a lunch rush repeats.
type ConfirmedLineRow = { line: number; orderItemId: number | null; requestHash: string | null };
/** The columns of a new OrderItem row, in the order the confirm's INSERT lists them. */
const ITEM_COLUMNS = [
  'shop',
  'groupOrderId',
  'guestId',
  'guestName',
  'guestInitials',
  'guestEmail',
  'menuItemId',
  'menuItemName',
  'quantity',
  'selectedModifiers',
  'unitPriceCents',
  'totalCents',
  'specialInstructions',
  'confirmationKey',
  'line',
  'createdAt',
] as const;
type NewItem = Omit<OrderItem, 'id'>;

/** The same request, whatever the order of modifier ids: what a retry must repeat exactly. */
function requestHash(request: ConfirmRequest) {
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
 * A retry answers with what the key already wrote, but only when it is the same request: a key reused for
 * a different cart is refused (409) rather than answered with the earlier items as if they were this cart.
 * Lines written before fingerprints existed (requestHash null) are trusted as before.
 */
function replay(
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
async function readOrder(db: Sql, shop: string, id: number) {
  const [order] = await db.rows<GroupOrder>(
    `SELECT * FROM "GroupOrder" WHERE "id" = $1 AND "shop" = $2`,
    id,
    shop,
  );
  return order ?? null;
}

const OPEN_ORDER = `"id" = $2 AND "shop" = $3 AND "status" = 'active' AND "deadlineAt" > $1`;
// Only what the confirm checks (the answer's order comes from the totals' UPDATE at the end), the shop's
// menu tag (menuCache.server.ts) and whether the confirmation key has receipts (a retry), in one read.
type OpenOrder = Pick<GroupOrder, 'id' | 'participantCount'> & {
  _menuTag: string | null;
  _keySeen: boolean | number;
};
const OPEN_ORDER_FIELDS = `"id", "participantCount",
  (SELECT "tag" FROM "MenuVersion" WHERE "shop" = $3) AS "_menuTag",
  EXISTS (SELECT 1 FROM "ConfirmedLine"
    WHERE "shop" = $3 AND "groupOrderId" = $2 AND "confirmationKey" = $4) AS "_keySeen"`;
const LOCK_OPEN_ORDER = `UPDATE "GroupOrder" SET "updatedAt" = $1 WHERE ${OPEN_ORDER} RETURNING ${OPEN_ORDER_FIELDS}`;
const READ_OPEN_ORDER = `SELECT ${OPEN_ORDER_FIELDS} FROM "GroupOrder" WHERE ${OPEN_ORDER}`;

/** The confirm's transaction: plain statements only (rawSql.server.ts), nothing through Prisma. */
async function writeLines(tx: Sql, shop: string, request: ConfirmRequest, now: Date): Promise<ConfirmResult> {
  // Take the order's write lock and check it is open in one statement, so a submit cannot slip in
  // between; when it is not, read it to say why (or that it does not exist). On SQLite the transaction
  // holds the database's write lock from its BEGIN IMMEDIATE, so reading the open order is enough.
  const [order] = await tx.rows<OpenOrder>(
    provider === 'postgresql' ? LOCK_OPEN_ORDER : READ_OPEN_ORDER,
    now,
    request.groupOrderId,
    shop,
    request.confirmationKey,
  );
  // A retry of a confirm that already ran answers with what it wrote, whether or not the order is open.
  if (!order || order._keySeen) {
    const previous = await findByKey(tx, shop, request);
    if (previous) {
      const latest = await readOrder(tx, shop, request.groupOrderId);
      if (!latest) throw new NotFound('Group order not found');
      return replay(previous, request, latest);
    }
  }
  if (!order) {
    const latest = await readOrder(tx, shop, request.groupOrderId);
    if (!latest) throw new NotFound('Group order not found');
    throw closedError(latest, closedReason(latest, now) ?? 'submitted');
  }
  const guest = await resolveGuest(tx, shop, order.id, {
    name: request.guestName,
    initials: request.guestInitials,
    email: request.guestEmail,
    token: request.guestToken,
  });
  // This guest's own items (for the limits and to merge repeated lines) and the order's line count, read
  // under the order's lock (itemLimits.server.ts). How many people have items is the order's own running
  // count (participantCount, kept like the totals by every write that adds or removes items).
  const { lines: orderLines, mine } = await readGuestItems(tx, shop, order.id, guest.id);
  const before = [...mine];
  const newcomer = mine.length === 0;

  // Only the menu rows the cart names: its items and the modifiers it selected (validateSelection needs
  // no others), in menu order; from the process's copy of the menu while it holds (menuCache.server.ts).
  const menuIds = [...new Set(request.lines.map((l) => l.menuItemId))];
  const modifierIds = [...new Set(request.lines.flatMap((l) => l.selectedModifiers))];
  const { items: menuItems, modifiers } = await cartMenu(tx, shop, order._menuTag, menuIds, modifierIds);
  const itemsById = new Map(menuItems.map((item) => [item.id, item]));

  const hash = requestHash(request);
  const many = request.lines.length > 1;
  const rows: (NewItem & { key: string })[] = [];
  const writtenAt = new Date();
  for (const [index, line] of request.lines.entries()) {
    const where = many ? `Item ${index + 1}: ` : '';
    const menuItem = itemsById.get(line.menuItemId);
    if (!menuItem) throw new Invalid(`${where}That item is not on the menu.`);
    if (isSoldOut(menuItem, now)) {
      throw new Conflict(`${where}${menuItem.name} is sold out today. Please choose something else.`, {
        reason: 'sold-out',
        menuItemId: menuItem.id,
      });
    }
    const selection = validateSelection(modifiers, menuItem, line.selectedModifiers);
    if (!selection.ok) throw new Invalid(`${where}${selection.message}`);
    const price = priceLine(menuItem.priceCents, selection.modifiers, line.quantity);
    rows.push({
      key: lineKey(
        menuItem.id,
        selection.modifiers.map((m) => m.id),
        line.note,
      ),
      shop,
      groupOrderId: order.id,
      guestId: guest.id,
      guestName: guest.name,
      guestInitials: guest.initials,
      guestEmail: guest.email,
      menuItemId: menuItem.id,
      menuItemName: menuItem.name,
      quantity: line.quantity,
      selectedModifiers: JSON.stringify(
        selection.modifiers.map((m) => ({
          id: m.id,
          name: m.name,
          type: m.type,
          priceDeltaCents: m.priceDeltaCents,
        })),
      ),
      unitPriceCents: price.unitCents,
      totalCents: price.totalCents,
      specialInstructions: line.note ?? null,
      confirmationKey: request.confirmationKey,
      line: line.line,
      createdAt: writtenAt,
    });
  }

  // "Add more items" then the same Flat White again is "2x Flat White", not a second "1x" line: a line
  // merges into the guest's item with the same item, options, note and unit price (a changed menu price
  // stays a line of its own, and so does the same item with another note). Worked out in memory first, then written in as few statements as it takes: the
  // new lines in one INSERT (with their final quantities), each merged earlier line in one UPDATE.
  const keyOf = (item: OrderItem) =>
    `${lineKey(
      item.menuItemId,
      parseModifiers(item.selectedModifiers).map((m) => m.id),
      item.specialInstructions,
    )}@${item.unitPriceCents}`;
  // Each of the guest's items' merge key, in step with `mine` (a new line's is known without parsing).
  const mineKeys = mine.map(keyOf);
  // Each line's item as that line left it (a later line of the cart may merge into it again).
  const items: OrderItem[] = [];
  const inserts = new Map<number, { row: NewItem; views: OrderItem[] }>();
  const updates = new Map<number, OrderItem>();
  // What this confirm adds to the order's running totals (a merge adds its line's difference).
  let addedUnits = 0;
  let addedCents = 0;
  for (const { key, ...data } of rows) {
    const merged = `${key}@${data.unitPriceCents}`;
    const index = mineKeys.indexOf(merged);
    const same = index >= 0 ? mine[index] : undefined;
    let item: OrderItem;
    if (same && same.quantity + data.quantity <= MAX_QUANTITY) {
      const quantity = same.quantity + data.quantity;
      item = {
        ...same,
        quantity,
        totalCents: priceLine(same.unitPriceCents, [], quantity).totalCents,
      };
      addedCents += item.totalCents - same.totalCents;
      const pending = [...inserts.values()].find((insert) => insert.views.includes(same));
      if (pending) {
        pending.row = { ...pending.row, quantity: item.quantity, totalCents: item.totalCents };
        pending.views.push(item);
      } else updates.set(item.id, item);
      mine[index] = item;
    } else {
      item = { ...data, id: 0 };
      addedCents += item.totalCents;
      inserts.set(data.line, { row: data, views: [item] });
      mine.push(item);
      mineKeys.push(merged);
    }
    addedUnits += data.quantity;
    items.push(item);
  }
  // `mine` is now the guest's items as this confirm leaves them: the one check every quantity write makes.
  checkGuestItems({ lines: orderLines, participants: order.participantCount }, before, mine);
  if (inserts.size) {
    const values = [...inserts.values()].map(({ row }) => ITEM_COLUMNS.map((column) => row[column]));
    const created = await tx.rows<{ id: number; line: number }>(
      `INSERT INTO "OrderItem" (${ITEM_COLUMNS.map((c) => `"${c}"`).join(', ')})
       VALUES ${values.map((_, r) => `(${list(ITEM_COLUMNS.length, 1 + r * ITEM_COLUMNS.length)})`).join(', ')}
       RETURNING "id", "line"`,
      ...values.flat(),
    );
    for (const { id, line } of created) for (const view of inserts.get(line)!.views) view.id = id;
  }
  for (const item of updates.values()) {
    await tx.rows(
      `UPDATE "OrderItem" SET "quantity" = $1, "totalCents" = $2 WHERE "id" = $3 AND "shop" = $4`,
      item.quantity,
      item.totalCents,
      item.id,
      shop,
    );
  }
  const receipts = rows.map((row, index) => [
    shop,
    order.id,
    request.confirmationKey,
    row.line,
    items[index].id,
    hash,
    writtenAt,
  ]);
  await tx.rows(
    `INSERT INTO "ConfirmedLine" ("shop", "groupOrderId", "confirmationKey", "line", "orderItemId",
       "requestHash", "createdAt")
     VALUES ${receipts.map((_, r) => `(${list(7, 1 + r * 7)})`).join(', ')}`,
    ...receipts.flat(),
  );
  // One note per guest: a confirm that brings one replaces it; a confirm without one keeps the old note.
  // Only a claim that acts for the guest (resolveGuest's `own`) touches it: a tokenless call only adds.
  if (request.specialInstructions && guest.own) {
    await tx.rows(
      `UPDATE "Guest" SET "specialInstructions" = $1, "updatedAt" = $2 WHERE "id" = $3 AND "shop" = $4`,
      request.specialInstructions,
      new Date(),
      guest.id,
      shop,
    );
  }
  // The running totals move by what this confirm added, in the same transaction: no recount of the
  // order's items. People, not names: a guest's first items make them one more.
  const [updated] = await tx.rows<GroupOrder>(
    `UPDATE "GroupOrder" SET "totalItems" = "totalItems" + $1, "totalCents" = "totalCents" + $2,
       "participantCount" = "participantCount" + $3, "updatedAt" = $4
     WHERE "id" = $5 AND "shop" = $6 RETURNING *`,
    addedUnits,
    addedCents,
    newcomer ? 1 : 0,
    new Date(),
    order.id,
    shop,
  );
  return { items, replayed: false, order: updated };
}

/** Whether this person (browser token, or e-mail) already has confirmed items in the order. */
export async function guestHasItems(shop: string, groupOrderId: number, guestId: number) {
  return (await prisma.orderItem.count({ where: { shop, groupOrderId, guestId } })) > 0;
}
