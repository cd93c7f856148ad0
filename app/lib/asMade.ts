import { asMade, conflicts, type Avoid, type ItemFacts } from './allergens';
import type { MenuItemView } from './cart';
import type { MenuModifier } from './modifiers';

// The as-made rule (allergens.ts) applied to what pages hold: a menu item with the options chosen in the
// customise dialog, or a draft cart line with today's menu.

type Menu = { items: MenuItemView[]; modifiers: MenuModifier[] };

/** The item as made with the options of these ids (options no longer on the menu add nothing). */
export function madeWith(item: MenuItemView, optionIds: readonly number[], modifiers: MenuModifier[]) {
  const options = modifiers.filter((m) => optionIds.includes(m.id));
  return asMade(item, options);
}

/** A cart line's item as made, or null when the item is no longer on the menu. */
export function lineMade(
  line: { menuItemId: number; modifiers: { id: number }[] },
  menu: Menu,
): ItemFacts | null {
  const item = menu.items.find((i) => i.id === line.menuItemId);
  return item
    ? madeWith(
        item,
        line.modifiers.map((m) => m.id),
        menu.modifiers,
      )
    : null;
}

/** Each cart line that goes against what the guest avoids, with what does. */
export function lineConflicts<L extends { name: string; menuItemId: number; modifiers: { id: number }[] }>(
  lines: readonly L[],
  menu: Menu,
  avoids: readonly Avoid[],
) {
  if (!avoids.length) return [];
  return lines.flatMap((line) => {
    const made = lineMade(line, menu);
    const found = made ? conflicts(made, avoids) : [];
    return found.length ? [{ line, conflicts: found }] : [];
  });
}
