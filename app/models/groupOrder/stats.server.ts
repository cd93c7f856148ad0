import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import type { Prisma } from '@prisma/client';
import prisma from '../../db.server';

export type OrderStats = {
  total: number;
  active: number;
  submitted: number;
  revenueCents: number;
  today: number;
  averageCents: number;
};

/**
 * Money the shop has been asked for: submitted orders the kitchen did not cancel. Open orders are carts
 * that may still change or never be sent, so they are no revenue yet (issue 27: "$67.50 with 0 submitted").
 */
const REVENUE_ORDERS = {
  status: 'submitted',
  OR: [{ kitchenState: null }, { kitchenState: { not: 'cancelled' } }],
} satisfies Prisma.GroupOrderWhereInput;

/**
 * The admin dashboard's six figures, from aggregates over indexed columns (never by loading orders).
 * Revenue and the average count submitted orders only (REVENUE_ORDERS); the counts count every order.
 */
export async function getOrderStats(shop: string, timeZone: string, now = new Date()): Promise<OrderStats> {
  const startOfToday = new Date(startOfDay(new TZDate(now.getTime(), timeZone)).getTime());
  const [byStatus, revenue, today] = await Promise.all([
    prisma.groupOrder.groupBy({ by: ['status'], where: { shop }, _count: { _all: true } }),
    prisma.groupOrder.aggregate({
      where: { shop, ...REVENUE_ORDERS },
      _sum: { totalCents: true },
      _count: { _all: true },
    }),
    prisma.groupOrder.count({ where: { shop, createdAt: { gte: startOfToday } } }),
  ]);
  const count = (status: string) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  const paid = revenue._count._all;
  const revenueCents = revenue._sum.totalCents ?? 0;
  return {
    total: byStatus.reduce((sum, row) => sum + row._count._all, 0),
    active: count('active'),
    submitted: count('submitted'),
    revenueCents,
    today,
    averageCents: paid ? Math.round(revenueCents / paid) : 0,
  };
}
