import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { AliasNode, SelectQueryNode, TableNode, type KyselyPlugin } from 'kysely';
import { db as outside, transaction, type Db } from '~/db/query.server';
import { seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { cartMenu, guestMenu } from './menuCache.server';
import { getMenu } from './menu.server';

// The confirm's menu rows come from a copy each process keeps while the shop's menu tag holds; the tag is
// changed by database triggers on every write to MenuItem, ModifierGroup and Modifier (both databases).

/** The statements a confirm's transaction ran (the real database underneath), by the table they read. */
function recorded(db: Db) {
  const tables: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node }) {
      const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
      const table = from && AliasNode.is(from) ? from.node : from;
      tables.push(table && TableNode.is(table) ? table.table.identifier.name : node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { sql: db.withPlugin(recorder), tables };
}

async function menuOf(shop: string, names: string[], modifierNames: string[] = []) {
  const items = await prisma.menuItem.findMany({ where: { shop, name: { in: names } } });
  const modifiers = await prisma.modifier.findMany({ where: { shop, name: { in: modifierNames } } });
  return transaction(async (trx) => {
    const { sql, tables } = recorded(trx);
    // As the confirm reads it (with its order): the shop's menu tag, in the same transaction.
    const version = await sql
      .selectFrom('MenuVersion')
      .select('tag')
      .where('shop', '=', shop)
      .executeTakeFirst();
    const menu = await cartMenu(
      sql,
      shop,
      version?.tag ?? null,
      items.map((item) => item.id),
      modifiers.map((modifier) => modifier.id),
    );
    return { ...menu, tables };
  });
}

const tagOf = async (shop: string) => (await prisma.menuVersion.findUnique({ where: { shop } }))?.tag;

beforeEach(async () => {
  await prisma.menuItem.deleteMany();
  await prisma.modifier.deleteMany();
  await prisma.modifierGroup.deleteMany();
  await seedMenu(TEST_SHOP);
  await seedMenu(OTHER_SHOP);
});

describe("the confirm's menu copy (menuCache.server.ts)", () => {
  it('reads the menu once, then only its tag while no menu row changes', async () => {
    const first = await menuOf(TEST_SHOP, ['Latte', 'Banana Bread'], ['Large', 'Oat']);
    expect(first.tables).toContain('MenuItem');
    const again = await menuOf(TEST_SHOP, ['Latte', 'Banana Bread'], ['Large', 'Oat']);
    expect(again.tables).toEqual(['MenuVersion']);
    expect(again.items.map((item) => item.name).sort()).toEqual(['Banana Bread', 'Latte']);
    // In menu order (size before milk), whatever order the cart named them in.
    expect(again.modifiers.map((modifier) => modifier.name)).toEqual(
      first.modifiers.map((modifier) => modifier.name),
    );
    expect(again.modifiers.map((modifier) => modifier.type)).toEqual(['size', 'milk']);
  });

  it('sees every write to the menu at once, whoever makes it', async () => {
    await menuOf(TEST_SHOP, ['Latte'], ['Oat']);
    const before = await tagOf(TEST_SHOP);

    // A price through Prisma (the admin's editor writes so).
    await prisma.menuItem.updateMany({
      where: { shop: TEST_SHOP, name: 'Latte' },
      data: { priceCents: 777 },
    });
    expect(await tagOf(TEST_SHOP)).not.toBe(before);
    const repriced = await menuOf(TEST_SHOP, ['Latte'], ['Oat']);
    expect(repriced.tables).toContain('MenuItem');
    expect(repriced.items[0].priceCents).toBe(777);

    // A modifier's price through the query builder, past Prisma.
    await outside
      .updateTable('Modifier')
      .set({ priceDeltaCents: 90 })
      .where('shop', '=', TEST_SHOP)
      .where('name', '=', 'Oat')
      .execute();
    expect((await menuOf(TEST_SHOP, ['Latte'], ['Oat'])).modifiers[0].priceDeltaCents).toBe(90);

    // A whole group switched off: its modifiers are no longer on the menu.
    await prisma.modifierGroup.updateMany({
      where: { shop: TEST_SHOP, type: 'milk' },
      data: { active: false },
    });
    expect((await menuOf(TEST_SHOP, ['Latte'], ['Oat'])).modifiers).toEqual([]);

    // An item taken off the menu, then deleted.
    await prisma.menuItem.updateMany({ where: { shop: TEST_SHOP, name: 'Latte' }, data: { active: false } });
    expect((await menuOf(TEST_SHOP, ['Latte'])).items).toEqual([]);
    await prisma.menuItem.deleteMany({ where: { shop: TEST_SHOP, name: 'Banana Bread' } });
    const tag = await tagOf(TEST_SHOP);
    expect(tag).not.toBe(before);
    expect((await menuOf(TEST_SHOP, ['Banana Bread'])).items).toEqual([]);
  });

  it("keeps each shop's copy apart: one shop's write leaves another's copy in use", async () => {
    await menuOf(TEST_SHOP, ['Latte']);
    await menuOf(OTHER_SHOP, ['Latte']);
    const otherTag = await tagOf(OTHER_SHOP);
    await prisma.menuItem.updateMany({
      where: { shop: TEST_SHOP, name: 'Latte' },
      data: { priceCents: 555 },
    });
    expect(await tagOf(OTHER_SHOP)).toBe(otherTag);
    const other = await menuOf(OTHER_SHOP, ['Latte']);
    expect(other.tables).toEqual(['MenuVersion']);
    expect(other.items[0].priceCents).not.toBe(555);
    expect((await menuOf(TEST_SHOP, ['Latte'])).items[0].priceCents).toBe(555);
  });

  it('reads only the cart’s rows for a menu too large to keep, and the whole menu once per tag', async () => {
    await prisma.menuItem.createMany({
      data: Array.from({ length: 2000 }, (_, i) => ({
        shop: TEST_SHOP,
        category: 'Pantry',
        name: `Jar ${i}`,
        priceCents: 500,
      })),
    });
    const first = await menuOf(TEST_SHOP, ['Latte'], ['Large']);
    expect(first.items.map((item) => item.name)).toEqual(['Latte']);
    expect(first.modifiers.map((modifier) => modifier.name)).toEqual(['Large']);
    // Not kept; the next confirm reads the cart's item and modifier, not the 2,000-row menu.
    const next = await menuOf(TEST_SHOP, ['Latte', 'Jar 7'], ['Large']);
    expect(next.tables).toEqual(['MenuVersion', 'MenuItem', 'Modifier']);
    expect(next.items.map((item) => item.name).sort()).toEqual(['Jar 7', 'Latte']);
  });

  it('reads straight from the tables for a shop without a tag, and shares only frozen rows', async () => {
    await prisma.menuVersion.deleteMany({ where: { shop: TEST_SHOP } });
    const untagged = await menuOf(TEST_SHOP, ['Latte'], ['Large']);
    expect(untagged.tables).toEqual(['MenuVersion', 'MenuItem', 'Modifier']);
    expect(untagged.items.map((item) => item.name)).toEqual(['Latte']);

    await menuOf(OTHER_SHOP, ['Latte'], ['Large']);
    const kept = await menuOf(OTHER_SHOP, ['Latte'], ['Large']);
    expect(Object.isFrozen(kept.items[0])).toBe(true);
    expect(Object.isFrozen(kept.modifiers[0])).toBe(true);
  });
});

describe("the guest pages' menu (guestMenu)", () => {
  const names = (menu: { items: { name: string }[] }) => menu.items.map((item) => item.name);

  it('is what the tables say, in menu order, without items sold out until their day ends', async () => {
    expect(await guestMenu(TEST_SHOP)).toEqual(await getMenu(TEST_SHOP));
    // The page's read filled the copy the confirms use: a confirm now reads only the tag.
    expect((await menuOf(TEST_SHOP, ['Latte'], ['Oat'])).tables).toEqual(['MenuVersion']);

    const now = new Date();
    const later = new Date(now.getTime() + 2 * 3600_000);
    await prisma.menuItem.updateMany({
      where: { shop: TEST_SHOP, name: 'Latte' },
      data: { soldOutUntil: new Date(now.getTime() + 3600_000), position: -1 },
    });
    expect(names(await guestMenu(TEST_SHOP, now))).not.toContain('Latte');
    expect(await guestMenu(TEST_SHOP, now)).toEqual(await getMenu(TEST_SHOP, now));
    // Back on the menu when "sold out today" ends, first now that it moved up.
    expect(names(await guestMenu(TEST_SHOP, later))[0]).toBe('Latte');
    expect(await guestMenu(TEST_SHOP, later)).toEqual(await getMenu(TEST_SHOP, later));
  });

  it("sees every write at once, keeps each shop's menu apart, and shares only frozen items", async () => {
    const other = await guestMenu(OTHER_SHOP);
    await guestMenu(TEST_SHOP);
    await prisma.menuItem.updateMany({
      where: { shop: TEST_SHOP, name: 'Latte' },
      data: { priceCents: 640 },
    });
    await prisma.modifierGroup.updateMany({
      where: { shop: TEST_SHOP, type: 'milk' },
      data: { active: false },
    });
    const changed = await guestMenu(TEST_SHOP);
    expect(changed.items.find((item) => item.name === 'Latte')?.price).toBe('6.40');
    expect(changed.modifiers.map((modifier) => modifier.type)).not.toContain('milk');
    expect(await guestMenu(OTHER_SHOP)).toEqual(other);
    expect(Object.isFrozen(changed.items[0])).toBe(true);
    expect(Object.isFrozen(changed.items[0].allergens)).toBe(true);
  });

  it('reads the tables for a shop without a tag or menu', async () => {
    await prisma.menuVersion.deleteMany({ where: { shop: TEST_SHOP } });
    expect(await guestMenu(TEST_SHOP)).toEqual(await getMenu(TEST_SHOP));
    expect(await guestMenu('no-menu.myshopify.com')).toEqual({ items: [], modifiers: [] });
  });
});
