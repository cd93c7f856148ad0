import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../test/support/requests';

// The menu editor's allergens and diets (issue 26): the merchant ticks them on an item and on a modifier
// option, the next guest's menu carries them, and an import takes them from Shopify's taxonomy metafields.

const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { freshMenu } = await import('../../test/support/factories');
const { adminRequest } = await import('../../test/support/adminRequests');
const { args, call, proxyRequest } = await import('../../test/support/requests');
const { action } = await import('./app.menu');
const { loader: storefrontItems } = await import('./apps.group-order.api.menu-items');
const { loader: storefrontModifiers } = await import('./apps.group-order.api.menu-modifiers');

afterAll(() => api.close());

const post = async (form: Record<string, string>) =>
  call(async () => action(args(await adminRequest('/app/menu', { form }))));
const guestMenu = async (loader: typeof storefrontItems, path: string) =>
  (await call(async () => loader(args(await proxyRequest(`/apps/group-order/api/${path}`))))).body;

beforeEach(async () => {
  api.sim.reset();
  await freshMenu();
});

describe('allergens and diets in the menu editor', () => {
  it('saves an item’s allergens and diets, and the next guest sees them', async () => {
    const before = (await guestMenu(storefrontItems, 'menu-items')).find(
      (i: Answer) => i.name === 'Banana Bread',
    );
    expect(before).toMatchObject({ allergens: ['gluten', 'eggs', 'milk'], diets: ['vegetarian'] });
    const result = await post({
      intent: 'item.update',
      id: String(before.id),
      name: 'Banana Bread',
      category: 'food',
      price: '6.50',
      description: 'Toasted, with whipped butter.',
      allergens: 'milk,nuts,gluten,eggs',
      diets: '',
    });
    expect(result.body).toMatchObject({ ok: true });
    const after = (await guestMenu(storefrontItems, 'menu-items')).find((i: Answer) => i.id === before.id);
    expect(after).toMatchObject({ allergens: ['gluten', 'eggs', 'milk', 'nuts'], diets: [] });
    expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      allergens: 'gluten,eggs,milk,nuts',
      diets: '',
    });
  });

  it('refuses a key it does not know with a sentence, and changes nothing', async () => {
    const item = await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Latte' } });
    const result = await post({
      intent: 'item.update',
      id: String(item.id),
      name: 'Latte',
      category: 'white_coffee',
      price: '5.20',
      allergens: 'milk,chocolate',
      diets: 'keto',
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toMatchObject({
      allergens: 'Allergens: "chocolate" is not one we know.',
      diets: 'Diets: "keto" is not one we know.',
    });
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).allergens).toBe('milk');
  });

  it('saves what a modifier option adds and the diet it removes', async () => {
    const soy = await prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Soy' } });
    expect(
      (await guestMenu(storefrontModifiers, 'menu-modifiers')).find((m: Answer) => m.id === soy.id),
    ).toMatchObject({ allergens: ['soybeans'], removesDiets: [] });
    const result = await post({
      intent: 'modifier.update',
      id: String(soy.id),
      groupId: String(soy.groupId),
      name: 'Soy',
      priceDelta: '0.60',
      isDefault: 'false',
      applicableCategories: 'white_coffee',
      allergens: 'soybeans,sesame',
      removesDiets: 'vegan',
    });
    expect(result.body).toMatchObject({ ok: true });
    const seen = (await guestMenu(storefrontModifiers, 'menu-modifiers')).find(
      (m: Answer) => m.id === soy.id,
    );
    expect(seen).toMatchObject({ allergens: ['soybeans', 'sesame'], removesDiets: ['vegan'] });
  });

  it('imports allergens and diets from Shopify’s taxonomy metafields where a product has them', async () => {
    const result = await post({ intent: 'import', collectionId: '' });
    expect(result.body.ok).toBe(true);
    const imported = await prisma.menuItem.findMany({
      where: { shop: TEST_SHOP, shopifyVariantId: { not: null } },
    });
    const byName = (name: string) => imported.find((i) => i.name.startsWith(name))!;
    expect(byName('Almond Croissant')).toMatchObject({
      allergens: 'gluten,eggs,milk,nuts',
      diets: 'vegetarian',
    });
    expect(byName('Vegan Brownie')).toMatchObject({
      allergens: 'gluten,soybeans',
      diets: 'vegetarian,vegan',
    });
    expect(byName('Chicken Caesar Wrap')).toMatchObject({ diets: '' });
    // A product without the metafield leaves the item's own values alone on the next import.
    const espresso = byName('Espresso');
    await prisma.menuItem.update({ where: { id: espresso.id }, data: { allergens: 'sulphites' } });
    const product = api.sim.shop(TEST_SHOP).products.find((p: Answer) => p.title === 'Espresso');
    product.metafields = [];
    await post({ intent: 'import', collectionId: '' });
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: espresso.id } })).allergens).toBe(
      'sulphites',
    );
  });
});
