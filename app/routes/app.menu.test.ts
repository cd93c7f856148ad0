import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { OTHER_SHOP, TEST_SHOP, type Answer } from '../../test/support/requests';

// Import talks to the simulated Admin API through the app's real Admin client, so it is started first.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { freshMenu, seedMenu } = await import('../../test/support/factories');
const { adminRequest } = await import('../../test/support/adminRequests');
const { args, call } = await import('../../test/support/requests');
const { loader, action } = await import('./app.menu');
const { loader: storefrontMenu } = await import('./apps.group-order.api.menu-items');
const { proxyRequest } = await import('../../test/support/requests');

afterAll(() => api.close());

const post = async (form: Record<string, string>, shop = TEST_SHOP) =>
  call(async () => action(args(await adminRequest('/app/menu', { form, shop }))));
const menu = async (query = '') =>
  (await call(async () => loader(args(await adminRequest(`/app/menu${query}`))))).body;

beforeEach(async () => {
  api.sim.reset();
  await freshMenu();
});

describe('menu items', () => {
  it('creates an item with a snake_case category and shows it to guests', async () => {
    const result = await post({
      intent: 'item.create',
      name: 'Turmeric Latte',
      category: 'Hot Drinks',
      price: '5.80',
      description: 'Golden milk',
    });
    expect(result.body).toMatchObject({ ok: true, message: 'Menu item added' });
    const item = (await menu()).items.find((i: Answer) => i.name === 'Turmeric Latte');
    expect(item).toMatchObject({ category: 'hot_drinks', price: '5.80', active: true });
    const guests = await call(async () =>
      storefrontMenu(args(await proxyRequest('/apps/group-order/api/menu-items'))),
    );
    expect(JSON.stringify(guests.body)).toContain('Turmeric Latte');
  });

  it('explains what is wrong with bad input and saves nothing', async () => {
    const before = await prisma.menuItem.count({ where: { shop: TEST_SHOP } });
    const result = await post({ intent: 'item.create', name: '', category: '', price: 'free' });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      name: 'Enter the item name.',
      category: 'Enter a category, such as White Coffee.',
      price: 'The price must be an amount such as 4.50.',
    });
    expect(await prisma.menuItem.count({ where: { shop: TEST_SHOP } })).toBe(before);
    const negative = await post({ intent: 'item.create', name: 'X', category: 'food', price: '-1' });
    expect(negative.body.errors.price).toBe('The price cannot be negative.');
  });

  it('edits, reorders and archives an item; archived items leave the guest menu', async () => {
    const [first, second] = (await menu()).items;
    await post({
      intent: 'item.update',
      id: String(first.id),
      name: 'Flat White XL',
      category: 'white_coffee',
      price: '6.10',
      description: 'Bigger',
    });
    await post({ intent: 'item.down', id: String(first.id) });
    let items = (await menu()).items;
    expect(items[0].id).toBe(second.id);
    expect(items[1]).toMatchObject({ id: first.id, name: 'Flat White XL', priceCents: 610 });
    await post({ intent: 'item.up', id: String(first.id) });
    expect((await menu()).items[0].id).toBe(first.id);

    await post({ intent: 'item.archive', id: String(first.id) });
    items = (await menu()).items;
    expect(items.find((i: Answer) => i.id === first.id).active).toBe(false);
    const guests = await call(async () =>
      storefrontMenu(args(await proxyRequest('/apps/group-order/api/menu-items'))),
    );
    expect(JSON.stringify(guests.body)).not.toContain('Flat White XL');
    await post({ intent: 'item.unarchive', id: String(first.id) });
    expect((await menu()).items.find((i: Answer) => i.id === first.id).active).toBe(true);
  });

  it('places an item anywhere by drag and drop, the others keeping their order', async () => {
    const before = (await menu()).items.map((i: Answer) => i.id);
    const last = before[before.length - 1];
    expect((await post({ intent: 'item.place', id: String(last), index: '1' })).body.ok).toBe(true);
    expect((await menu()).items.map((i: Answer) => i.id)).toEqual([before[0], last, ...before.slice(1, -1)]);
    // Past the end: last again.
    await post({ intent: 'item.place', id: String(last), index: '999' });
    expect((await menu()).items.map((i: Answer) => i.id)).toEqual(before);
    const bad = await post({ intent: 'item.place', id: String(last), index: '-1' });
    expect(bad.status).toBe(400);
  });

  it('sells an item out until the shop’s next day, off the guest menu, and back on request', async () => {
    const [first] = (await menu()).items;
    const result = await post({ intent: 'item.soldout', id: String(first.id) });
    expect(result.body).toMatchObject({ ok: true, message: 'Sold out until tomorrow' });
    expect((await menu()).items[0].soldOutToday).toBe(true);
    // Until midnight in the shop's zone (Australia/Sydney by default), at most a day away.
    const saved = await prisma.menuItem.findUniqueOrThrow({ where: { id: first.id } });
    const until = saved.soldOutUntil!;
    expect(until.getTime()).toBeGreaterThan(Date.now());
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000 + 3600_000);
    expect(
      new Intl.DateTimeFormat('en-AU', {
        timeZone: 'Australia/Sydney',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(until),
    ).toBe('00:00');
    const guests = async () =>
      JSON.stringify(
        (await call(async () => storefrontMenu(args(await proxyRequest('/apps/group-order/api/menu-items')))))
          .body,
      );
    expect(await guests()).not.toContain(`"${first.name}"`);
    await post({ intent: 'item.available', id: String(first.id) });
    expect((await menu()).items[0].soldOutToday).toBe(false);
    expect(await guests()).toContain(`"${first.name}"`);
  });

  it("cannot touch another shop's menu item", async () => {
    await seedMenu(OTHER_SHOP);
    const foreign = await prisma.menuItem.findFirstOrThrow({ where: { shop: OTHER_SHOP } });
    const result = await post({
      intent: 'item.update',
      id: String(foreign.id),
      name: 'Hacked',
      category: 'x',
      price: '1',
    });
    expect(result.status).toBe(404);
    const archived = await post({ intent: 'item.archive', id: String(foreign.id) });
    expect(archived.status).toBe(404);
    expect((await post({ intent: 'item.soldout', id: String(foreign.id) })).status).toBe(404);
    expect((await post({ intent: 'item.place', id: String(foreign.id), index: '0' })).status).toBe(404);
    expect(await prisma.menuItem.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({
      name: foreign.name,
      active: true,
      soldOutUntil: null,
      position: foreign.position,
    });
  });
});

