import type { MenuItem, Modifier, ModifierGroup, Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { centsToDecimal } from '../../lib/money';
import type { MenuItemView } from '../../lib/cart';
import type { MenuModifier } from '../../lib/modifiers';

// The shop's menu as guests see it: active items and active modifiers of active groups, in menu order.

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

export function serializeModifier(modifier: Modifier & { group: ModifierGroup }): MenuModifier {
  return {
    id: modifier.id,
    name: modifier.name,
    type: modifier.group.type,
    isDefault: modifier.isDefault,
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

export async function listMenuItems(shop: string): Promise<MenuItemView[]> {
  const items = await prisma.menuItem.findMany({
    where: { shop, active: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
  return items.map(serializeMenuItem);
}

/**
 * Active modifiers of active groups, in menu order. `ids` reads only those (the confirm needs only the
 * modifiers its cart selected), `db` runs the read inside the caller's transaction.
 */
export async function listMenuModifiers(
  shop: string,
  { ids, db = prisma }: { ids?: number[]; db?: Prisma.TransactionClient } = {},
): Promise<MenuModifier[]> {
  if (ids && ids.length === 0) return [];
  const modifiers = await db.modifier.findMany({
    where: { shop, active: true, ...(ids ? { id: { in: ids } } : {}), group: { shop, active: true } },
    include: { group: true },
  });
  return modifiers
    .sort(
      (a, b) =>
        a.group.position - b.group.position ||
        a.groupId - b.groupId ||
        a.position - b.position ||
        a.id - b.id,
    )
    .map(serializeModifier);
}

export async function getMenu(shop: string) {
  const [items, modifiers] = await Promise.all([listMenuItems(shop), listMenuModifiers(shop)]);
  return { items, modifiers };
}
