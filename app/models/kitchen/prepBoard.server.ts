import prisma from '../../db.server';
import { initialsOf } from '../../lib/hosting';
import { personKey } from '../../lib/guests';
import { formatDateTime, formatTime12, utcToZoned, zonedToUtc } from '../../lib/time';
import { guestNote, GUEST_NOTE, parseModifiers } from '../groupOrder/groupOrder.server';
import { kitchenLabel, kitchenStateOf, nextKitchenStep } from './kitchen.server';
import { getShopSettings } from '../shop/settings.server';
import { lineNote, orderTitle } from '../../lib/groupOrder';
import { conflicts, parseAllergens, parseAvoids, parseDiets } from '../../lib/allergens';
import { factsText } from '../../lib/allergenTexts';
import { avoidsText, kitchenConflictText } from '../../lib/allergenStaffTexts';
import { wordsFor } from '../../i18n.server';

// The kitchen's prep board: today's and upcoming submitted orders by pickup time, each with what to make
// (merged counts by item and modifiers) and who it is for (per guest, with notes), plus one label per
// item unit for the printable label roll.

export const PREP_BOARD_LIMIT = 100;

type Line = { key: string; name: string; modifiers: string[]; quantity: number };

/** "Flat White · Large · Oat": the item with its modifiers, as the kitchen reads it. */
export function lineTitle(name: string, modifiers: string[]) {
  return [name, ...modifiers].join(' · ');
}

function mergeKey(name: string, modifiers: string[]) {
  return JSON.stringify([name.trim().toLowerCase(), [...modifiers].map((m) => m.toLowerCase()).sort()]);
}

type PrepItem = {
  id: number;
  guestId: number | null;
  guestName: string;
  guestInitials: string | null;
  menuItemName: string;
  quantity: number;
  selectedModifiers: string;
  specialInstructions: string | null;
  /** The line as made (kept at confirm) and what its guest avoids: comma-separated keys. */
  allergens: string;
  diets: string;
  guest: { id: number; name: string; specialInstructions: string | null; avoids: string } | null;
};

/**
 * A line's allergens and diets as made ("vegetarian; allergens: milk"), and, when its guest avoids something
 * the line has, the kitchen's warning ("CHECK: has milk"); null when nothing conflicts.
 */
function lineFacts(item: PrepItem) {
  const made = { allergens: parseAllergens(item.allergens), diets: parseDiets(item.diets) };
  const against = conflicts(made, parseAvoids(item.guest?.avoids));
  // The kitchen reads English (its own language is not chosen yet).
  const words = wordsFor('en');
  return {
    facts: factsText(made, words),
    conflict: against.length ? kitchenConflictText(against, words) : null,
  };
}

/** The same item with the same modifiers from anyone is one line: "6 × Flat White · Large · Oat". */
export function mergeLines(items: Pick<PrepItem, 'menuItemName' | 'quantity' | 'selectedModifiers'>[]) {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
    const key = mergeKey(item.menuItemName, modifiers);
    const line = lines.get(key) ?? { key, name: item.menuItemName, modifiers, quantity: 0 };
    line.quantity += item.quantity;
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name))
    .map((line) => ({ ...line, title: lineTitle(line.name, line.modifiers) }));
}

function byGuest(items: PrepItem[]) {
  const guests = new Map<
    string,
    { name: string; initials: string; note: string | null; items: PrepItem[] }
  >();
  for (const item of items) {
    const key = personKey(item);
    const name = item.guest?.name ?? item.guestName;
    const entry = guests.get(key) ?? {
      name,
      initials: item.guestInitials || initialsOf(name),
      note: null,
      items: [],
    };
    entry.items.push(item);
    guests.set(key, entry);
  }
  return [...guests.values()].map((guest) => ({
    name: guest.name,
    initials: guest.initials,
    // What the guest avoids, as they said at confirm ("Avoids: milk"); "" when nothing.
    avoids: avoidsText(parseAvoids(guest.items.find((item) => item.guest)?.guest?.avoids), wordsFor('en')),
    note: guestNote(guest.items),
    lines: guest.items.map((item) => {
      const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
      return {
        id: item.id,
        quantity: item.quantity,
        title: lineTitle(item.menuItemName, modifiers),
        note: lineNote(item, guestNote(guest.items)),
        ...lineFacts(item),
      };
    }),
    items: guest.items,
  }));
}

