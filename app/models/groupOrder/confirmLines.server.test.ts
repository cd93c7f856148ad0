import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { db } from '~/db/query.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { TEST_SHOP } from '../../../test/support/requests';
import type { NewOrderItem } from './confirmLines.server';
import { confirmCart } from './orderItems.server';

// Adding a column to OrderItem is a change to the schema, its migrations and the code that uses it: the
// confirm's INSERT writes a NewOrderItem, which names every column, so one the confirm forgets does not
// compile (checked by `npm run typecheck`), and what it wrote reads back whole.

describe('a new order item', () => {
  it('names every column: one left out does not compile', () => {
    const row = {
      shop: TEST_SHOP,
      groupOrderId: 1,
      guestId: null,
      guestName: 'Ana',
      guestInitials: null,
      guestEmail: null,
      menuItemId: 1,
      menuItemName: 'Latte',
      quantity: 1,
      selectedModifiers: '[]',
      unitPriceCents: 450,
      totalCents: 450,
      allergens: '',
      diets: '',
      specialInstructions: null,
      confirmationKey: 'key',
      createdAt: new Date(),
    };
    // `line` has a database default, yet the confirm must still say which line it writes.
    // @ts-expect-error Property 'line' is missing
    const withoutLine: NewOrderItem = row;
    const complete: NewOrderItem = { ...row, line: 0 };
    expect(Object.keys(complete).length).toBe(Object.keys(withoutLine).length + 1);
    // A column without a default, which the query builder itself insists on for any insert.
    const { menuItemName, ...withoutName } = complete;
    expect(menuItemName).toBe('Latte');
    // @ts-expect-error Property 'menuItemName' is missing
    expect(db.insertInto('OrderItem').values(withoutName).compile().sql).toContain('insert into');
  });

  it('is written with every column the confirm worked out, and reads back the same', async () => {
    const menu = await seedMenu(TEST_SHOP);
    const latte = menu.find((item) => item.name === 'Latte')!;
    const { order } = await createTestGroupOrder();
    const { items } = await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: 'every-column-0001',
      guestName: 'Ana',
      guestInitials: 'AN',
      guestEmail: 'ana@example.com',
      guestToken: 'ana-phone-token-000000001',
      specialInstructions: null,
      items: [{ menuItemId: latte.id, quantity: 2, selectedModifiers: [], note: 'extra hot' }],
    });
    const stored = await prisma.orderItem.findUniqueOrThrow({ where: { id: items[0].id } });
    expect(stored).toEqual(items[0]);
    expect(stored).toMatchObject({ guestInitials: 'AN', specialInstructions: 'extra hot', quantity: 2 });
  });

  it('keeps the line as made: the item and its options add allergens, an option removes a diet', async () => {
    const menu = await seedMenu(TEST_SHOP);
    const flatWhite = menu.find((item) => item.name === 'Flat White')!;
    const longBlack = menu.find((item) => item.name === 'Long Black')!;
    const option = (name: string) =>
      prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name } }).then((m) => m.id);
    const [oat, fullCream] = await Promise.all([option('Oat'), option('Full Cream')]);
    const { order } = await createTestGroupOrder();
    const { items } = await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: 'as-made-0001',
      guestName: 'Mia',
      specialInstructions: null,
      items: [
        { menuItemId: flatWhite.id, quantity: 1, selectedModifiers: [oat] },
        { menuItemId: longBlack.id, quantity: 1, selectedModifiers: [] },
      ],
    });
    const stored = await prisma.orderItem.findMany({ where: { id: { in: items.map((i) => i.id) } } });
    const byName = new Map(stored.map((item) => [item.menuItemName, item]));
    expect(byName.get('Flat White')).toMatchObject({ allergens: 'gluten,milk', diets: 'vegetarian' });
    expect(byName.get('Long Black')).toMatchObject({ allergens: '', diets: 'vegetarian,vegan' });
    // Dairy milk on a vegan item: not vegan any more, and it contains milk.
    await prisma.menuItem.update({ where: { id: longBlack.id }, data: { category: 'white_coffee' } });
    const { items: white } = await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: 'as-made-0002',
      guestName: 'Mia',
      specialInstructions: null,
      items: [{ menuItemId: longBlack.id, quantity: 1, selectedModifiers: [fullCream] }],
    });
    const milky = await prisma.orderItem.findUniqueOrThrow({ where: { id: white[0].id } });
    expect(milky).toMatchObject({ allergens: 'milk', diets: 'vegetarian' });
  });
});