describe('modifier groups and modifiers', () => {
  it('creates a group and modifiers with price deltas, defaults and categories', async () => {
    expect(
      (await post({ intent: 'group.create', name: 'Syrups', type: 'other', maxSelections: '2' })).body.ok,
    ).toBe(true);
    const group = (await menu()).groups.find((g: Answer) => g.name === 'Syrups');
    expect(group).toMatchObject({ type: 'other', maxSelections: 2 });
    const created = await post({
      intent: 'modifier.create',
      groupId: String(group.id),
      name: 'Vanilla',
      priceDelta: '0.60',
      isDefault: 'false',
      applicableCategories: 'White Coffee,cold_drinks',
    });
    expect(created.body.ok).toBe(true);
    const vanilla = (await menu()).groups.find((g: Answer) => g.id === group.id).modifiers[0];
    expect(vanilla).toMatchObject({
      name: 'Vanilla',
      priceDeltaCents: 60,
      applicableCategories: 'white_coffee,cold_drinks',
      isDefault: false,
    });
  });

  it('keeps one default in a choose-one group and validates the inputs', async () => {
    const size = (await menu()).groups.find((g: Answer) => g.name === 'Size');
    const large = size.modifiers.find((m: Answer) => m.name === 'Large');
    await post({
      intent: 'modifier.update',
      id: String(large.id),
      groupId: String(size.id),
      name: 'Large',
      priceDelta: '1.00',
      isDefault: 'true',
      applicableCategories: '',
    });
    const defaults = (await menu()).groups
      .find((g: Answer) => g.id === size.id)
      .modifiers.filter((m: Answer) => m.isDefault);
    expect(defaults.map((m: Answer) => m.name)).toEqual(['Large']);

    const bad = await post({ intent: 'group.create', name: 'Size', type: 'colour', maxSelections: '0' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      type: 'Choose a type such as size or milk.',
      maxSelections: 'Guests must be able to choose at least 1.',
    });
    const duplicate = await post({ intent: 'group.create', name: 'Size', type: 'size', maxSelections: '1' });
    expect(duplicate.body.message).toBe('There is already a modifier group called Size.');
  });

  it('makes a group required (min selections), which guests then see in the menu', async () => {
    const size = (await menu()).groups.find((g: Answer) => g.name === 'Size');
    const save = (minSelections: string, maxSelections = '1') =>
      post({
        intent: 'group.update',
        id: String(size.id),
        name: 'Size',
        type: 'size',
        minSelections,
        maxSelections,
      });
    const tooMany = await save('2');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Min selections (2) cannot be more than max selections (1).');
    expect((await save('1')).body.ok).toBe(true);
    expect((await menu()).groups.find((g: Answer) => g.id === size.id)).toMatchObject({
      minSelections: 1,
      maxSelections: 1,
    });
    const { loader: modifiersApi } = await import('./apps.group-order.api.menu-modifiers');
    const request = await proxyRequest('/apps/group-order/api/menu-modifiers');
    const guestView = (await call(() => modifiersApi(args(request)))).body as Answer[];
    expect(guestView.find((m: Answer) => m.name === 'Small')).toMatchObject({
      minSelections: 1,
      maxSelections: 1,
    });
    // Left out (an older form), a group stays optional.
    await post({
      intent: 'group.update',
      id: String(size.id),
      name: 'Size',
      type: 'size',
      maxSelections: '1',
    });
    expect((await menu()).groups.find((g: Answer) => g.id === size.id).minSelections).toBe(0);
  });

  it('archives a group and moves it', async () => {
    const groups = (await menu()).groups;
    await post({ intent: 'group.archive', id: String(groups[0].id) });
    await post({ intent: 'group.down', id: String(groups[0].id) });
    const after = (await menu()).groups;
    expect(after[1]).toMatchObject({ id: groups[0].id, active: false });
  });
});

