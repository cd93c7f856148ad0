import { prepared, preparedRows, type Param, type RowParams } from '../../db/prepared.server';
import type { Selectable } from 'kysely';
import type { DB } from '~db/tables';
import { writesOneAtATime, type Db } from '../../db/query.server';
import { Conflict, NotFound } from '../../lib/errors';
import { cartMenu } from '../menu/menuCache.server';
import { mergeLines, priceLines, type Merged, type NewOrderItem } from './confirmLines.server';
import {
  findByKey,
  readOrder,
  replay,
  requestHash,
  type ConfirmRequest,
  type ConfirmResult,
} from './confirmReplay.server';
import { closedReason } from './groupOrder.server';
import { closedSaid } from '../../lib/sentences.server';
import { resolveGuest, type ResolvedGuest } from './guests.server';
import { checkGuestBudget, checkGuestItems, readGuestItems } from './itemLimits.server';
import { refuseIfSharePaid } from './guestShares.server';

// The confirm's transaction: every statement on the transaction handle, one round trip each (a confirm is
// the request a lunch rush repeats).

/**
 * Takes the order's write lock and checks it is open in one statement, so a submit cannot slip in
 * between; with it, the shop's menu tag (menuCache.server.ts) and whether the confirmation key has
 * receipts (a retry). No row when the order is not open (or not this shop's). The lock is the row's
 * FOR UPDATE where transactions write side by side (PostgreSQL); where they run one at a time (SQLite)
 * the transaction already holds the database's write lock, and reading the row is enough.
 */
const lockOpenOrder = prepared(
  (trx, param: Param<{ groupOrderId: number; shop: string; now: Date; confirmationKey: string }>) =>
    trx
      .selectFrom('GroupOrder')
      .where('id', '=', param('groupOrderId'))
      .where('shop', '=', param('shop'))
      .where('status', '=', 'active')
      .where('deadlineAt', '>', param('now'))
      .select((eb) => [
        'id',
        'participantCount',
        // The budget rule (issue 25), read with the row the lock already reads: no extra round trip.
        'paymentMode',
        'budgetCents',
        'overagePolicy',
        'currency',
        eb
          .selectFrom('MenuVersion')
          .select('tag')
          .where('MenuVersion.shop', '=', param('shop'))
          .as('menuTag'),
        eb
          .exists(
            eb
              .selectFrom('ConfirmedLine')
              .select('ConfirmedLine.id')
              .where('ConfirmedLine.shop', '=', param('shop'))
              .where('ConfirmedLine.groupOrderId', '=', param('groupOrderId'))
              .where('ConfirmedLine.confirmationKey', '=', param('confirmationKey')),
          )
          .as('keySeen'),
      ])
      .$if(!writesOneAtATime, (query) => query.forUpdate()),
);

/** The lines of one confirm, written with the order's running totals; a retry answers as before. */
export async function writeLines(
  trx: Db,
  shop: string,
  request: ConfirmRequest,
  now: Date,
): Promise<ConfirmResult> {
  const [order] = await lockOpenOrder(trx, {
    groupOrderId: request.groupOrderId,
    shop,
    now,
    confirmationKey: request.confirmationKey,
  });
  // A retry of a confirm that already ran answers with what it wrote, whether or not the order is open.
  if (!order || order.keySeen) {
    const previous = await findByKey(trx, shop, request);
    if (previous) {
      const latest = await readOrder(trx, shop, request.groupOrderId);
      if (!latest) throw new NotFound('Group order not found');
      return replay(previous, request, latest);
    }
  }
  if (!order) {
    const latest = await readOrder(trx, shop, request.groupOrderId);
    if (!latest) throw new NotFound('Group order not found');
    // 409 with when and why it closed, which the Review page shows as it is.
    const reason = closedReason(latest, now) ?? 'submitted';
    throw new Conflict(closedSaid(latest, reason), { reason });
  }
  const guest = await resolveGuest(trx, shop, order.id, {
    name: request.guestName,
    initials: request.guestInitials,
    email: request.guestEmail,
    token: request.guestToken,
    language: request.language,
  });
  // Where guests pay (issue 25), a guest whose share is paid adds nothing until top-ups exist.
  if (order.paymentMode !== 'company') {
    refuseIfSharePaid((await shareOf(trx, { guestId: guest.id, shop }))[0]);
  }
  // This guest's own items (for the limits and to merge repeated lines) and the order's line count, read
  // under the order's lock (itemLimits.server.ts). How many people have items is the order's own running
  // count (participantCount, kept like the totals by every write that adds or removes items).
  const { lines: orderLines, mine } = await readGuestItems(trx, shop, order.id, guest.id);
  // Only the menu rows the cart names, from the process's copy of the menu while it holds.
  const menu = await cartMenu(
    trx,
    shop,
    order.menuTag,
    [...new Set(request.lines.map((l) => l.menuItemId))],
    [...new Set(request.lines.flatMap((l) => l.selectedModifiers))],
  );
  const merged = mergeLines(mine, priceLines(shop, request, order, guest, menu, now));
  // The one check every quantity write makes, on the guest's items as this confirm leaves them.
  checkGuestItems({ lines: orderLines, participants: order.participantCount }, mine, merged.mine);
  checkGuestBudget(order, mine, merged.mine);
  return writeMerged(trx, shop, request, { id: order.id, newcomer: mine.length === 0 }, guest, merged);
}

