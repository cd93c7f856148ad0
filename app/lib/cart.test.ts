import { describe, expect, it } from 'vitest';
import {
  addLine,
  cartTotalCents,
  changeStoredCart,
  clearCart,
  itemCount,
  lineKey,
  loadCart,
  makeLine,
  removeLine,
  replaceLines,
  saveCart,
  storageKey,
  type DraftCart,
} from './cart';
import type { MenuModifier } from './modifiers';
import { reconcileCart } from './reconcileCart';
import { MAX_QUANTITY } from './pricing';

const latte = { id: 2, name: 'Latte', category: 'white_coffee', priceCents: 520 };
const large = { id: 11, name: 'Large', type: 'size', priceDeltaCents: 100 };
const oat = { id: 21, name: 'Oat', type: 'milk', priceDeltaCents: 80 };

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('draft cart', () => {
  it('keeps the same item with another note as its own line, and merges the same note', () => {
    const croissant = { id: 7, name: 'Croissant', category: 'food', priceCents: 450 };
    let cart: DraftCart = { lines: [] };
    cart = addLine(cart, makeLine(croissant, [], 1, 'heated'));
    cart = addLine(cart, makeLine(croissant, [], 1, ''));
    cart = addLine(cart, makeLine(croissant, [], 2, '  heated '));
    expect(cart.lines.map((l) => [l.note ?? null, l.quantity])).toEqual([
      ['heated', 3],
      [null, 1],
    ]);
    // A line without a note keeps the key it always had (drafts saved before notes still merge).
    expect(lineKey(7, [])).toBe('7:');
    expect(lineKey(7, [], '  ')).toBe('7:');
    expect(lineKey(7, [], 'heated')).not.toBe(lineKey(7, []));
    // The note survives a reload and a reconcile against today's menu.
    const store = memoryStore();
    saveCart(store, 'k', cart);
    const loaded = loadCart(store, 'k');
    const menuItem = { ...croissant, description: '', price: '4.50', allergens: [], diets: [] };
    expect(reconcileCart(loaded, [menuItem], []).cart.lines.map((l) => l.note ?? null)).toEqual([
      'heated',
      null,
    ]);
  });

  it('merges the same item with the same modifier set, whatever the order', () => {
    let cart: DraftCart = { lines: [] };
    cart = addLine(cart, makeLine(latte, [large, oat], 1));
    cart = addLine(cart, makeLine(latte, [oat, large], 2));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(3);
    expect(cart.lines[0].unitPriceCents).toBe(700);
    expect(itemCount(cart)).toBe(3);
    expect(cartTotalCents(cart)).toBe(2100);
  });

  it('keeps a different modifier set as its own line', () => {
    let cart: DraftCart = { lines: [] };
    cart = addLine(cart, makeLine(latte, [large], 1));
    cart = addLine(cart, makeLine(latte, [large, oat], 1));
    cart = addLine(cart, makeLine(latte, [], 1));
    expect(cart.lines.map((l) => l.key)).toEqual(['2:11', '2:11,21', '2:']);
    expect(cartTotalCents(cart)).toBe(620 + 700 + 520);
  });

  it('never merges past the maximum quantity', () => {
    const cart = addLine(addLine({ lines: [] }, makeLine(latte, [], MAX_QUANTITY)), makeLine(latte, [], 5));
    expect(cart.lines[0].quantity).toBe(MAX_QUANTITY);
  });

  it('removes a line and forgets the confirmation key on any change', () => {
    const cart: DraftCart = { ...addLine({ lines: [] }, makeLine(latte, [large], 1)), confirmationKey: 'k1' };
    expect(addLine(cart, makeLine(latte, [], 1)).confirmationKey).toBeUndefined();
    expect(removeLine(cart, lineKey(2, [11])).lines).toEqual([]);
  });

  it('replaceLines merges duplicates from a saved usual order', () => {
    const cart = replaceLines([makeLine(latte, [oat], 1), makeLine(latte, [oat], 1)]);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(2);
  });
});