// A line's own note: lineNote in lib/groupOrder.ts, shared with every page that shows lines.
export { lineNote };

/**
 * One label per unit: 2 × Latte for Olivia is two labels, each with her name and initials. Notes belong to
 * what they are about: a line's own instructions go on that line's labels only, and the guest's note (one
 * per guest) once, on the guest's first label, so "Croissant heated" does not land on the coffee's.
 */
export function labelsFor(guests: ReturnType<typeof byGuest>) {
  return guests.flatMap((guest) =>
    guest.items.flatMap((item, index) => {
      const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
      const note = lineNote(item, guest.note);
      return Array.from({ length: item.quantity }, (_, unit) => ({
        key: `${item.id}-${unit}`,
        guestName: guest.name,
        initials: guest.initials,
        item: item.menuItemName,
        modifiers,
        note,
        ...lineFacts(item),
        avoids: guest.avoids,
        guestNote: index === 0 && unit === 0 ? guest.note : null,
        unit: unit + 1,
        of: item.quantity,
      }));
    }),
  );
}

const ORDER_SELECT = {
  id: true,
  code: true,
  name: true,
  companyName: true,
  hostName: true,
  orderType: true,
  deliveryAddress: true,
  instructions: true,
  pickupAt: true,
  timeZone: true,
  kitchenState: true,
  cancelReason: true,
  totalItems: true,
  items: {
    orderBy: { id: 'asc' as const },
    select: {
      id: true,
      guestId: true,
      guestName: true,
      guestInitials: true,
      menuItemName: true,
      quantity: true,
      selectedModifiers: true,
      specialInstructions: true,
      allergens: true,
      diets: true,
      guest: { select: { ...GUEST_NOTE.select, avoids: true } },
    },
  },
};

type OrderRow = Awaited<ReturnType<typeof loadOrders>>[number];

async function loadOrders(shop: string, where: { from?: Date; id?: number }) {
  return prisma.groupOrder.findMany({
    where: {
      shop,
      status: 'submitted',
      ...(where.id ? { id: where.id } : {}),
      ...(where.from ? { pickupAt: { gte: where.from } } : {}),
    },
    orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
    take: PREP_BOARD_LIMIT,
    select: ORDER_SELECT,
  });
}

function toBoardOrder(order: OrderRow) {
  const state = kitchenStateOf(order);
  const next = nextKitchenStep(state);
  const guests = byGuest(order.items);
  return {
    id: order.id,
    code: order.code,
    title: orderTitle(order),
    companyName: order.companyName,
    hostName: order.hostName,
    orderType: order.orderType,
    deliveryAddress: order.deliveryAddress,
    instructions: order.instructions,
    pickupAt: order.pickupAt.toISOString(),
    pickupLabel: formatDateTime(order.pickupAt, order.timeZone),
    pickupTime: formatTime12(order.pickupAt, order.timeZone),
    state,
    stateLabel: kitchenLabel(state, order.orderType),
    next,
    nextLabel: next ? kitchenLabel(next, order.orderType) : null,
    cancelReason: order.cancelReason,
    itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
    lines: mergeLines(order.items),
    guests: guests.map(({ items: _items, ...guest }) => guest),
    labels: labelsFor(guests),
  };
}

export type BoardOrder = ReturnType<typeof toBoardOrder>;

/** Submitted orders picked up from the start of today (shop's zone) on, earliest first. */
export async function getPrepBoard(shop: string, now = new Date()) {
  const settings = await getShopSettings(shop);
  const today = utcToZoned(now, settings.timeZone).date;
  const from = zonedToUtc(today, '00:00', settings.timeZone) ?? now;
  const orders = await loadOrders(shop, { from });
  return {
    today,
    timeZone: settings.timeZone,
    kitchenName: settings.kitchenName,
    orders: orders.map(toBoardOrder),
  };
}

/** One order for printing (labels or the A4 sheet); null for another shop's or an unsubmitted order. */
export async function getPrepOrder(shop: string, id: number) {
  const [order] = await loadOrders(shop, { id });
  return order ? toBoardOrder(order) : null;
}
