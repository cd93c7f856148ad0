import type { MenuItem } from '@prisma/client';
import { LRUCache } from 'lru-cache';
import type { MenuModifier } from '../../lib/modifiers';
import { db as outside, type Db } from '../../db/query.server';
import { getMenu, listMenuModifiers, serializeMenuItem, type MenuItemView } from './menu.server';

// The menu rows a guest confirm prices its cart with, from memory while the shop's menu is unchanged.
//
// Every confirm needs its cart's menu items and selected modifiers, and a lunch rush confirms against
// the same few (why they are not read per confirm: docs/decisions/2026-11-25-menu-copy-per-process.md).
// So each process keeps the menus of the shops it served recently, with the tag the menu had
// when it was read: the database changes a shop's tag (MenuVersion) on every insert, update and delete of
// its MenuItem, ModifierGroup and Modifier rows, by triggers the migrations create, so no write (the
// admin's menu editor, an import from Shopify, a redaction, a script) can leave a stale copy behind. Each
// confirm reads the tag inside its own transaction, in the statement that reads its order (a subquery
// on a primary key instead of two searches), and a copy whose tag no longer holds is read again. On
// PostgreSQL every instance keeps its own copies; the tag they compare is the database's.
// The guest pages that show the whole menu (menu, review) read it from the same copies: one look-up of the
// tag instead of reading every item and modifier on each page.

/** Shops whose menus one process keeps (the least recently confirmed go first). */
const SHOPS_KEPT = 100;
/** Menus larger than this (items plus modifiers) are read per confirm, as before, not kept. */
const LARGEST_KEPT = 2000;

type Menu = {
  /** In menu order. */
  items: Map<number, MenuItem>;
  /** Each item as guests see it, in menu order, with when its "sold out today" ends. */
  views: { view: MenuItemView; soldOutUntil: Date | null }[];
  /** Active modifiers of active groups, each with its place in menu order. */
  modifiers: Map<number, { modifier: MenuModifier; place: number }>;
  /** The modifiers of required groups, which every confirm checks its lines against. */
  required: { modifier: MenuModifier; place: number }[];
};

/** Per shop, the tag its menu had when read, and the menu; null when it was too large to keep. */
const kept = new LRUCache<string, { tag: string; menu: Menu | null }>({ max: SHOPS_KEPT });

/**
 * The cart's menu rows: its items that are on the menu, and its selected modifiers with every modifier of
 * a required group (validateSelection checks each line answers those), in menu order.
 */
export type CartMenu = { items: MenuItem[]; modifiers: MenuModifier[] };

/** Menu rows as two statements read them: only the ones the cart names (no copy kept). */
async function readCartMenu(db: Db, shop: string, itemIds: number[], modifierIds: number[]) {
  const items = itemIds.length
    ? await db
        .selectFrom('MenuItem')
        .selectAll()
        .where('shop', '=', shop)
        .where('active', '=', true)
        .where('id', 'in', itemIds)
        .execute()
    : [];
  return { items, modifiers: await listMenuModifiers(shop, { ids: modifierIds, db }) };
}

const frozen = (modifier: MenuModifier) => {
  Object.freeze(modifier.applicableCategories);
  return Object.freeze(modifier);
};

/** The whole active menu of the shop, frozen (copies are shared by every page and confirm that use them). */
async function readMenu(db: Db, shop: string): Promise<Menu> {
  const items = await db
    .selectFrom('MenuItem')
    .selectAll()
    .where('shop', '=', shop)
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const modifiers = await listMenuModifiers(shop, { db });
  const entries = modifiers.map((modifier, place) => ({ modifier: frozen(modifier), place }));
  const views = items.map((item) => {
    const view = serializeMenuItem(item);
    Object.freeze(view.allergens);
    Object.freeze(view.diets);
    return Object.freeze({ view: Object.freeze(view), soldOutUntil: item.soldOutUntil });
  });
  return {
    items: new Map(items.map((item) => [item.id, Object.freeze(item)])),
    views,
    modifiers: new Map(entries.map((entry) => [entry.modifier.id, entry])),
    required: entries.filter((entry) => entry.modifier.minSelections > 0),
  };
}

/** The shop's menu at `tag`: the process's copy while the tag holds, else read (and kept when not too large). */
async function keptMenu(db: Db, shop: string, tag: string) {
  // Reading a copy makes its shop the most recently used; the least recently used is dropped first.
  const known = kept.get(shop);
  if (known?.tag === tag) return known.menu;
  const menu = await readMenu(db, shop);
  kept.set(shop, { tag, menu: menu.items.size + menu.modifiers.size > LARGEST_KEPT ? null : menu });
  return menu;
}

/**
 * The menu rows a confirm's cart names, read inside the confirm's transaction (`db`): from the process's
 * copy when the shop's menu tag (`tag`, read by the caller in the same transaction) still holds, else
 * from the database (and kept for the next confirm).
 */
export async function cartMenu(
  db: Db,
  shop: string,
  tag: string | null,
  itemIds: number[],
  modifierIds: number[],
): Promise<CartMenu> {
  // No tag: the shop has no menu rows (or they were all redacted); nothing worth keeping.
  // Too large to keep at this tag: only the cart's rows, without reading the whole menu again.
  const menu = tag === null ? null : await keptMenu(db, shop, tag);
  if (!menu) return readCartMenu(db, shop, itemIds, modifierIds);
  const items = itemIds.map((id) => menu.items.get(id)).filter((item) => item !== undefined);
  const chosen = modifierIds.map((id) => menu.modifiers.get(id)).filter((entry) => entry !== undefined);
  const modifiers = [...new Set([...chosen, ...menu.required])]
    .sort((a, b) => a.place - b.place)
    .map((entry) => entry.modifier);
  return { items, modifiers };
}

/**
 * The menu as guests see it (the menu and review pages, loading a usual order): active items not sold out
 * at `now` and active modifiers of active groups, in menu order, from the process's copy while the shop's
 * menu tag holds. The same as getMenu (menu.server.ts), which reads it when there is no copy to keep.
 */
export async function guestMenu(
  shop: string,
  now = new Date(),
): Promise<{ items: MenuItemView[]; modifiers: MenuModifier[] }> {
  const version = await outside
    .selectFrom('MenuVersion')
    .select('tag')
    .where('shop', '=', shop)
    .executeTakeFirst();
  const menu = version ? await keptMenu(outside, shop, version.tag) : null;
  if (!menu) return getMenu(shop, now);
  return {
    items: menu.views
      .filter(({ soldOutUntil }) => !soldOutUntil || soldOutUntil <= now)
      .map(({ view }) => view),
    modifiers: [...menu.modifiers.values()].map(({ modifier }) => modifier),
  };
}
