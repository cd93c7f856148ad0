import { useCallback, useEffect, useRef, useState } from 'react';
import {
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

  const update = useCallback(
    (change: (cart: DraftCart) => DraftCart) => {
      setState((previous) => {
        const next = change(previous.cart);
        saveCart(browserStorage(), key, next);
        return { cart: next, ready: true, removed: previous.removed };
      });
    },
    [key],
  );

  const clear = useCallback(() => {
    clearCart(browserStorage(), key);
    setState({ cart: EMPTY_CART, ready: true, removed: [] });
  }, [key]);

  return { cart: state.cart, ready: state.ready, removed: state.removed, update, clear };
}
