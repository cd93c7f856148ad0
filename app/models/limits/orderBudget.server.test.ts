import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { randomOrderCode, randomOrderId } from '~/lib/ids.server';
import { asHttp } from '../../../test/support/http';
import { LIMITS } from './rateLimitBudgets';
import { consumeOrRefuse } from './rateLimits.server';
import {
  anonymousCeiling,
  forgetCeilings,
  networkOf,
  ORDER_BUDGET,
  orderBudgetStatus,
  takeOrderBudget,
} from './orderBudget.server';

// The shop's order budget (docs/decisions/2026-11-26-shop-order-budget.md): the anonymous ceiling grows
// with the shop's real orders, addresses of one network count together, logged-in customers have their
// own allowance, and the dashboard status says when the ceiling is near or was reached.

const SHOP = 'budget-shop.myshopify.com';
const DAY = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  forgetCeilings();
  await prisma.rateLimiterFlexible.deleteMany({ where: { key: { contains: SHOP } } });
  await prisma.groupOrder.deleteMany({ where: { shop: SHOP } });
});

/** `count` orders of SHOP written straight to the database, as the shop's history. */
async function orders(count: number, data: { status: string; totalItems: number; submittedAt: Date | null }) {
  const now = Date.now();
  await prisma.groupOrder.createMany({
    data: Array.from({ length: count }, () => ({
      id: randomOrderId(),
      code: randomOrderCode(),
      shop: SHOP,
      hostName: 'Host',
      hostEmail: 'host@example.com',
      companyName: 'Acme',
      pickupAt: new Date(now),
      deadlineAt: new Date(now),
      timeZone: 'UTC',
      hostTokenHash: 'not-a-real-hash',
      ...data,
    })),
  });
}

describe('the network of an address', () => {
  it('is the IPv4 /24 or IPv6 /48, whatever way the address is written', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('198.51.100.250')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0DB8:ABCD:0099:0:0:0:7')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::7')).toBe('2001:db8:0::/48');
    expect(networkOf('unknown')).toBe('unknown');
  });
});

describe('the anonymous ceiling', () => {
  it('is the floor for a quiet shop, and grows with real orders submitted in the last week only', async () => {
    expect(await anonymousCeiling(SHOP)).toBe(LIMITS.ordersPerShop.points);
    const week = ORDER_BUDGET.days;
    // Not real: open orders, empty ones, and ones submitted more than a week ago.
    await orders(100, { status: 'active', totalItems: 3, submittedAt: null });
    await orders(100, { status: 'submitted', totalItems: 0, submittedAt: new Date() });
    await orders(100, { status: 'submitted', totalItems: 2, submittedAt: new Date(Date.now() - 8 * DAY) });
    forgetCeilings();
    expect(await anonymousCeiling(SHOP)).toBe(LIMITS.ordersPerShop.points);
    // 2,100 real orders in the week: 300 a day, so 600 an hour.
    await orders(2100, { status: 'submitted', totalItems: 4, submittedAt: new Date(Date.now() - DAY) });
    forgetCeilings();
    expect(await anonymousCeiling(SHOP)).toBe((2100 / week) * ORDER_BUDGET.daysPerHour);
  });
});

describe('taking the order budget', () => {
  const stranger = (address: string) => ({ shop: SHOP, address, customerId: null });
  const refusal = async (work: Promise<unknown>) => {
    const answer = (await asHttp(work).catch((error) => error)) as Response;
    return { status: answer.status, body: await answer.json() };
  };

  it('strangers who spend the anonymous ceiling lock out neither logged-in customers nor the dashboard warning', async () => {
    const ceiling = await anonymousCeiling(SHOP);
    const status = async () => orderBudgetStatus(SHOP);
    expect(await status()).toMatchObject({ started: 0, refusedToday: 0, warn: false });
    // Strangers from addresses in distinct networks, each within its own budget, spend the ceiling (most
    // of it taken at once here, as 23 such addresses would; the last 40 by two more, one order at a time).
    const warnAt = Math.ceil(ceiling * ORDER_BUDGET.warnAt);
    await consumeOrRefuse('ordersPerShop', SHOP, warnAt - 1);
    expect(await status()).toMatchObject({ started: warnAt - 1, warn: false });
    await consumeOrRefuse('ordersPerShop', SHOP, ceiling - 40 - (warnAt - 1));
    for (let i = 0; i < 40; i++) await takeOrderBudget(stranger(`10.${Math.floor(i / 20)}.0.1`));
    expect(await status()).toMatchObject({ started: ceiling, refusedToday: 0, warn: true });
    const refused = await refusal(takeOrderBudget(stranger('10.200.0.1')));
    expect(refused).toMatchObject({ status: 429, body: { limit: 'ordersPerShop' } });
    expect(refused.body.message).toContain(LIMITS.ordersPerShop.message);
    expect(await status()).toMatchObject({ started: ceiling, refusedToday: 1, warn: true });
    // A logged-in customer still starts an order (the stranger before them, at a fresh address, could not).
    await takeOrderBudget({ shop: SHOP, address: '10.201.0.1', customerId: '4242' });
    expect(await status()).toMatchObject({ started: ceiling, refusedToday: 1 });
  });

  it('counts addresses of one network together, and each logged-in customer on their own', async () => {
    for (let i = 0; i < LIMITS.ordersPerNetwork.points; i++) {
      await takeOrderBudget(stranger(`203.0.113.${(i % 20) + 1}`));
    }
    const network = await refusal(takeOrderBudget(stranger('203.0.113.99')));
    expect(network).toMatchObject({ status: 429, body: { limit: 'ordersPerNetwork' } });
    // Another network is not affected.
    await takeOrderBudget(stranger('203.0.114.1'));

    const customer = (address: string) => ({ shop: SHOP, address, customerId: '77' });
    for (let i = 0; i < LIMITS.ordersPerCustomer.points; i++) await takeOrderBudget(customer(`10.9.${i}.1`));
    const own = await refusal(takeOrderBudget(customer('10.9.200.1')));
    expect(own).toMatchObject({ status: 429, body: { limit: 'ordersPerCustomer' } });
  });

  it('gives every budget back for an order that was not created', async () => {
    const refund = await takeOrderBudget(stranger('192.0.2.1'));
    await refund();
    expect(await orderBudgetStatus(SHOP)).toMatchObject({ started: 0 });
    const rows = await prisma.rateLimiterFlexible.findMany({ where: { key: { contains: SHOP } } });
    expect(rows.map((row) => row.points)).toEqual([0, 0, 0]);
  });
});
