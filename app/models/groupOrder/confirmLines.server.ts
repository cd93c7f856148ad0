import type { OrderItem } from '@prisma/client';
import type { Selectable } from 'kysely';
import type { DB } from '~db/tables';
import { asMade, joinKeys, parseAllergens, parseDiets } from '../../lib/allergens';
import { lineKey } from '../../lib/cart';
import { Conflict, Invalid, type Said } from '../../lib/errors';
import { known, say } from '../../lib/sentences.server';
import { validateSelection } from '../../lib/modifiers';
import { MAX_QUANTITY, priceLine } from '../../lib/pricing';
import { isSoldOut } from '../../lib/soldOut';
import type { CartMenu } from '../menu/menuCache.server';
import type { ConfirmRequest } from './confirmReplay.server';
import { parseModifiers } from './groupOrder.server';
import type { ResolvedGuest } from './guests.server';

// A confirm's lines, worked out in memory before anything is written: each priced from the menu (any
// price a client sent is ignored), then merged into the guest's earlier items where it repeats one.

/**
 * A new OrderItem row: every column but the id, each one named. The confirm's INSERT writes exactly
 * these, so a column added to OrderItem does not compile here until the confirm says what it holds.
 */
export type NewOrderItem = Omit<Selectable<DB['OrderItem']>, 'id'>;

/** A priced line, with the key it merges by (the item, its options and its note). */
type PricedLine = NewOrderItem & { key: string };

/** The cart's lines priced from the menu; a line the menu cannot serve refuses the whole confirm. */
export function priceLines(
  shop: string,
  request: ConfirmRequest,
  order: { id: number },
  guest: ResolvedGuest,
  { items, modifiers }: CartMenu,
  now: Date,
): PricedLine[] {
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const many = request.lines.length > 1;
  const writtenAt = new Date();
  return request.lines.map((line, index) => {
    // "Item 2: …" when the cart has several lines, in the request's language where it is answered.
    const where = (said: Said | string) =>
      many
        ? say('api.item.line', {
            number: index + 1,
            reason: typeof said === 'string' ? known(said) : said.sentence,
          })
        : said;
    const menuItem = itemsById.get(line.menuItemId);
    if (!menuItem) throw new Invalid(where(say('api.item.notOnMenu')));
    if (isSoldOut(menuItem, now)) {
      throw new Conflict(where(say('api.item.soldOut', { name: menuItem.name })), {
        reason: 'sold-out',
        menuItemId: menuItem.id,
      });
    }
    const selection = validateSelection(modifiers, menuItem, line.selectedModifiers);
    if (!selection.ok) throw new Invalid(where(selection.refused));
    const price = priceLine(menuItem.priceCents, selection.modifiers, line.quantity);
    const chosen = selection.modifiers.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      priceDeltaCents: m.priceDeltaCents,
    }));
    const made = asMade(
      { allergens: parseAllergens(menuItem.allergens), diets: parseDiets(menuItem.diets) },
      selection.modifiers,
    );
    return {
      key: lineKey(
        menuItem.id,
        chosen.map((m) => m.id),
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
      selectedModifiers: JSON.stringify(chosen),
      unitPriceCents: price.unitCents,
      totalCents: price.totalCents,
      allergens: joinKeys(made.allergens),
      diets: joinKeys(made.diets),
      specialInstructions: line.note ?? null,
      confirmationKey: request.confirmationKey,
      line: line.line,
      createdAt: writtenAt,
    };
  });
}

/** What a confirm writes: new rows, earlier items with a new quantity, and what the order's totals gain. */
export type Merged = {
  /** Each line's item as that line left it (new ones get their id once inserted). */
  items: OrderItem[];
  /** New rows by cart line, with the items that stand for them (a later line may merge into one). */
  inserts: Map<number, { row: NewOrderItem; views: OrderItem[] }>;
  /** Earlier items whose quantity grew, by id. */
  updates: Map<number, OrderItem>;
  /** The guest's items as the confirm leaves them. */
  mine: OrderItem[];
  addedUnits: number;
  addedCents: number;
};

/** Merge key of an item already written: its line key and unit price. */
const keyOf = (item: OrderItem) =>
  `${lineKey(
    item.menuItemId,
    parseModifiers(item.selectedModifiers).map((m) => m.id),
    item.specialInstructions,
  )}@${item.unitPriceCents}`;

/**
 * "Add more items" then the same Flat White again is "2x Flat White", not a second "1x" line: a line
 * merges into the guest's item with the same item, options, note and unit price (a changed menu price
 * stays a line of its own, and so does the same item with another note). The new lines become one
 * INSERT with their final quantities, each merged earlier line one UPDATE.
 */
export function mergeLines(guestItems: OrderItem[], lines: PricedLine[]): Merged {
  const mine = [...guestItems];
  const mineKeys = mine.map(keyOf);
  const merged: Merged = {
    items: [],
    inserts: new Map(),
    updates: new Map(),
    mine,
    addedUnits: 0,
    addedCents: 0,
  };
  for (const { key, ...data } of lines) {
    const mergeKey = `${key}@${data.unitPriceCents}`;
    const index = mineKeys.indexOf(mergeKey);
    const same = index >= 0 ? mine[index] : undefined;
    let item: OrderItem;
    if (same && same.quantity + data.quantity <= MAX_QUANTITY) {
      const quantity = same.quantity + data.quantity;
      item = { ...same, quantity, totalCents: priceLine(same.unitPriceCents, [], quantity).totalCents };
      merged.addedCents += item.totalCents - same.totalCents;
      const pending = [...merged.inserts.values()].find((insert) => insert.views.includes(same));
      if (pending) {
        pending.row = { ...pending.row, quantity: item.quantity, totalCents: item.totalCents };
        pending.views.push(item);
      } else merged.updates.set(item.id, item);
      mine[index] = item;
    } else {
      item = { ...data, id: 0 };
      merged.addedCents += item.totalCents;
      merged.inserts.set(data.line, { row: data, views: [item] });
      mine.push(item);
      mineKeys.push(mergeKey);
    }
    merged.addedUnits += data.quantity;
    merged.items.push(item);
  }
  return merged;
}
