import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../test/support/factories';
import { TEST_SHOP } from '../test/support/requests';
import { startBareServer } from './bare-server.mjs';
import { PROXY_PREFIX, signedPath } from './signing.mjs';

// The benchmark's pieces run: its signing gets through the real app-proxy check, and its bare reference
// server verifies the same signature and writes the same rows as the app's confirm. Not timed.

let bare: { url: string; close: () => Promise<void> };

async function cart(orderId: number, key: string) {
  const items = await prisma.menuItem.findMany({ where: { shop: TEST_SHOP } });
  const mods = await prisma.modifier.findMany({ where: { shop: TEST_SHOP } });
  const item = (name: string) => items.find((i) => i.name === name)!.id;
  const mod = (name: string) => mods.find((m) => m.name === name)!.id;
  return {
    groupOrderId: orderId,
    confirmationKey: key,
    guestName: 'Bench Guest',
    items: [
      { menuItemId: item('Latte'), quantity: 2, selectedModifiers: [mod('Large'), mod('Oat')] },
      { menuItemId: item('Banana Bread'), quantity: 1, selectedModifiers: [] },
    ],
  };
}

function post(path: string, body: unknown) {
  return fetch(`${bare.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

// On either database: the reference server drives the SQLite file or the PostgreSQL database directly.
describe('bench: the bare reference server', () => {
  beforeAll(async () => {
    await seedMenu(TEST_SHOP);
    const url = process.env.DATABASE_URL!;
    bare = await startBareServer({
      ...(url.startsWith('file:') ? { databaseFile: url.replace(/^file:/, '') } : { databaseUrl: url }),
      secret: process.env.SHOPIFY_API_SECRET!,
    });
  });
  afterAll(() => bare.close());

  it('answers a signed confirm and writes the rows and totals the app would write', async () => {
    const { order } = await createTestGroupOrder();
    const path = signedPath(`${PROXY_PREFIX}/api/order-items`, {
      shop: TEST_SHOP,
      secret: process.env.SHOPIFY_API_SECRET!,
    });
    const response = await post(path, await cart(order.id, 'bench-key-0001'));
    expect(response.status).toBe(201);
    const rows = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: { line: 'asc' },
    });
    expect(rows.map((r) => [r.menuItemName, r.quantity, r.unitPriceCents, r.totalCents])).toEqual([
      // Latte 5.20 + Large 1.00 + Oat 0.80
      ['Latte', 2, 700, 1400],
      ['Banana Bread', 1, 650, 650],
    ]);
    const guest = await prisma.guest.findUniqueOrThrow({ where: { id: rows[0].guestId! } });
    expect(guest).toMatchObject({ name: 'Bench Guest', nameKey: 'bench guest' });
    expect(rows[1].guestId).toBe(guest.id);
    const receipts = await prisma.confirmedLine.findMany({ where: { groupOrderId: order.id } });
    expect(receipts.map((r) => [r.confirmationKey, r.line])).toEqual([
      ['bench-key-0001', 0],
      ['bench-key-0001', 1],
    ]);
    expect(JSON.parse(rows[0].selectedModifiers).map((m: { name: string }) => m.name)).toEqual([
      'Large',
      'Oat',
    ]);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved).toMatchObject({ participantCount: 1, totalItems: 3, totalCents: 2050 });
  });

  it('refuses a request whose signature does not match, writing nothing', async () => {
    const { order } = await createTestGroupOrder();
    const path = signedPath(`${PROXY_PREFIX}/api/order-items`, { shop: TEST_SHOP, secret: 'not-the-secret' });
    const response = await post(path, await cart(order.id, 'bench-key-0002'));
    expect(response.status).toBe(401);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(0);
  });
});
