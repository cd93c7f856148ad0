import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action as confirm } from './apps.group-order.api.order-items';
import { action as saveUsual } from './apps.group-order.api.usual-order';
import { action as loadUsual } from './apps.group-order.api.usual-order_.load';
import { loader as ownGuest } from './apps.group-order.api.group-orders.$id.guests.$guestName';

// What a guest avoids (issue 26) through the storefront API: kept with the guest at confirm, shown back
// with their lines as made, remembered with the usual order, and refused with a sentence when unknown.

const TOKEN = 'mia-phone-token-000000001';
const DEVICE = 'mia-device-key-000000001';

async function post(path: string, body: unknown, handler: typeof confirm, headers = {}) {
  const request = await proxyRequest(`/apps/group-order/api${path}`, { body, headers });
  return call(() => handler(args(request)));
}

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let flatWhite: number, soy: number;

beforeEach(async () => {
  await prisma.orderItem.deleteMany();
  await prisma.groupOrder.deleteMany();
  await prisma.usualOrder.deleteMany();
  const items = await seedMenu(TEST_SHOP);
  flatWhite = items.find((i) => i.name === 'Flat White')!.id;
  soy = (await prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Soy' } })).id;
  ({ order } = await createTestGroupOrder());
});

const cart = (avoids: unknown) => ({
  groupOrderId: order.id,
  confirmationKey: 'avoids-key-0001',
  guestName: 'Mia',
  guestToken: TOKEN,
  guestEmail: 'mia@example.com',
  avoids,
  items: [{ menuItemId: flatWhite, quantity: 1, selectedModifiers: [soy] }],
});

describe('what a guest avoids', () => {
  it('is kept with the guest at confirm, and their lines come back as made', async () => {
    const result = await post('/order-items', cart(['milk', 'vegan']), confirm);
    expect(result.status).toBe(201);
    const guest = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(guest.avoids).toBe('milk,vegan');
    const request = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/guests/Mia`, {
      headers: { 'X-Guest-Token': TOKEN },
    });
    const own = await call(() => ownGuest(args(request, { id: String(order.id), guestName: 'Mia' })));
    expect(own.body.guest.avoids).toEqual(['milk', 'vegan']);
    expect(own.body.items[0]).toMatchObject({ allergens: ['soybeans', 'milk'], diets: ['vegetarian'] });
  });

  it('refuses a word it does not know, with a sentence, and writes nothing', async () => {
    const result = await post('/order-items', cart(['milk', 'chocolate']), confirm);
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(
      'Each thing you avoid must be one of the 14 allergens, vegetarian or vegan.',
    );
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(0);
  });

  it('is remembered with the usual order', async () => {
    const saved = await post(
      '/usual-order',
      {
        email: 'mia@example.com',
        name: 'Mia',
        deviceKey: DEVICE,
        avoids: ['nuts', 'milk'],
        orderItems: [{ id: flatWhite, name: 'Flat White', quantity: 1, selectedModifiers: [soy] }],
      },
      saveUsual,
    );
    expect(saved.status).toBe(200);
    const loaded = await post(
      '/usual-order/load',
      { email: 'mia@example.com', deviceKey: DEVICE },
      loadUsual,
    );
    expect(loaded.body).toMatchObject({ avoids: ['milk', 'nuts'], items: [{ id: flatWhite }] });
  });
});