/** The merged lines, their receipts, the guest's note and the order's running totals. */
async function writeMerged(
  trx: Db,
  shop: string,
  request: ConfirmRequest,
  order: { id: number; newcomer: boolean },
  guest: ResolvedGuest,
  { items, inserts, updates, addedUnits, addedCents }: Merged,
): Promise<ConfirmResult> {
  if (inserts.size) {
    const created = await insertItems(
      trx,
      [...inserts.values()].map(({ row }) => row),
    );
    for (const { id, line } of created) for (const view of inserts.get(line)!.views) view.id = id;
  }
  for (const item of updates.values()) {
    await updateQuantity(trx, { quantity: item.quantity, totalCents: item.totalCents, id: item.id, shop });
  }
  const hash = requestHash(request);
  const writtenAt = new Date();
  await insertReceipts(
    trx,
    request.lines.map((line, index) => ({
      shop,
      groupOrderId: order.id,
      confirmationKey: request.confirmationKey,
      line: line.line,
      orderItemId: items[index].id,
      requestHash: hash,
      createdAt: writtenAt,
    })),
  );
  // One note per guest: a confirm that brings one replaces it; a confirm without one keeps the old note.
  // Only a claim that acts for the guest (resolveGuest's `own`) touches it: a tokenless call only adds.
  if (request.specialInstructions && guest.own) {
    await updateNote(trx, {
      specialInstructions: request.specialInstructions,
      now: new Date(),
      id: guest.id,
      shop,
    });
  }
  // What the guest avoids likewise: a confirm that says replaces it (an empty list clears it).
  if (request.avoids !== undefined && guest.own) {
    await updateAvoids(trx, { avoids: request.avoids, now: new Date(), id: guest.id, shop });
  }
  // The running totals move by what this confirm added, in the same transaction: no recount of the
  // order's items. People, not names: a guest's first items make them one more.
  const [updated] = await addToTotals(trx, {
    addedUnits,
    addedCents,
    newcomers: order.newcomer ? 1 : 0,
    now: new Date(),
    id: order.id,
    shop,
  });
  return { items, replayed: false, order: updated ?? null };
}

/** The guest's share's payment state (money orders only). */
const shareOf = prepared((trx, param: Param<{ guestId: number; shop: string }>) =>
  trx
    .selectFrom('GuestShare')
    .select('paymentStatus')
    .where('guestId', '=', param('guestId'))
    .where('shop', '=', param('shop')),
);

/** The order's running totals moved by one confirm; the order as it then is. */
const addToTotals = prepared(
  (
    trx,
    param: Param<{
      addedUnits: number;
      addedCents: number;
      newcomers: number;
      now: Date;
      id: number;
      shop: string;
    }>,
  ) =>
    trx
      .updateTable('GroupOrder')
      .set((eb) => ({
        totalItems: eb('totalItems', '+', param('addedUnits')),
        totalCents: eb('totalCents', '+', param('addedCents')),
        participantCount: eb('participantCount', '+', param('newcomers')),
        updatedAt: param('now'),
      }))
      .where('id', '=', param('id'))
      .where('shop', '=', param('shop'))
      .returningAll(),
);

/** The confirm's new lines, one row each (the cart's count decides the shape); their ids and lines. */
const insertItems = preparedRows((trx, rows: RowParams<NewOrderItem>[]) =>
  trx.insertInto('OrderItem').values(rows).returning(['id', 'line']),
);

/** A merged line's new quantity and total. */
const updateQuantity = prepared(
  (trx, param: Param<{ quantity: number; totalCents: number; id: number; shop: string }>) =>
    trx
      .updateTable('OrderItem')
      .set({ quantity: param('quantity'), totalCents: param('totalCents') })
      .where('id', '=', param('id'))
      .where('shop', '=', param('shop')),
);

/** One receipt per line of the request: what a retry of the same confirmation key answers from. */
const insertReceipts = preparedRows((trx, rows: RowParams<Receipt>[]) =>
  trx.insertInto('ConfirmedLine').values(rows),
);
type Receipt = Omit<Selectable<DB['ConfirmedLine']>, 'id'>;

/** The guest's note, replaced by a confirm that brings one. */
const updateNote = prepared(
  (trx, param: Param<{ specialInstructions: string; now: Date; id: number; shop: string }>) =>
    trx
      .updateTable('Guest')
      .set({ specialInstructions: param('specialInstructions'), updatedAt: param('now') })
      .where('id', '=', param('id'))
      .where('shop', '=', param('shop')),
);

/** What the guest avoids (allergen and diet keys), replaced by a confirm that says. */
const updateAvoids = prepared((trx, param: Param<{ avoids: string; now: Date; id: number; shop: string }>) =>
  trx
    .updateTable('Guest')
    .set({ avoids: param('avoids'), updatedAt: param('now') })
    .where('id', '=', param('id'))
    .where('shop', '=', param('shop')),
);
