import prisma from '../../db.server';
import { Invalid, NotFound } from '../../lib/errors';
import { say } from '../../lib/sentences.server';
import { centsToDecimal } from '../../lib/money';
import { isSoldOut } from '../../lib/soldOut';
import type { MenuItemInput, ModifierGroupInput, ModifierInput } from '../../lib/schemas/menu';
import { utcToZoned, zonedToUtc } from '../../lib/time';
import { getShopSettings } from '../shop/settings.server';

// The merchant's menu editor: items, modifier groups and modifiers. Nothing is deleted (past orders point
// at menu items); archiving hides a row from guests. Positions are dense per shop (or per group) so
// "move up/down" is a swap with the neighbour.

/** Everything on the menu page, archived rows included. */
export async function getMenuAdmin(shop: string, now = new Date()) {
  const [items, groups] = await Promise.all([
    prisma.menuItem.findMany({ where: { shop }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
    prisma.modifierGroup.findMany({
      where: { shop },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      include: { modifiers: { where: { shop }, orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
    }),
  ]);
  return {
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      category: item.category,
      description: item.description,
      price: centsToDecimal(item.priceCents),
      priceCents: item.priceCents,
      active: item.active,
      soldOutToday: isSoldOut(item, now),
      imported: Boolean(item.shopifyVariantId),
      allergens: item.allergens,
      diets: item.diets,
    })),
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      type: group.type,
      minSelections: group.minSelections,
      maxSelections: group.maxSelections,
      active: group.active,
      modifiers: group.modifiers.map((m) => ({
        id: m.id,
        name: m.name,
        isDefault: m.isDefault,
        priceDelta: centsToDecimal(m.priceDeltaCents),
        priceDeltaCents: m.priceDeltaCents,
        applicableCategories: m.applicableCategories,
        allergens: m.allergens,
        removesDiets: m.removesDiets,
        active: m.active,
      })),
    })),
    categories: [...new Set(items.map((item) => item.category))],
  };
}

async function nextPosition(
  shop: string,
  table: 'menuItem' | 'modifierGroup' | 'modifier',
  groupId?: number,
): Promise<number> {
  const max = { _max: { position: true } } as const;
  const result =
    table === 'modifier'
      ? await prisma.modifier.aggregate({ where: { shop, groupId }, ...max })
      : table === 'modifierGroup'
        ? await prisma.modifierGroup.aggregate({ where: { shop }, ...max })
        : await prisma.menuItem.aggregate({ where: { shop }, ...max });
  return (result._max.position ?? -1) + 1;
}

export async function createMenuItem(shop: string, input: MenuItemInput) {
  return prisma.menuItem.create({
    data: {
      shop,
      name: input.name,
      category: input.category,
      description: input.description,
      priceCents: input.price,
      allergens: input.allergens,
      diets: input.diets,
      position: await nextPosition(shop, 'menuItem'),
    },
  });
}

export async function updateMenuItem(shop: string, id: number, input: MenuItemInput) {
  const { count } = await prisma.menuItem.updateMany({
    where: { id, shop },
    data: {
      name: input.name,
      category: input.category,
      description: input.description,
      priceCents: input.price,
      allergens: input.allergens,
      diets: input.diets,
    },
  });
  if (!count) throw new NotFound('Menu item not found.');
}

export async function setMenuItemActive(shop: string, id: number, active: boolean) {
  const { count } = await prisma.menuItem.updateMany({ where: { id, shop }, data: { active } });
  if (!count) throw new NotFound('Menu item not found.');
}

/** A group must be answerable: it cannot ask for more choices than it allows. */
function checkBounds(input: ModifierGroupInput) {
  if (input.minSelections > input.maxSelections) {
    throw new Invalid(say('admin.say.minOverMax', { min: input.minSelections, max: input.maxSelections }), {
      fieldErrors: { minSelections: 'Must not be more than max selections.' },
    });
  }
}

/** The start of the day after `now`'s day in `zone`: when an item sold out "today" is back. */
export function startOfNextDay(now: Date, zone: string): Date {
  const today = utcToZoned(now, zone).date;
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedToUtc(next.toISOString().slice(0, 10), '00:00', zone) ?? new Date(now.getTime() + 86_400_000);
}

/** "Sold out today" (until the shop's next day in its time zone), or back on the menu now. */
export async function setMenuItemSoldOut(shop: string, id: number, soldOut: boolean, now = new Date()) {
  const until = soldOut ? startOfNextDay(now, (await getShopSettings(shop)).timeZone) : null;
  const { count } = await prisma.menuItem.updateMany({ where: { id, shop }, data: { soldOutUntil: until } });
  if (!count) throw new NotFound('Menu item not found.');
}

export async function createModifierGroup(shop: string, input: ModifierGroupInput) {
  checkBounds(input);
  const clash = await prisma.modifierGroup.findUnique({ where: { shop_name: { shop, name: input.name } } });
  if (clash) throw new Invalid(say('admin.say.groupExists', { name: input.name }));
  return prisma.modifierGroup.create({
    data: { shop, ...input, position: await nextPosition(shop, 'modifierGroup') },
  });
}

