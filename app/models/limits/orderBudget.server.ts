import { isIPv4, isIPv6 } from 'node:net';
import { LRUCache } from 'lru-cache';
import prisma from '../../db.server';
import { Limited } from '../../lib/errors';
import { LIMITS } from './rateLimitBudgets';
import { consumeAll, consumeOrRefuse, refund, spent, type Take } from './rateLimits.server';

// Who may start how many group orders (docs/decisions/2026-11-26-shop-order-budget.md). Visitors who are
// not logged in share the shop's anonymous ceiling, which grows with the orders the shop really sends to
// its kitchen; logged-in customers (Shopify signs their id) have an allowance of their own, so strangers
// with a handful of addresses cannot lock them out; the merchant sees on the dashboard when the
// anonymous ceiling is near or was reached.

const DAY = 24 * 60 * 60 * 1000;

export const ORDER_BUDGET = {
  /** The days of real orders the anonymous ceiling looks back on. */
  days: 7,
  /** The hourly ceiling is this many average days of real orders (never below LIMITS.ordersPerShop). */
  daysPerHour: 2,
  /** The dashboard warns once this share of the hour's ceiling is spent. */
  warnAt: 0.8,
  /** How long one process keeps a shop's ceiling before counting again. */
  cacheMs: 5 * 60 * 1000,
} as const;

/**
 * Orders the shop really made: submitted (the kitchen and a Shopify draft order got them) with items,
 * in the last ORDER_BUDGET.days. Someone inflating this has to fill and submit orders, each one a draft
 * order in the merchant's Shopify admin, and stays bound by the per-client budgets meanwhile.
 */
async function realOrders(shop: string, now: Date) {
  return prisma.groupOrder.count({
    where: {
      shop,
      status: { not: 'active' },
      totalItems: { gt: 0 },
      submittedAt: { gte: new Date(now.getTime() - ORDER_BUDGET.days * DAY) },
    },
  });
}

/** Each shop's ceiling as last counted, for ORDER_BUDGET.cacheMs (on this process's monotonic clock). */
const ceilings = new LRUCache<string, number>({ max: 10_000, ttl: ORDER_BUDGET.cacheMs });

/** Orders per hour the shop's visitors who are not logged in may start together. */
export async function anonymousCeiling(shop: string, now = new Date()) {
  const kept = ceilings.get(shop);
  if (kept !== undefined) return kept;
  const perDay = (await realOrders(shop, now)) / ORDER_BUDGET.days;
  const value = Math.max(LIMITS.ordersPerShop.points, Math.ceil(perDay * ORDER_BUDGET.daysPerHour));
  ceilings.set(shop, value);
  return value;
}

/** Forgets the kept ceilings (tests that change a shop's real orders). */
export function forgetCeilings() {
  ceilings.clear();
}

/**
 * The network an address belongs to: an IPv4 /24 or an IPv6 /48, as one provider hands out to one
 * customer. Anything else (no address) is its own network.
 */
export function networkOf(address: string) {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/48`;
}

export type Creator = { shop: string; address: string; customerId: string | null };

/** The budgets one new order takes: per client always, then the anonymous or the customers' side. */
async function budgetsFor({ shop, address, customerId }: Creator, now: Date): Promise<Take[]> {
  const client: Take = { name: 'ordersPerClient', key: `${shop}:${address}` };
  if (customerId) {
    return [
      client,
      { name: 'ordersPerCustomer', key: `${shop}:${customerId}` },
      { name: 'ordersPerShopCustomers', key: shop },
    ];
  }
  return [
    client,
    { name: 'ordersPerNetwork', key: `${shop}:${networkOf(address)}` },
    { name: 'ordersPerShop', key: shop, ceiling: await anonymousCeiling(shop, now) },
  ];
}

/**
 * Takes the budgets of one new order, or raises Limited. Returns the refund for an order that was not
 * created after all (a form the host must correct does not count).
 */
export async function takeOrderBudget(creator: Creator, now = new Date()) {
  const budgets = await budgetsFor(creator, now);
  try {
    await consumeAll(budgets);
  } catch (error) {
    if (error instanceof Limited && error.details.limit === 'ordersPerShop') {
      await consumeOrRefuse('ordersRefusedPerShop', creator.shop, 1, Number.MAX_SAFE_INTEGER);
    }
    throw error;
  }
  return async () => {
    for (const budget of budgets) await refund(budget.name, budget.key);
  };
}

/** What the merchant's dashboard says about the anonymous ceiling. */
export async function orderBudgetStatus(shop: string, now = new Date()) {
  const [ceiling, used, refusedToday] = await Promise.all([
    anonymousCeiling(shop, now),
    spent('ordersPerShop', shop, now),
    spent('ordersRefusedPerShop', shop, now),
  ]);
  const started = Math.min(used, ceiling);
  return {
    ceiling,
    started,
    refusedToday,
    warn: refusedToday > 0 || started >= Math.ceil(ceiling * ORDER_BUDGET.warnAt),
  };
}
