import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import prisma from '../../db.server';

export type OrderStats = {
  total: number;
  active: number;
  submitted: number;
  revenueCents: number;
  today: number;
  averageCents: number;
};

/** The admin dashboard's six figures, from aggregates over indexed columns (never by loading orders). */
export async function getOrderStats(shop: string, timeZone: string, now = new Date()): Promise<OrderStats> {
  const startOfToday = new Date(startOfDay(new TZDate(now.getTime(), timeZone)).getTime());
  const [byStatus, revenue, today] = await Promise.all([
    prisma.groupOrder.groupBy({ by: ['status'], where: { shop }, _count: { _all: true } }),
    prisma.groupOrder.aggregate({ where: { shop }, _sum: { totalCents: true }, _count: { _all: true } }),
    prisma.groupOrder.count({ where: { shop, createdAt: { gte: startOfToday } } }),
  ]);
  const count = (status: string) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  const total = revenue._count._all;
  const revenueCents = revenue._sum.totalCents ?? 0;
  return {
    total,
    active: count('active'),
    submitted: count('submitted'),
    revenueCents,
    today,
    averageCents: total ? Math.round(revenueCents / total) : 0,
  };
}
