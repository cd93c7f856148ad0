// The bench's fixture orders, written straight to the database before the servers start (one writer at a
// time on the file): open orders, optionally already holding lines from earlier guests.
import type { PrismaClient } from '@prisma/client';

type MenuRow = { id: number; name: string; priceCents: number };

let orderSeq = 0;

/**
 * Writes open orders of `shop`. `existingItems` lines are written behind the app's back, three lines per
 * guest (guests "Seed guest 0", "Seed guest 1", … as the app keeps them), with matching running totals.
 */
export function orderWriter(prisma: PrismaClient, shop: string, menu: MenuRow[]) {
  async function newOrder(existingItems = 0) {
    orderSeq += 1;
    const id = 700_000_000 + orderSeq;
    // Six characters, as join codes are (app/lib/code.ts).
    const code = `B${String(orderSeq).padStart(5, '0')}`;
    const now = Date.now();
    await prisma.groupOrder.create({
      data: {
        id,
        shop,
        code,
        hostName: 'Bench Host',
        hostEmail: 'host@bench.example',
        companyName: 'Bench Pty Ltd',
        pickupAt: new Date(now + 6 * 3_600_000),
        deadlineAt: new Date(now + 5 * 3_600_000),
        timeZone: 'Australia/Sydney',
        hostTokenHash: 'x'.repeat(64),
      },
    });
    if (!existingItems) return { id, code };
    const guestCount = Math.ceil(existingItems / 3);
    await prisma.guest.createMany({
      data: Array.from({ length: guestCount }, (_, g) => ({
        shop,
        groupOrderId: id,
        name: `Seed guest ${g}`,
        nameKey: `seed guest ${g}`,
      })),
    });
    const guests = await prisma.guest.findMany({ where: { groupOrderId: id }, orderBy: { id: 'asc' } });
    const rows = [];
    for (let i = 0; i < existingItems; i++) {
      const guest = guests[Math.floor(i / 3)];
      const item = menu[i % menu.length];
      rows.push({
        shop,
        groupOrderId: id,
        guestId: guest.id,
        guestName: guest.name,
        menuItemId: item.id,
        menuItemName: item.name,
        quantity: 1,
        unitPriceCents: item.priceCents,
        totalCents: item.priceCents,
        confirmationKey: `seed-${id}-${i}`,
      });
    }
    await prisma.orderItem.createMany({ data: rows });
    const sums = await prisma.orderItem.aggregate({
      where: { groupOrderId: id },
      _sum: { quantity: true, totalCents: true },
    });
    await prisma.groupOrder.update({
      where: { id },
      data: {
        participantCount: guestCount,
        totalItems: sums._sum.quantity ?? 0,
        totalCents: sums._sum.totalCents ?? 0,
      },
    });
    return { id, code };
  }
  const newOrders = async (count: number, existingItems = 0) => {
    const ids = [];
    for (let i = 0; i < count; i++) ids.push((await newOrder(existingItems)).id);
    return ids;
  };
  return { newOrder, newOrders };
}

/**
 * The bench's 3-item cart on `shop`'s menu (the demo menu, prisma/demo-data.ts): a customised latte, a
 * flat white with a size and a food item. Size, milk and blend are required on the demo menu, so each
 * coffee answers all three as the customise dialog has it. With the menu rows, for the fixtures.
 */
export async function benchCart(prisma: PrismaClient, shop: string) {
  const menu = await prisma.menuItem.findMany({ where: { shop, active: true } });
  const modifiers = await prisma.modifier.findMany({ where: { shop }, include: { group: true } });
  const byName = (name: string) => menu.find((m) => m.name === name)!;
  const mod = (name: string) => modifiers.find((m) => m.name === name)!.id;
  const items = [
    {
      menuItemId: byName('Latte').id,
      quantity: 2,
      selectedModifiers: [mod('Large'), mod('Oat'), mod('House Blend')],
    },
    {
      menuItemId: byName('Flat White').id,
      quantity: 1,
      selectedModifiers: [mod('Large'), mod('Full Cream'), mod('House Blend')],
    },
    { menuItemId: byName('Banana Bread').id, quantity: 1, selectedModifiers: [] as number[] },
  ];
  return { menu, modifiers, items };
}

/**
 * On PostgreSQL, the planner's statistics for the fixtures just written. A production server keeps them
 * through autovacuum; a server with autovacuum off (as on these machines) has none, and its plans are then
 * not production's (docs/decisions/2026-11-28-bench-statistics-and-rate.md). SQLite keeps no statistics
 * unless asked, in the bench as in production, so it is left as it is.
 */
export async function plannerStatistics(prisma: PrismaClient, onPostgres: boolean) {
  if (onPostgres) await prisma.$executeRawUnsafe('ANALYZE');
}
