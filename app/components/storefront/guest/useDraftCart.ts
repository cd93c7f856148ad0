import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changeStoredCart,
  clearCart,
  EMPTY_CART,
  loadCart,
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
    // Nothing to check (no draft), or no menu at all, which is an outage and not a verdict on the guest's
    // items: the draft as it is.
    if (saved.lines.length === 0 || !current || current.items.length === 0) {
      setState({ cart: saved, ready: true, removed: [] });
      return;
    }
    // A restored draft is checked against the menu with the modifier rules, loaded now rather than with the
    // page. Storage is read again once they are here: a line added meanwhile is kept.
    let stale = false;
    import('~/lib/reconcileCart').then(
      ({ reconcileCart }) => {
        if (stale) return;
        const latest = loadCart(store, key);
        const { cart, dropped } = reconcileCart(latest, current.items, current.modifiers);
        if (cart !== latest) saveCart(store, key, cart);
        cartRef.current = cart;
        setState({ cart, ready: true, removed: dropped });
      },
      () => {
        // Not loaded (offline): the draft unchecked, as with no menu; confirming checks it on the server.
        if (!stale) setState({ cart: loadCart(store, key), ready: true, removed: [] });
      },
    );
    return () => {
      stale = true;
    };
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
