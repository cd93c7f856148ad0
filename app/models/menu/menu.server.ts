import type { MenuItem, Modifier, ModifierGroup } from '@prisma/client';
import { db as outside, type Db } from '../../db/query.server';
import { parseAllergens, parseDiets } from '../../lib/allergens';
import { centsToDecimal } from '../../lib/money';
import type { MenuItemView } from '../../lib/cart';
import type { MenuModifier } from '../../lib/modifiers';

// The shop's menu as guests see it: active items not sold out today, and active modifiers of active
// groups, in menu order.

export type { MenuItemView };

export function serializeMenuItem(item: MenuItem): MenuItemView {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    price: centsToDecimal(item.priceCents),
    priceCents: item.priceCents,
    allergens: parseAllergens(item.allergens),
    diets: parseDiets(item.diets),
  };
}

type GroupFields = Pick<ModifierGroup, 'type' | 'minSelections' | 'maxSelections' | 'name'>;

export function serializeModifier(modifier: Modifier & { group: GroupFields }): MenuModifier {
  return {
    id: modifier.id,
    name: modifier.name,
    type: modifier.group.type,
    isDefault: modifier.isDefault,
    minSelections: modifier.group.minSelections,
    maxSelections: modifier.group.maxSelections,
    applicableCategories: modifier.applicableCategories
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    priceDelta: centsToDecimal(modifier.priceDeltaCents),
    priceDeltaCents: modifier.priceDeltaCents,
    groupId: modifier.groupId,
    groupName: modifier.group.name,
    allergens: parseAllergens(modifier.allergens),
    removesDiets: parseDiets(modifier.removesDiets),
  };
}

export async function listMenuItems(shop: string, now = new Date()): Promise<MenuItemView[]> {
  const items = await outside
    .selectFrom('MenuItem')
    .selectAll()
    .where('shop', '=', shop)
    .where('active', '=', true)
    // "Sold out today" ends by itself at the shop's next day (MenuItem.soldOutUntil).
    .where((eb) => eb.or([eb('soldOutUntil', 'is', null), eb('soldOutUntil', '<=', now)]))
    .orderBy('position')
    .orderBy('id')
    .execute();
  return items.map(serializeMenuItem);
}

/**
 * Active modifiers of active groups, in menu order. `ids` reads only those and every modifier of a required
 * group (the confirm needs the modifiers its cart selected, and the required groups to see that each line
 * answers them), `db` runs the read inside the caller's transaction.
 */
export async function listMenuModifiers(
  shop: string,
  { ids, db = outside }: { ids?: number[]; db?: Db } = {},
): Promise<MenuModifier[]> {
  // One statement: the confirm runs it for the options its cart selected.
  let query = db
    .selectFrom('Modifier as m')
    .innerJoin('ModifierGroup as g', 'g.id', 'm.groupId')
    .selectAll('m')
    .select([
      'g.type as _type',
      'g.minSelections as _minSelections',
      'g.maxSelections as _maxSelections',
      'g.name as _groupName',
    ])
    .where('m.shop', '=', shop)
    .where('m.active', '=', true)
    .where('g.shop', '=', shop)
    .where('g.active', '=', true);
  if (ids) {
    query = query.where((eb) =>
      ids.length
        ? eb.or([eb('g.minSelections', '>', 0), eb('m.id', 'in', ids)])
        : eb('g.minSelections', '>', 0),
    );
  }
  const rows = await query
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
  return rows.map(({ _type, _minSelections, _maxSelections, _groupName, ...modifier }) =>
    serializeModifier({
      ...modifier,
      group: {
        type: _type,
        minSelections: Number(_minSelections),
        maxSelections: Number(_maxSelections),
        name: _groupName,
      },
    }),
  );
}

/** The guest's menu read from the database (guestMenu in menuCache.server.ts keeps it per menu tag). */
export async function getMenu(shop: string, now = new Date()) {
  const [items, modifiers] = await Promise.all([listMenuItems(shop, now), listMenuModifiers(shop)]);
  return { items, modifiers };
}
