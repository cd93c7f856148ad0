import { describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { TEST_SHOP } from '../../../test/support/requests';
import { confirmCart } from '../groupOrder/orderItems.server';
import { getPrepOrder } from './prepBoard.server';

// The kitchen's view of allergens (issue 26): each line's allergens as made, the guest's own flags, and a
// warning on a line whose guest avoids something it has, on the board, the labels and the order sheet.

describe('allergens in the kitchen', () => {
  it('prints each line as made with the guest’s flags, and flags a line that has what they avoid', async () => {
    const menu = await seedMenu(TEST_SHOP);
    const id = (name: string) => menu.find((item) => item.name === name)!.id;
    const soy = await prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Soy' } });
    const { order } = await createTestGroupOrder();
    await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: 'kitchen-allergens-1',
      guestName: 'Nina',
      guestToken: 'nina-phone-token-00000001',
      specialInstructions: null,
      avoids: 'milk',
      items: [
        { menuItemId: id('Flat White'), quantity: 1, selectedModifiers: [soy.id] },
        { menuItemId: id('Long Black'), quantity: 1, selectedModifiers: [] },
      ],
    });
    await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: 'kitchen-allergens-2',
      guestName: 'Sam',
      specialInstructions: null,
      items: [{ menuItemId: id('Flat White'), quantity: 1, selectedModifiers: [] }],
    });
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const board = (await getPrepOrder(TEST_SHOP, order.id))!;
    const nina = board.guests.find((g) => g.name === 'Nina')!;
    expect(nina.avoids).toBe('Avoids: milk');
    expect(nina.lines).toEqual([
      expect.objectContaining({
        title: 'Flat White · Soy',
        facts: 'vegetarian; allergens: soybeans, milk',
        conflict: 'CHECK: has milk',
      }),
      expect.objectContaining({ title: 'Long Black', facts: 'vegetarian; vegan', conflict: null }),
    ]);
    const sam = board.guests.find((g) => g.name === 'Sam')!;
    expect(sam).toMatchObject({ avoids: '' });
    expect(sam.lines[0]).toMatchObject({ facts: 'vegetarian; allergens: milk', conflict: null });
    const label = board.labels.find((l) => l.guestName === 'Nina' && l.item === 'Flat White');
    expect(label).toMatchObject({ avoids: 'Avoids: milk', conflict: 'CHECK: has milk' });
  });
});
