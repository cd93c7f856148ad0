import { makeLine, replaceLines, type DraftCart, type MenuItemView } from './cart';
import { validateSelection, type MenuModifier } from './modifiers';

// Apart from cart.ts: the menu and review pages load it once the page is up, and only when the browser had
// a draft to restore, so the modifier rules (modifiers.ts) stay out of their first load
// (docs/decisions/2026-11-27-page-weight-lazy.md).

/**
 * A saved draft checked against today's menu: names and prices are refreshed, and a line is dropped when
 * its item left the menu or its options no longer fit the item (the server would refuse it on confirm).
 * An unchanged cart comes back as the same object, so callers can skip saving it.
 */
export function reconcileCart(
  cart: DraftCart,
  items: MenuItemView[],
  modifiers: MenuModifier[],
): { cart: DraftCart; dropped: string[] } {
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const dropped: string[] = [];
  const lines = cart.lines.flatMap((line) => {
    const item = itemsById.get(line.menuItemId);
    const selection = item
      ? validateSelection(
          modifiers,
          item,
          line.modifiers.map((m) => m.id),
        )
      : null;
    if (!item || !selection?.ok) {
      dropped.push(line.name);
      return [];
    }
    const chosen = selection.modifiers.map(({ id, name, type, priceDeltaCents }) => ({
      id,
      name,
      type,
      priceDeltaCents,
    }));
    return [makeLine(item, chosen, line.quantity, line.note)];
  });
  const next = replaceLines(lines);
  const same =
    next.lines.length === cart.lines.length &&
    next.lines.every((line, index) => JSON.stringify(line) === JSON.stringify(cart.lines[index]));
  return { cart: same ? cart : next, dropped };
}
