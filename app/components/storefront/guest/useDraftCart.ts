import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changeStoredCart,
  clearCart,
  EMPTY_CART,
  loadCart,
  reconcileCart,
  saveCart,
  storageKey,
  type DraftCart,
  type MenuItemView,
} from '~/lib/cart';
import type { MenuModifier } from '~/lib/modifiers';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: the cart still works for this page view
  }
}

type Menu = { items: MenuItemView[]; modifiers: MenuModifier[] };

/**
 * The guest's draft cart for one group order, kept in localStorage (cookies do not pass the proxy).
 * Given the menu, a restored draft is checked against it: prices refreshed, and lines that can no longer
 * be ordered removed (their names are in `removed`, for the page to say so).
 *
 * Storage is the one cart: every change reads it, changes it and writes it back (so a tab never writes
 * over a line another tab of the same guest added since), and a change made in another tab reaches this
 * one through the `storage` event.
 */
export function useDraftCart(groupOrderId: number, guestName: string, menu?: Menu) {
  const key = storageKey(groupOrderId, guestName);
  const [state, setState] = useState<{ cart: DraftCart; ready: boolean; removed: string[] }>({
    cart: EMPTY_CART,
    ready: false,
    removed: [],
  });
  const menuRef = useRef(menu);
  menuRef.current = menu;
  // The cart as this tab last knew it: the fallback when storage is blocked.
  const cartRef = useRef<DraftCart>(EMPTY_CART);
  cartRef.current = state.cart;

  useEffect(() => {
    const store = browserStorage();
    const saved = loadCart(store, key);
    const current = menuRef.current;
    // No menu at all is an outage, not a verdict on the guest's items: keep the draft as it is.
    if (!current || current.items.length === 0) {
      setState({ cart: saved, ready: true, removed: [] });
      return;
    }
    const { cart, dropped } = reconcileCart(saved, current.items, current.modifiers);
    if (cart !== saved) saveCart(store, key, cart);
    setState({ cart, ready: true, removed: dropped });
  }, [key]);

  // Another tab of this guest changed (or confirmed and cleared) the cart: show what storage now holds.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key && event.key !== null) return;
      const latest = loadCart(browserStorage(), key);
      setState((previous) => ({ ...previous, cart: latest, ready: true }));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);

  const update = useCallback(
    (change: (cart: DraftCart) => DraftCart) => {
      // Read-modify-write on storage, not on this tab's copy, which may be older than another tab's write.
      const next = changeStoredCart(browserStorage(), key, change, cartRef.current);
      cartRef.current = next;
      setState((previous) => ({ cart: next, ready: true, removed: previous.removed }));
    },
    [key],
  );

  const clear = useCallback(() => {
    clearCart(browserStorage(), key);
    setState({ cart: EMPTY_CART, ready: true, removed: [] });
  }, [key]);

  return { cart: state.cart, ready: state.ready, removed: state.removed, update, clear };
}
