import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { action as ping } from '~/routes/apps.group-order.api.ping';
import { createTestGroupOrder, seedMenu } from '../test/support/factories';
import { args, TEST_SHOP } from '../test/support/requests';
import { databaseRate } from './database-rate';
import { PROXY_PREFIX, signedPath } from './signing.mjs';

// The benchmark's references run, not timed: its signing gets through the app's real app-proxy check to
// the floor route, and the database reference writes what a confirm writes, on either database (so its
// plain SQL breaks here, not in a bench run, when the schema moves).

describe('bench references', () => {
  it('a request signed as the bench signs it reaches the app floor (204)', async () => {
    const path = signedPath(`${PROXY_PREFIX}/api/ping`, {
      shop: TEST_SHOP,
      secret: process.env.SHOPIFY_API_SECRET!,
    });
    const request = new Request(`https://app.test${path}`, { method: 'POST', body: '{}' });
    expect((await ping(args(request))).status).toBe(204);
  });

  it("the database's own rate writes a confirm's rows and running totals for each confirm", async () => {
    await seedMenu(TEST_SHOP);
    const latte = await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Latte' } });
    const bread = await prisma.menuItem.findFirstOrThrow({
      where: { shop: TEST_SHOP, name: 'Banana Bread' },
    });
    const { order } = await createTestGroupOrder();
    const lines = [
      {
        menuItemId: latte.id,
        menuItemName: 'Latte',
        quantity: 2,
        selectedModifiers: '[]',
        unitPriceCents: 520,
      },
      {
        menuItemId: bread.id,
        menuItemName: 'Banana Bread',
        quantity: 1,
        selectedModifiers: '[]',
        unitPriceCents: 650,
      },
    ];
    const result = await databaseRate(process.env.DATABASE_URL!, {
      shop: TEST_SHOP,
      orderIds: [order.id],
      perOrder: 80,
      lines,
      concurrency: 2,
      amount: 3,
      tag: 'test',
    });
    expect(result).toMatchObject({ requests: 3, errors: 0 });

    const items = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: [{ confirmationKey: 'asc' }, { line: 'asc' }],
    });
    expect(items.map((i) => [i.confirmationKey, i.line, i.menuItemName, i.quantity, i.totalCents])).toEqual(
      ['ref-test-0', 'ref-test-1', 'ref-test-2'].flatMap((key) => [
        [key, 0, 'Latte', 2, 1040],
        [key, 1, 'Banana Bread', 1, 650],
      ]),
    );
    const guests = await prisma.guest.findMany({ where: { groupOrderId: order.id } });
    expect(guests).toHaveLength(3);
    expect(new Set(items.map((i) => i.guestId))).toEqual(new Set(guests.map((g) => g.id)));
    const receipts = await prisma.confirmedLine.findMany({ where: { groupOrderId: order.id } });
    expect(new Set(receipts.map((r) => r.orderItemId))).toEqual(new Set(items.map((i) => i.id)));
    expect(await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      participantCount: 3,
      totalItems: 9,
      totalCents: 3 * 1690,
    });
    const counters = await prisma.rateLimiterFlexible.findMany({
      where: { key: { startsWith: `confirmsPerClient:${TEST_SHOP}:` } },
    });
    expect(counters.map((c) => c.points)).toEqual([1, 1, 1]);
  });
});
