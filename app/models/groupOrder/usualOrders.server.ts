import prisma from '../../db.server';
import { isAllowedFor, withRequiredDefaults } from '../../lib/modifiers';
import type { SaveUsualOrderInput, UsualItem } from '../../lib/schemas/usualOrder';
import { listMenuItems, listMenuModifiers } from '../menu/menu.server';

// A guest's usual order, keyed by shop + e-mail (spec "Usual order"). Its request schemas are in
// app/lib/schemas/usualOrder.ts.

export {
  SaveUsualOrderSchema,
  UsualOrderQuerySchema,
  type SaveUsualOrderInput,
  type UsualItem,
} from '../../lib/schemas/usualOrder';

function parseItems(json: string): UsualItem[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The saved items that can still be ordered: items still on the menu and active, and only modifiers that
 * still exist and still apply to the item.
 */
export async function getUsualOrder(shop: string, email: string): Promise<UsualItem[]> {
  const saved = await prisma.usualOrder.findUnique({ where: { shop_email: { shop, email } } });
  if (!saved) return [];
  const [items, modifiers] = await Promise.all([listMenuItems(shop), listMenuModifiers(shop)]);
  const menu = new Map(items.map((item) => [item.id, item]));
  const modifierById = new Map(modifiers.map((m) => [m.id, m]));
  return parseItems(saved.items).flatMap((item) => {
    const menuItem = menu.get(item.id);
    if (!menuItem) return [];
    const selectedModifiers = (item.selectedModifiers ?? []).filter((id) => {
      const modifier = modifierById.get(id);
      return modifier ? isAllowedFor(modifier, menuItem.category) : false;
    });
    return [
      {
        id: item.id,
        name: menuItem.name,
        quantity: item.quantity,
        selectedModifiers: withRequiredDefaults(modifiers, menuItem.category, selectedModifiers),
      },
    ];
  });
}

export async function saveUsualOrder(shop: string, input: SaveUsualOrderInput) {
  const menuIds = new Set(
    (await prisma.menuItem.findMany({ where: { shop, active: true }, select: { id: true } })).map(
      (m) => m.id,
    ),
  );
  const items: UsualItem[] = input.orderItems
    .filter((item) => menuIds.has(item.id))
    .map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      selectedModifiers: item.selectedModifiers,
    }));
  const email = input.email;
  await prisma.usualOrder.upsert({
    where: { shop_email: { shop, email } },
    create: { shop, email, name: input.name, items: JSON.stringify(items) },
    update: { name: input.name, items: JSON.stringify(items) },
  });
  return items;
}
