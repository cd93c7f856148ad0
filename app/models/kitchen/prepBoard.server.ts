import prisma from '../../db.server';
import { initialsOf } from '../../lib/hosting';
import { personKey } from '../../lib/guests';
import { formatDateTime, formatLongDay, formatTime12, utcToZoned, zonedToUtc } from '../../lib/time';
import { guestNote, GUEST_NOTE, parseModifiers } from '../groupOrder/groupOrder.server';
import { kitchenStateOf, nextKitchenStep } from './kitchen.server';
import type { PrintKind } from './printLinks.server';
import { getShopSettings } from '../shop/settings.server';
import { lineNote } from '../../lib/groupOrder';
import type { Language } from '../../lib/language';
import { guestAvoids, lineFacts, printToolbar, readerOf, stateText, type Reader } from './prepTexts.server';

// The kitchen's prep board: today's and upcoming submitted orders by pickup time, each with what to make
// (merged counts by item and modifiers) and who it is for (per guest, with notes), plus one label per
// item unit for the printable label roll. Each text is in its reader's language: the board in the
// merchant's (passed in), a label in its guest's (Guest.language), the order sheet in its host's
// (GroupOrder.hostLanguage); an unknown language is the shop's (ShopSettings.locale).

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
  guest: {
    id: number;
    name: string;
    specialInstructions: string | null;
    avoids: string;
    language: string | null;
  } | null;
};

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

