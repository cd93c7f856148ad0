import type { Allergen, Diet } from './allergens';
import { clampQuantity, MAX_QUANTITY, unitPriceCents } from './pricing';

// The guest's draft cart lives in browser storage (cookies do not pass the app proxy), one per group
// order and guest name, until it is confirmed.

/** A menu item as pages and the API send it (price as the spec's decimal string, plus cents). */
export type MenuItemView = {
  id: number;
  name: string;
  description: string;
  category: string;
  price: string;
  priceCents: number;
  /** The item's own allergens and diets, before any option (app/lib/allergens.ts). */
  allergens: Allergen[];
  diets: Diet[];
};

export type CartModifier = { id: number; name: string; type: string; priceDeltaCents: number };

export type CartLine = {
  key: string;
  menuItemId: number;
  name: string;
  category: string;
  quantity: number;
  modifiers: CartModifier[];
  unitPriceCents: number;
  /** The guest's note for this line only ("heated"); part of the line's key. */
  note?: string | null;
};

export type DraftCart = {
  lines: CartLine[];
  /** Set when the guest first tries to confirm this exact cart; a retry reuses it (no duplicates). */
  confirmationKey?: string;
};

export const EMPTY_CART: DraftCart = { lines: [] };

/** Most characters in a line's note ("Note for this item"); the server's LineNoteSchema says the same. */
export const LINE_NOTE_MAX = 140;

/** A line's note as it is kept and compared: trimmed, NFC, blank is none. */
export function cleanLineNote(note: string | null | undefined): string | null {
  const clean = note?.normalize('NFC').trim();
  return clean ? clean : null;
}

/**
 * Same item + same modifier set (in any order) + same note is the same line: a Croissant "heated" and a
 * plain Croissant stay two lines. A line without a note keeps the key it always had.
 */
export function lineKey(menuItemId: number, modifierIds: number[], note?: string | null): string {
  const base = `${menuItemId}:${[...new Set(modifierIds)].sort((a, b) => a - b).join(',')}`;
  const clean = cleanLineNote(note);
  return clean ? `${base}|${clean}` : base;
}

export function makeLine(
  item: { id: number; name: string; category: string; priceCents: number },
  modifiers: CartModifier[],
  quantity: number,
  note?: string | null,
): CartLine {
  const clean = cleanLineNote(note);
  return {
    key: lineKey(
      item.id,
      modifiers.map((m) => m.id),
      clean,
    ),
    menuItemId: item.id,
    name: item.name,
    category: item.category,
    quantity: clampQuantity(quantity),
    modifiers,
    unitPriceCents: unitPriceCents(item.priceCents, modifiers),
    ...(clean ? { note: clean } : {}),
  };
}

/** Adds a line, merging quantities with an identical line. Any change forgets the confirmation key. */
export function addLine(cart: DraftCart, line: CartLine): DraftCart {
  const existing = cart.lines.find((l) => l.key === line.key);
  const lines = existing
    ? cart.lines.map((l) =>
        l.key === line.key ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + line.quantity) } : l,
      )
    : [...cart.lines, line];
  return { lines };
}

export function removeLine(cart: DraftCart, key: string): DraftCart {
  return { lines: cart.lines.filter((l) => l.key !== key) };
}

export function replaceLines(lines: CartLine[]): DraftCart {
  return lines.reduce<DraftCart>((cart, line) => addLine(cart, line), { lines: [] });
}

export function itemCount(cart: DraftCart): number {
  return cart.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotalCents(cart: DraftCart): number {
  return cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

export function storageKey(groupOrderId: number | string, guestName: string): string {
  return `group-order:cart:${groupOrderId}:${guestName.trim().toLowerCase()}`;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.key === 'string' &&
    Number.isInteger(line.menuItemId) &&
    typeof line.name === 'string' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1 &&
    Number.isInteger(line.unitPriceCents) &&
    Array.isArray(line.modifiers) &&
    (line.note === undefined || line.note === null || typeof line.note === 'string')
  );
}

/** Reads a draft; anything unreadable (old format, hand-edited) is an empty cart rather than a crash. */
export function loadCart(store: KeyValueStore | undefined, key: string): DraftCart {
  try {
    const raw = store?.getItem(key);
    if (!raw) return EMPTY_CART;
    const value = JSON.parse(raw) as DraftCart;
    const lines = Array.isArray(value?.lines) ? value.lines.filter(isLine) : [];
    return typeof value.confirmationKey === 'string'
      ? { lines, confirmationKey: value.confirmationKey }
      : { lines };
  } catch {
    return EMPTY_CART;
  }
}

export function saveCart(store: KeyValueStore | undefined, key: string, cart: DraftCart) {
  try {
    if (cart.lines.length === 0) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still works for this page view.
  }
}

/**
 * One change to the stored draft: read, change, write back. Tabs of the same guest share the stored
 * draft, so a change is made to what storage holds now, never to an older copy a tab kept (which would
 * write over a line another tab added since). `fallback` is the tab's copy, used when storage is blocked.
 */
export function changeStoredCart(
  store: KeyValueStore | undefined,
  key: string,
  change: (cart: DraftCart) => DraftCart,
  fallback: DraftCart = EMPTY_CART,
): DraftCart {
  const next = change(store ? loadCart(store, key) : fallback);
  saveCart(store, key, next);
  return next;
}

export function clearCart(store: KeyValueStore | undefined, key: string) {
  try {
    store?.removeItem(key);
  } catch {
    // nothing to clear
  }
}
