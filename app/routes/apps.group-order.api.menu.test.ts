import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { isAllowedFor } from '~/lib/modifiers';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { loader as groupOrderLoader } from './apps.group-order.api.group-orders.$id';
import { loader as byCodeLoader } from './apps.group-order.api.group-orders.code.$code';
import { loader as menuItemsLoader } from './apps.group-order.api.menu-items';
import { loader as modifiersLoader } from './apps.group-order.api.menu-modifiers';

// GET /api/menu-items, /api/menu-modifiers, /api/group-orders/{id} and /api/group-orders/code/{code}.

async function get(
  path: string,
  loader: typeof menuItemsLoader,
  params: Record<string, string> = {},
  shop = TEST_SHOP,
) {
  const request = await proxyRequest(`/apps/group-order/api${path}`, { shop });
  return call(() => loader(args(request, params)));
}

beforeAll(async () => {
  await seedMenu(TEST_SHOP);
});

describe('GET /api/menu-items', () => {
  it('lists the active menu in the spec shape with a decimal price, allergens and diets', async () => {
    await prisma.menuItem.updateMany({ where: { shop: TEST_SHOP, name: 'Mocha' }, data: { active: false } });
    const result = await get('/menu-items', menuItemsLoader);
    expect(result.status).toBe(200);
    expect(result.body[0]).toEqual({
      id: expect.any(Number),
      name: 'Flat White',
      description: 'Double ristretto with velvety steamed milk.',
      category: 'white_coffee',
      price: '5.20',
      allergens: ['milk'],
      diets: ['vegetarian'],
    });
    expect(result.body.map((i: { name: string }) => i.name)).not.toContain('Mocha');
  });

  it("does not show another shop's menu", async () => {
    const result = await get('/menu-items', menuItemsLoader, {}, OTHER_SHOP);
    expect(result.body).toEqual([]);
  });
});

describe('GET /api/menu-modifiers', () => {
  it('lists modifiers with type, default, max selections, categories and price delta', async () => {
    const result = await get('/menu-modifiers', modifiersLoader);
    const oat = result.body.find((m: { name: string }) => m.name === 'Oat');
    expect(oat).toMatchObject({
      type: 'milk',
      isDefault: false,
      maxSelections: 1,
      applicableCategories: ['white_coffee'],
      priceDelta: '0.80',
    });
    const headings = [...new Set(result.body.map((m: { type: string }) => m.type))];
    expect(headings).toEqual(['size', 'milk', 'blend', 'sugar', 'sweeteners', 'alterations']);
  });

  it('offers sizes only where they make sense: not for a 330 ml bottle', async () => {
    const items = (await get('/menu-items', menuItemsLoader)).body;
    const modifiers = (await get('/menu-modifiers', modifiersLoader)).body;
    const sizesFor = (name: string) => {
      const item = items.find((i: { name: string }) => i.name === name);
      return modifiers
        .filter((m: { type: string }) => m.type === 'size')
        .filter((m: { applicableCategories: string[] }) => isAllowedFor(m as never, item.category))
        .map((m: { name: string }) => m.name);
    };
    expect(sizesFor('Sparkling Water')).toEqual([]);
    expect(sizesFor('Flat White')).toEqual(['Small', 'Regular', 'Large']);
    expect(sizesFor('Iced Latte')).toEqual(['Small', 'Regular', 'Large']);
  });
});

describe('GET /api/group-orders/{id} and /code/{code}', () => {
  it('returns the order with its items and without guests’ e-mail addresses', async () => {
    const { order } = await createTestGroupOrder();
    const latte = await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Latte' } });
    await prisma.orderItem.create({
      data: {
        shop: TEST_SHOP,
        groupOrderId: order.id,
        guestName: 'Alex',
        guestEmail: 'secret@example.com',
        menuItemId: latte.id,
        menuItemName: 'Latte',
        quantity: 1,
        unitPriceCents: 520,
        totalCents: 520,
        confirmationKey: 'k-000001',
      },
    });
    const result = await get(`/group-orders/${order.id}`, groupOrderLoader, { id: String(order.id) });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: order.id, name: 'Friday coffee', paymentMethod: 'pay-in-store' });
    expect(result.body.items).toHaveLength(1);
    expect(JSON.stringify(result.body)).not.toContain('secret@example.com');
  });

  it('finds an order by code case-insensitively, only in its own shop', async () => {
    const { order } = await createTestGroupOrder();
    const lower = order.code.toLowerCase();
    const found = await get(`/group-orders/code/${lower}`, byCodeLoader, { code: lower });
    expect(found).toMatchObject({ status: 200, body: { id: order.id, code: order.code } });
    const elsewhere = await get(`/group-orders/code/${lower}`, byCodeLoader, { code: lower }, OTHER_SHOP);
    expect(elsewhere).toMatchObject({ status: 404, body: { message: 'Group order not found' } });
  });

  it('answers 404 for unknown or malformed ids and for another shop', async () => {
    const { order } = await createTestGroupOrder();
    for (const id of ['123', 'abc', '-1', '99999999999']) {
      expect((await get(`/group-orders/${id}`, groupOrderLoader, { id })).status).toBe(404);
    }
    const other = await get(
      `/group-orders/${order.id}`,
      groupOrderLoader,
      { id: String(order.id) },
      OTHER_SHOP,
    );
    expect(other.status).toBe(404);
  });
});