export async function updateModifierGroup(shop: string, id: number, input: ModifierGroupInput) {
  checkBounds(input);
  const clash = await prisma.modifierGroup.findFirst({ where: { shop, name: input.name, id: { not: id } } });
  if (clash) throw new Invalid(say('admin.say.groupExists', { name: input.name }));
  const { count } = await prisma.modifierGroup.updateMany({ where: { id, shop }, data: input });
  if (!count) throw new NotFound('Modifier group not found.');
}

export async function setModifierGroupActive(shop: string, id: number, active: boolean) {
  const { count } = await prisma.modifierGroup.updateMany({ where: { id, shop }, data: { active } });
  if (!count) throw new NotFound('Modifier group not found.');
}

/** A group that allows one choice has at most one default: making one default clears the others. */
async function enforceSingleDefault(shop: string, groupId: number, keepId: number) {
  const group = await prisma.modifierGroup.findFirst({ where: { id: groupId, shop } });
  if (group && group.maxSelections === 1) {
    await prisma.modifier.updateMany({
      where: { shop, groupId, id: { not: keepId }, isDefault: true },
      data: { isDefault: false },
    });
  }
}

export async function createModifier(shop: string, input: ModifierInput) {
  const group = await prisma.modifierGroup.findFirst({ where: { id: input.groupId, shop } });
  if (!group) throw new NotFound('Modifier group not found.');
  const modifier = await prisma.modifier.create({
    data: {
      shop,
      groupId: group.id,
      name: input.name,
      priceDeltaCents: input.priceDelta,
      isDefault: input.isDefault,
      applicableCategories: input.applicableCategories,
      allergens: input.allergens,
      removesDiets: input.removesDiets,
      position: await nextPosition(shop, 'modifier', group.id),
    },
  });
  if (modifier.isDefault) await enforceSingleDefault(shop, group.id, modifier.id);
  return modifier;
}

export async function updateModifier(shop: string, id: number, input: ModifierInput) {
  const existing = await prisma.modifier.findFirst({ where: { id, shop } });
  if (!existing) throw new NotFound('Modifier not found.');
  const { count } = await prisma.modifier.updateMany({
    where: { id, shop },
    data: {
      name: input.name,
      priceDeltaCents: input.priceDelta,
      isDefault: input.isDefault,
      applicableCategories: input.applicableCategories,
      allergens: input.allergens,
      removesDiets: input.removesDiets,
    },
  });
  if (!count) throw new NotFound('Modifier not found.');
  if (input.isDefault) await enforceSingleDefault(shop, existing.groupId, id);
}

export async function setModifierActive(shop: string, id: number, active: boolean) {
  const { count } = await prisma.modifier.updateMany({ where: { id, shop }, data: { active } });
  if (!count) throw new NotFound('Modifier not found.');
}

/**
 * Puts a menu item at `index` in the shop's menu order (drag and drop), the others keeping their order;
 * an index past the end puts it last. Positions are renumbered 0..n-1.
 */
export async function placeMenuItem(shop: string, id: number, index: number) {
  await prisma.$transaction(async (tx) => {
    const rows = await tx.menuItem.findMany({
      where: { shop },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      select: { id: true, position: true },
    });
    const from = rows.findIndex((row) => row.id === id);
    if (from < 0) throw new NotFound('Menu item not found.');
    const [moved] = rows.splice(from, 1);
    rows.splice(Math.min(index, rows.length), 0, moved);
    for (const [position, row] of rows.entries()) {
      if (row.position !== position) {
        await tx.menuItem.updateMany({ where: { id: row.id, shop }, data: { position } });
      }
    }
  });
}

/**
 * Swaps a row with its neighbour above or below. Positions are renumbered 0..n-1 first, so rows that
 * share a position (imports, old data) still move one step at a time.
 */
export async function move(
  shop: string,
  kind: 'menuItem' | 'modifierGroup' | 'modifier',
  id: number,
  direction: 'up' | 'down',
) {
  await prisma.$transaction(async (tx) => {
    const order = { orderBy: [{ position: 'asc' as const }, { id: 'asc' as const }], select: { id: true } };
    let rows: { id: number }[];
    if (kind === 'modifier') {
      const modifier = await tx.modifier.findFirst({ where: { id, shop } });
      if (!modifier) throw new NotFound('Modifier not found.');
      rows = await tx.modifier.findMany({ where: { shop, groupId: modifier.groupId }, ...order });
    } else if (kind === 'modifierGroup') {
      rows = await tx.modifierGroup.findMany({ where: { shop }, ...order });
    } else {
      rows = await tx.menuItem.findMany({ where: { shop }, ...order });
    }
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new NotFound('Not found.');
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    [rows[index], rows[target]] = [rows[target], rows[index]];
    for (const [position, row] of rows.entries()) {
      const args = { where: { id: row.id, shop }, data: { position } };
      if (kind === 'modifier') await tx.modifier.updateMany(args);
      else if (kind === 'modifierGroup') await tx.modifierGroup.updateMany(args);
      else await tx.menuItem.updateMany(args);
    }
  });
}
