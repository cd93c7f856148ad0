import type { MenuItem, Modifier, ModifierGroup } from '@prisma/client';
import prisma from '../../db.server';
import { list, plain, type Sql } from '../rawSql.server';
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
  };
}

export async function listMenuItems(shop: string, now = new Date()): Promise<MenuItemView[]> {
  const items = await prisma.menuItem.findMany({
    // "Sold out today" ends by itself at the shop's next day (MenuItem.soldOutUntil).
    where: { shop, active: true, OR: [{ soldOutUntil: null }, { soldOutUntil: { lte: now } }] },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
  return items.map(serializeMenuItem);
}

/**
 * Active modifiers of active groups, in menu order. `ids` reads only those and every modifier of a required
 * group (the confirm needs the modifiers its cart selected, and the required groups to see that each line
 * answers them), `db` runs the read inside the caller's transaction.
 */
export async function listMenuModifiers(
  shop: string,
  { ids, db = plain }: { ids?: number[]; db?: Sql } = {},
): Promise<MenuModifier[]> {
  // One plain statement (rawSql.server.ts): the confirm runs it for the options its cart selected.
  const rows = await db.rows<
    Modifier & { _type: string; _minSelections: number; _maxSelections: number; _groupName: string }
  >(
    `SELECT m.*, g."type" AS "_type", g."minSelections" AS "_minSelections",
       g."maxSelections" AS "_maxSelections", g."name" AS "_groupName"
     FROM "Modifier" m JOIN "ModifierGroup" g ON g."id" = m."groupId"
     WHERE m."shop" = $1 AND m."active" = true AND g."shop" = $1 AND g."active" = true
     ${ids ? `AND (g."minSelections" > 0${ids.length ? ` OR m."id" IN (${list(ids.length, 2)})` : ''})` : ''}
     ORDER BY g."position", g."id", m."position", m."id"`,
    shop,
    ...(ids ?? []),
  );
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

export async function getMenu(shop: string) {
  const [items, modifiers] = await Promise.all([listMenuItems(shop), listMenuModifiers(shop)]);
  return { items, modifiers };
}