describe('import from Shopify products', () => {
  it('imports every variant of active products with its price and ids, and updates on re-import', async () => {
    const result = await post({ intent: 'import', collectionId: '' });
    expect(result.body.ok).toBe(true);
    const imported = await prisma.menuItem.findMany({
      where: { shop: TEST_SHOP, shopifyVariantId: { not: null } },
    });
    const store = api.sim.shop(TEST_SHOP);
    const active = store.products.filter((p: Answer) => p.status === 'ACTIVE');
    expect(imported).toHaveLength(active.reduce((n: number, p: Answer) => n + p.variants.length, 0));
    const flat = store.products.find((p: Answer) => p.title === 'Flat White');
    const large = flat.variants[2];
    expect(imported.find((i) => i.shopifyVariantId === large.id)).toMatchObject({
      name: `Flat White — ${large.title}`,
      category: 'white_coffee',
      priceCents: large.price,
      shopifyProductId: flat.id,
    });
    expect(imported.some((i) => i.name.startsWith('Eggnog'))).toBe(false); // archived product
    expect(result.body.message).toContain(`Imported ${imported.length} new`);

    // The products query paginates (25 per page): there are more than 25 active products.
    expect(
      api.sim.state.calls.filter((c: Answer) => c.rootFields.includes('products')).length,
    ).toBeGreaterThan(1);

    large.price = 599;
    const again = await post({ intent: 'import', collectionId: '' });
    expect(again.body.message).toContain('Imported 0 new');
    expect(await prisma.menuItem.count({ where: { shop: TEST_SHOP, shopifyVariantId: { not: null } } })).toBe(
      imported.length,
    );
    expect(
      (await prisma.menuItem.findFirstOrThrow({ where: { shopifyVariantId: large.id } })).priceCents,
    ).toBe(599);
  });

  it('uses a chosen collection as the category and lists collections in the import dialog', async () => {
    const { collections } = await menu('?import=1');
    const breakfast = collections.find((c: Answer) => c.title === 'Breakfast');
    expect(breakfast).toBeTruthy();
    await post({ intent: 'import', collectionId: breakfast.id });
    const imported = await prisma.menuItem.findMany({
      where: { shop: TEST_SHOP, shopifyVariantId: { not: null } },
    });
    expect(imported.length).toBeGreaterThan(0);
    expect(new Set(imported.map((i) => i.category))).toEqual(new Set(['breakfast']));
  });

  it('reports an import cut short by the page limit instead of passing it off as complete', async () => {
    const { importShopifyProducts } = await import('~/models/menu/menuImport.server');
    const { unauthenticated } = await import('~/shopify.server');
    const { admin } = await unauthenticated.admin(TEST_SHOP);
    const partial = await importShopifyProducts(TEST_SHOP, admin.graphql, { maxPages: 1 });
    expect(partial).toMatchObject({ complete: false, products: 25 });
    const whole = await importShopifyProducts(TEST_SHOP, admin.graphql);
    expect(whole.complete).toBe(true);
    expect(whole.products).toBeGreaterThan(25);
  });

  it('says so when Shopify cannot be reached', async () => {
    api.sim.failNext('http500', 3);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await post({ intent: 'import', collectionId: '' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(result.status).toBe(502);
    expect(result.body.message).toBe('Shopify could not be reached for the import. Try again in a minute.');
  });
});
