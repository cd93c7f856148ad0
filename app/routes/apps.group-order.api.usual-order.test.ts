import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './apps.group-order.api.usual-order';

const PATH = '/apps/group-order/api/usual-order';
// The browser that saves a usual order may read it back with its device key (usualOrders.server.ts).
const DEVICE = 'this-device-key-000000001';

async function read(email: string | null, shop = TEST_SHOP, device: string | null = DEVICE) {
  const request = await proxyRequest(PATH, {
    shop,
    query: email === null ? {} : { email },
    headers: device ? { 'X-Device-Key': device } : {},
  });
  return call(() => loader(args(request)));
}
async function save(body: unknown, shop = TEST_SHOP) {
  const withDevice = body && typeof body === 'object' ? { deviceKey: DEVICE, ...body } : body;
  const request = await proxyRequest(PATH, { body: withDevice, shop });
  return call(() => action(args(request)));
}

let latte: number, bread: number, oat: number, large: number;

beforeAll(async () => {
  const items = await seedMenu(TEST_SHOP);
  latte = items.find((i) => i.name === 'Latte')!.id;
  bread = items.find((i) => i.name === 'Banana Bread')!.id;
  const mods = await prisma.modifier.findMany({ where: { shop: TEST_SHOP } });
  oat = mods.find((m) => m.name === 'Oat')!.id;
  large = mods.find((m) => m.name === 'Large')!.id;
});

beforeEach(async () => {
  await prisma.usualOrder.deleteMany();
  await prisma.menuItem.updateMany({ data: { active: true } });
});

describe('usual order', () => {
  it('saves per shop + e-mail and reads back id and quantity', async () => {
    const saved = await save({
      email: 'Alex@Example.com',
      name: 'Alex',
      orderItems: [
        { id: latte, name: 'Latte', quantity: 2, selectedModifiers: [large, oat] },
        { id: bread, name: 'Banana Bread', quantity: 1, selectedModifiers: [] },
      ],
    });
    expect(saved.status).toBe(200);
    const result = await read('alex@example.com');
    expect(result.body).toEqual([
      { id: latte, name: 'Latte', quantity: 2, selectedModifiers: [large, oat] },
      { id: bread, name: 'Banana Bread', quantity: 1, selectedModifiers: [] },
    ]);
    expect((await read('alex@example.com', OTHER_SHOP)).body).toEqual([]);
  });

  it('saving again replaces the saved order', async () => {
    await save({
      email: 'a@example.com',
      name: 'A',
      orderItems: [{ id: latte, name: 'Latte', quantity: 1 }],
    });
    await save({
      email: 'a@example.com',
      name: 'A',
      orderItems: [{ id: bread, name: 'Banana Bread', quantity: 3 }],
    });
    expect((await read('a@example.com')).body).toEqual([
      { id: bread, name: 'Banana Bread', quantity: 3, selectedModifiers: [] },
    ]);
  });

  it('leaves out items no longer on the menu', async () => {
    await save({
      email: 'b@example.com',
      name: 'B',
      orderItems: [
        { id: latte, quantity: 1 },
        { id: bread, quantity: 1 },
      ],
    });
    await prisma.menuItem.update({ where: { id: bread }, data: { active: false } });
    expect((await read('b@example.com')).body.map((i: { id: number }) => i.id)).toEqual([latte]);
  });

  it('returns an empty list for an e-mail with nothing saved, and 403 to a browser without proof', async () => {
    expect(await read('nobody@example.com', TEST_SHOP, null)).toMatchObject({ status: 200, body: [] });
    await save({ email: 'c@example.com', name: 'C', orderItems: [{ id: latte, quantity: 1 }] });
    expect(await read('c@example.com', TEST_SHOP, null)).toMatchObject({
      status: 403,
      body: { reason: 'proof-needed' },
    });
  });

  it('refuses a missing or invalid e-mail, a missing name, no items and malformed JSON', async () => {
    expect((await read(null)).status).toBe(400);
    expect((await read('not-an-email', TEST_SHOP, null)).status).toBe(400);
    expect((await read('not-an-email')).body.message).toBe('Please enter a valid email address.');
    const item = [{ id: latte, quantity: 1 }];
    expect((await save({ name: 'A', orderItems: item })).body.message).toBe(
      'Please enter your email address.',
    );
    expect((await save({ email: 'a@example.com', name: ' ', orderItems: item })).body.message).toBe(
      'Please enter your name.',
    );
    expect((await save({ email: 'a@example.com', name: 'A', orderItems: [] })).body.message).toBe(
      'Please add items to your order and ensure your email is provided.',
    );
    expect(
      (await save({ email: 'a@example.com', name: 'A', orderItems: [{ id: latte, quantity: 0 }] })).status,
    ).toBe(400);
    expect((await save('{oops')).status).toBe(400);
    expect(await prisma.usualOrder.count()).toBe(0);
  });
});