function byGuest(items: PrepItem[], reader: Reader) {
  const guests = new Map<
    string,
    { name: string; initials: string; note: string | null; language: string | null; items: PrepItem[] }
  >();
  for (const item of items) {
    const key = personKey(item);
    const name = item.guest?.name ?? item.guestName;
    const entry = guests.get(key) ?? {
      name,
      initials: item.guestInitials || initialsOf(name),
      note: null,
      language: item.guest?.language ?? null,
      items: [],
    };
    entry.items.push(item);
    guests.set(key, entry);
  }
  return [...guests.values()].map((guest) => ({
    name: guest.name,
    initials: guest.initials,
    avoids: guestAvoids(guest.items, reader),
    note: guestNote(guest.items),
    language: guest.language,
    lines: guest.items.map((item) => {
      const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
      return {
        id: item.id,
        quantity: item.quantity,
        title: lineTitle(item.menuItemName, modifiers),
        note: lineNote(item, guestNote(guest.items)),
        ...lineFacts(item, reader),
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
 * per guest) once, on the guest's first label, so "Croissant heated" does not land on the coffee's. Each
 * label is in its guest's language: allergen words, the CHECK line, their flags and the pickup time.
 */
function labelsFor(
  guests: ReturnType<typeof byGuest>,
  order: Pick<OrderRow, 'pickupAt' | 'timeZone'>,
  shopLocale: string,
) {
  return guests.flatMap((guest) => {
    const reader = readerOf(guest.language, shopLocale);
    const { t } = reader;
    const avoids = guestAvoids(guest.items, reader);
    const pickupTime = formatTime12(order.pickupAt, order.timeZone, reader.intlLocale);
    return guest.items.flatMap((item, index) => {
      const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
      const note = lineNote(item, guest.note);
      const facts = lineFacts(item, reader);
      return Array.from({ length: item.quantity }, (_, unit) => {
        const guestNoteHere = index === 0 && unit === 0 ? guest.note : null;
        return {
          key: `${item.id}-${unit}`,
          language: reader.language,
          ariaLabel: t('print.label.aria', { name: guest.name, item: item.menuItemName }),
          guestName: guest.name,
          initials: guest.initials,
          item: item.menuItemName,
          modifiers,
          note,
          ...facts,
          avoids,
          guestNote: guestNoteHere,
          guestNoteText: guestNoteHere ? t('print.label.guestNote', { note: guestNoteHere }) : null,
          pickupTime,
          unit: unit + 1,
          of: item.quantity,
          unitText: item.quantity > 1 ? t('print.label.unit', { unit: unit + 1, count: item.quantity }) : '',
        };
      });
    });
  });
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
  hostLanguage: true,
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
      guest: { select: { ...GUEST_NOTE.select, avoids: true, language: true } },
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

function toBoardOrder(order: OrderRow, reader: Reader) {
  const { t, intlLocale } = reader;
  const state = kitchenStateOf(order);
  const next = nextKitchenStep(state);
  const guests = byGuest(order.items, reader);
  const pickupLabel = formatDateTime(order.pickupAt, order.timeZone, intlLocale);
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    id: order.id,
    code: order.code,
    /** The language of the order's own texts (the board's or the sheet's reader); labels have their own. */
    language: reader.language,
    title: order.name?.trim() || t('print.orderTitle', { company: order.companyName }),
    companyName: order.companyName,
    hostName: order.hostName,
    orderType: order.orderType,
    deliveryAddress: order.deliveryAddress,
    instructions: order.instructions,
    pickupAt: order.pickupAt.toISOString(),
    pickupLabel,
    pickupTime: formatTime12(order.pickupAt, order.timeZone, intlLocale),
    state,
    stateLabel: stateText(state, order.orderType, reader),
    next,
    nextLabel: next ? stateText(next, order.orderType, reader) : null,
    cancelReason: order.cancelReason,
    itemCount,
    lines: mergeLines(order.items),
    guests: guests.map(({ items: _items, language: _language, ...guest }) => ({
      ...guest,
      noteText: guest.note ? t('print.sheet.note', { note: guest.note }) : null,
    })),
    labels: labelsFor(guests, order, reader.shopLocale),
    /** The order sheet's sentences, in the same language. */
    texts: {
      when: t('print.sheet.when', { type: order.orderType, when: pickupLabel }),
      items: t('print.sheet.items', { count: itemCount }),
      deliverTo: order.deliveryAddress
        ? t('print.sheet.deliverTo', { address: order.deliveryAddress })
        : null,
      instructions: order.instructions
        ? t('print.sheet.instructions', { instructions: order.instructions })
        : null,
      toMake: t('print.sheet.toMake'),
      byGuest: t('print.sheet.byGuest'),
    },
  };
}

export type BoardOrder = ReturnType<typeof toBoardOrder>;

/** The board's reader: a language, or the request's own words (the admin's, the pseudo language's included). */
type BoardReader = Language | Pick<Reader, 'language' | 't' | 'intlLocale'>;

/**
 * Submitted orders picked up from the start of today (shop's zone) on, earliest first, in `language` (the
 * merchant's: the route decides which).
 */
export async function getPrepBoard(shop: string, language: BoardReader, now = new Date()) {
  const settings = await getShopSettings(shop);
  const today = utcToZoned(now, settings.timeZone).date;
  const from = zonedToUtc(today, '00:00', settings.timeZone) ?? now;
  const orders = await loadOrders(shop, { from });
  const reader =
    typeof language === 'string'
      ? readerOf(language, settings.locale)
      : { ...language, shopLocale: settings.locale };
  return {
    // The shop's day in the reader's words, for the board's subtitle.
    today: formatLongDay(from, settings.timeZone, reader.intlLocale),
    timeZone: settings.timeZone,
    kitchenName: settings.kitchenName,
    orders: orders.map((order) => toBoardOrder(order, reader)),
  };
}

/**
 * One order for printing, or null for another shop's or an unsubmitted order. The labels are each in their
 * guest's language; the order sheet in its host's; the toolbar around them (never printed) in `language`,
 * the merchant's.
 */
export async function getPrepOrder(
  shop: string,
  id: number,
  { kind, language }: { kind: PrintKind; language: Language },
) {
  const [row] = await loadOrders(shop, { id });
  if (!row) return null;
  const { locale } = await getShopSettings(shop);
  const merchant = readerOf(language, locale);
  const order = toBoardOrder(row, kind === 'sheet' ? readerOf(row.hostLanguage, locale) : merchant);
  return { ...order, toolbar: printToolbar(kind, order, merchant) };
}

export type PrintOrder = NonNullable<Awaited<ReturnType<typeof getPrepOrder>>>;