describe('cart storage', () => {
  it('uses one key per group order and guest name (case-insensitive)', () => {
    expect(storageKey(123, ' Alex ')).toBe(storageKey(123, 'alex'));
    expect(storageKey(123, 'Alex')).not.toBe(storageKey(124, 'Alex'));
    expect(storageKey(123, 'Alex')).not.toBe(storageKey(123, 'Sam'));
  });

  it('saves, restores and clears a draft', () => {
    const store = memoryStore();
    const key = storageKey(1, 'Alex');
    const cart = { ...addLine({ lines: [] }, makeLine(latte, [oat], 2)), confirmationKey: 'abc' };
    saveCart(store, key, cart);
    expect(loadCart(store, key)).toEqual(cart);
    clearCart(store, key);
    expect(loadCart(store, key)).toEqual({ lines: [] });
  });

  it('treats unreadable or tampered storage as an empty cart', () => {
    const store = memoryStore();
    store.setItem('a', '{not json');
    store.setItem('b', JSON.stringify({ lines: [{ key: 'x', quantity: -1 }] }));
    expect(loadCart(store, 'a')).toEqual({ lines: [] });
    expect(loadCart(store, 'b')).toEqual({ lines: [] });
    expect(loadCart(undefined, 'c')).toEqual({ lines: [] });
  });

  it('keeps one cart across two tabs of the same guest: each change starts from what storage holds', () => {
    const store = memoryStore();
    const key = storageKey(1, 'Alex');
    const brownie = { id: 7, name: 'Brownie', category: 'food', priceCents: 450 };
    const espresso = { id: 3, name: 'Espresso', category: 'black_coffee', priceCents: 380 };
    // Tab 1 opened on an empty cart and kept that copy; tab 2 then added a Brownie.
    const tabOneCopy: DraftCart = { lines: [] };
    changeStoredCart(store, key, (cart) => addLine(cart, makeLine(brownie, [], 1)));
    // Tab 1 adds an Espresso: the Brownie from tab 2 stays.
    const next = changeStoredCart(store, key, (cart) => addLine(cart, makeLine(espresso, [], 1)), tabOneCopy);
    expect(next.lines.map((l) => l.name)).toEqual(['Brownie', 'Espresso']);
    expect(loadCart(store, key).lines.map((l) => l.name)).toEqual(['Brownie', 'Espresso']);
    // Storage blocked: the tab's own copy is all there is.
    const offline = changeStoredCart(
      undefined,
      key,
      (cart) => addLine(cart, makeLine(espresso, [], 1)),
      next,
    );
    expect(offline.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Brownie', 1],
      ['Espresso', 2],
    ]);
  });

  it('removes the entry when the cart becomes empty', () => {
    const store = memoryStore();
    saveCart(store, 'k', addLine({ lines: [] }, makeLine(latte, [], 1)));
    saveCart(store, 'k', { lines: [] });
    expect(store.data.has('k')).toBe(false);
  });
});

describe('reconcileCart (a restored draft against the current menu)', () => {
  const menuItem = (id: number, name: string, category: string, priceCents: number) => ({
    id,
    name,
    description: '',
    category,
    price: (priceCents / 100).toFixed(2),
    priceCents,
    allergens: [],
    diets: [],
  });
  const modifier = (
    id: number,
    name: string,
    type: string,
    priceDeltaCents: number,
    groupId: number,
    applicableCategories: string[] = [],
  ): MenuModifier => ({
    id,
    name,
    type,
    isDefault: false,
    minSelections: 0,
    maxSelections: 1,
    applicableCategories,
    priceDelta: (priceDeltaCents / 100).toFixed(2),
    priceDeltaCents,
    groupId,
    groupName: type,
    allergens: [],
    removesDiets: [],
  });
  const items = [menuItem(2, 'Latte', 'white_coffee', 520), menuItem(5, 'Banana Bread', 'food', 650)];
  const modifiers = [
    modifier(11, 'Large', 'size', 100, 1, ['white_coffee']),
    modifier(21, 'Oat', 'milk', 80, 2),
  ];
  const bread = { id: 5, name: 'Banana Bread', category: 'food', priceCents: 650 };
  const saved: DraftCart = {
    lines: [makeLine(latte, [large, oat], 2), makeLine(bread, [], 1)],
    confirmationKey: 'kept-when-nothing-changed',
  };

  it('returns the very same cart when the menu still matches', () => {
    const result = reconcileCart(saved, items, modifiers);
    expect(result.cart).toBe(saved);
    expect(result.dropped).toEqual([]);
  });

  it('refreshes names and prices from the menu', () => {
    const repriced = [menuItem(2, 'Caffè Latte', 'white_coffee', 550), items[1]];
    const result = reconcileCart(saved, repriced, [
      modifier(11, 'Large', 'size', 120, 1, ['white_coffee']),
      modifiers[1],
    ]);
    expect(result.cart).not.toBe(saved);
    expect(result.cart.confirmationKey).toBeUndefined();
    expect(result.cart.lines[0]).toMatchObject({ name: 'Caffè Latte', quantity: 2, unitPriceCents: 750 });
    expect(cartTotalCents(result.cart)).toBe(750 * 2 + 650);
  });

  it('drops a line whose item left the menu or whose option no longer exists or fits', () => {
    expect(reconcileCart(saved, [items[0]], modifiers)).toMatchObject({
      cart: { lines: [{ name: 'Latte' }] },
      dropped: ['Banana Bread'],
    });
    expect(reconcileCart(saved, items, [modifiers[0]]).dropped).toEqual(['Latte']);
    const largeForFoodOnly = [modifier(11, 'Large', 'size', 100, 1, ['food']), modifiers[1]];
    expect(reconcileCart(saved, items, largeForFoodOnly).dropped).toEqual(['Latte']);
  });
});
