import { describe, expect, it } from 'vitest';
import prisma from '../app/db.server';
import { DEMO_SHOP, seedDemo } from './demo-data';

async function snapshot() {
  const [sessions, settings, items, groups, modifiers] = await Promise.all([
    prisma.session.findMany({ orderBy: { id: 'asc' } }),
    prisma.shopSettings.findMany(),
    prisma.menuItem.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
    prisma.modifierGroup.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
    prisma.modifier.findMany({ orderBy: { id: 'asc' }, omit: { updatedAt: true } }),
  ]);
  return { sessions, settings, items, groups, modifiers };
}

describe('migrations and demo seed', () => {
  it('migrations produce an empty, usable database', async () => {
    expect(await prisma.groupOrder.count()).toBe(0);
    expect(await prisma.menuItem.count()).toBe(0);
  });

  it('seeds a real café menu and running it twice changes nothing', async () => {
    await seedDemo(prisma);
    const first = await snapshot();
    await seedDemo(prisma);
    const second = await snapshot();
    expect(second).toEqual(first);

    expect(first.sessions).toHaveLength(1);
    expect(first.sessions[0]).toMatchObject({ shop: DEMO_SHOP, isOnline: false });
    expect(first.settings[0]).toMatchObject({
      shop: DEMO_SHOP,
      currency: 'AUD',
      timeZone: 'Australia/Sydney',
      pickupNoticeMinutes: 30,
    });
    const categories = new Set(first.items.map((item) => item.category));
    for (const category of ['white_coffee', 'black_coffee', 'tea', 'cold_drinks', 'food']) {
      expect(categories).toContain(category);
    }
    expect(first.items.length).toBeGreaterThanOrEqual(20);
    expect(first.items.every((item) => item.description.length > 0 && item.priceCents > 0)).toBe(true);

    const groupByType = new Map(first.groups.map((g) => [g.type, g]));
    for (const type of ['size', 'milk', 'blend', 'sugar', 'sweeteners', 'alterations'])
      expect(groupByType.has(type)).toBe(true);
    expect(groupByType.get('alterations')!.maxSelections).toBeGreaterThan(1);
    const modifiersOf = (type: string) =>
      first.modifiers.filter((m) => m.groupId === groupByType.get(type)!.id);
    for (const type of ['milk', 'sweeteners']) {
      expect(modifiersOf(type).every((m) => m.applicableCategories === 'white_coffee')).toBe(true);
    }
    expect(modifiersOf('milk').find((m) => m.name === 'Oat')!.priceDeltaCents).toBe(80);
    expect(modifiersOf('alterations').find((m) => m.name === 'Extra Shot')!.priceDeltaCents).toBeGreaterThan(
      0,
    );
  });
});
