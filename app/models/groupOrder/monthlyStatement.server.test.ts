import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { seedMenu } from '../../../test/support/factories';
import { payShare, submittedOrder as order } from '../../../test/support/moneyOrders';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { refreshShares } from './guestShares.server';
import { companyKey, monthlyStatement, monthRange, statementCompanies } from './monthlyStatement.server';
import { MONEY_FIELDS, readOrdersMoney } from './orderMoney.server';

/** One order's money as the admin reads it (the order of `shop`, then its money); null: no such order. */
async function readOrderMoney(shop: string, groupOrderId: number) {
  const row = await prisma.groupOrder.findFirst({
    where: { id: groupOrderId, shop },
    select: { id: true, ...MONEY_FIELDS },
  });
  return row ? (await readOrdersMoney(shop, [row])).get(row.id)! : null;
}

// The monthly statement (issue 25): per company and month in the shop's time zone, what the company owes
// for each submitted order, on SQLite and PostgreSQL; and each order's money as the admin reads it.

const ZONE = 'Australia/Sydney'; // UTC+11 in November (daylight saving), +11 on 1 December too.
const at = (iso: string) => new Date(iso);

let company: Awaited<ReturnType<typeof order>>;
let budget: Awaited<ReturnType<typeof order>>;
let ownShare: Awaited<ReturnType<typeof order>>;
let december: Awaited<ReturnType<typeof order>>;
let foreign: Awaited<ReturnType<typeof order>>;

beforeAll(async () => {
  await seedMenu(TEST_SHOP);
  await seedMenu(OTHER_SHOP);
  // 00:30 on 1 November in Sydney is still 31 October in UTC: November's.
  company = await order(at('2026-10-31T13:30:00Z'), [1000], {
    paymentMethod: 'on-account',
    deliveryFeeCents: 500,
    tipPercent: 10,
    costCode: 'PO-4471',
  });
  // Another spelling of the same company; the company pays up to 15.00 a head, the guest the rest.
  budget = await order(at('2026-11-12T01:00:00Z'), [1000, 2500], {
    companyName: '  ACME   pty ltd ',
    paymentMode: 'budget',
    budgetCents: 1500,
    overagePolicy: 'guest-pays',
    costCode: 'CC 12, "Sales"',
  });
  await payShare(budget, 1, 'gid://shopify/Order/5550001', 1000);
  // 23:30 on 30 November in Sydney.
  ownShare = await order(at('2026-11-30T12:30:00Z'), [800, 700], { paymentMode: 'own-share' });
  await prisma.$transaction((tx) => refreshShares(tx, TEST_SHOP, ownShare.order.id));
  // 00:10 on 1 December in Sydney, still 30 November in UTC: December's.
  december = await order(at('2026-11-30T13:10:00Z'), [1200]);
  // 23:50 on 31 October in Sydney: October's.
  await order(at('2026-10-31T12:50:00Z'), [900]);
  // Not billed: still open, cancelled by the kitchen.
  await order(at('2026-11-10T01:00:00Z'), [700], { status: 'active' });
  await order(at('2026-11-11T01:00:00Z'), [700], { kitchenState: 'cancelled' });
  // Another company in this shop, and the same company name in another shop.
  await order(at('2026-11-13T01:00:00Z'), [400], { companyName: 'Globex' });
  foreign = await order(at('2026-11-14T01:00:00Z'), [3300], { shop: OTHER_SHOP });
});

describe('monthly statement', () => {
  it('reads months in the shop time zone', () => {
    expect(monthRange('2026-11', ZONE)).toEqual({
      from: at('2026-10-31T13:00:00Z'),
      to: at('2026-11-30T13:00:00Z'),
    });
    expect(monthRange('2026-12', 'UTC')).toEqual({
      from: at('2026-12-01T00:00:00Z'),
      to: at('2027-01-01T00:00:00Z'),
    });
  });

  it('groups a company by its name without case or extra spaces', () => {
    expect(companyKey('  ACME   pty ltd ')).toBe(companyKey('Acme Pty Ltd'));
    expect(companyKey('Acme')).not.toBe(companyKey('Acme Pty Ltd'));
  });

  it("sums the company part of the month's submitted orders, at the month's edges", async () => {
    const statement = await monthlyStatement(TEST_SHOP, 'acme pty ltd', '2026-11', ZONE);
    expect(statement.lines.map((line) => [line.id, line.date, line.mode, line.companyCents])).toEqual([
      // Items 10.00 + delivery 5.00 + 10 % tip 1.00: all the company's.
      [company.order.id, '2026-11-01', 'company', 1600],
      // 10.00 within the budget, 15.00 of the 25.00: the guest paid 10.00 of their own.
      [budget.order.id, '2026-11-12', 'budget', 2500],
      [ownShare.order.id, '2026-11-30', 'own-share', 0],
    ]);
    expect(statement.lines[0]).toMatchObject({ costCode: 'PO-4471', totalCents: 1600 });
    expect(statement.lines[1]).toMatchObject({ costCode: 'CC 12, "Sales"', totalCents: 3500 });
    expect(statement.totals).toEqual([{ currency: 'AUD', cents: 4100 }]);
  });

  it('puts the first minutes of a month in that month', async () => {
    const statement = await monthlyStatement(TEST_SHOP, 'Acme Pty Ltd', '2026-12', ZONE);
    expect(statement.lines.map((line) => line.id)).toEqual([december.order.id]);
    expect(statement.totals).toEqual([{ currency: 'AUD', cents: 1200 }]);
    const october = await monthlyStatement(TEST_SHOP, 'Acme Pty Ltd', '2026-10', ZONE);
    expect(october.totals).toEqual([{ currency: 'AUD', cents: 900 }]);
  });

  it('lists the companies of the month', async () => {
    expect(await statementCompanies(TEST_SHOP, '2026-11', ZONE)).toEqual([
      { key: 'acme pty ltd', name: 'Acme Pty Ltd', orders: 3 },
      { key: 'globex', name: 'Globex', orders: 1 },
    ]);
  });

  it("never shows another shop's orders", async () => {
    const theirs = await monthlyStatement(OTHER_SHOP, 'Acme Pty Ltd', '2026-11', ZONE);
    expect(theirs.lines.map((line) => line.id)).toEqual([foreign.order.id]);
    expect(theirs.totals).toEqual([{ currency: 'AUD', cents: 3300 }]);
    const ours = await monthlyStatement(TEST_SHOP, 'Acme Pty Ltd', '2026-11', ZONE);
    expect(ours.lines.map((line) => line.id)).not.toContain(foreign.order.id);
    expect(await statementCompanies(OTHER_SHOP, '2026-11', ZONE)).toHaveLength(1);
    expect(await readOrderMoney(OTHER_SHOP, budget.order.id)).toBeNull();
  });
});

describe("an order's money", () => {
  it('says each guest share and reconciles with the total', async () => {
    const money = (await readOrderMoney(TEST_SHOP, budget.order.id))!;
    expect(money.mode).toBe('budget');
    expect(money.guests.map((g) => [g.state, g.companyCents, g.guestCents, g.paidCents])).toEqual([
      ['company', 1000, 0, 0],
      ['paid', 1500, 1000, 1000],
    ]);
    expect(money.guests[1].shopifyOrderId).toBe('gid://shopify/Order/5550001');
    expect(money.totals).toMatchObject({
      totalCents: 3500,
      paidCents: 1000,
      pendingCents: 0,
      refundedCents: 0,
      guestsCents: 1000,
      companyCents: 2500,
    });
    const own = (await readOrderMoney(TEST_SHOP, ownShare.order.id))!;
    expect(own.guests.map((g) => g.state)).toEqual(['pending', 'pending']);
    expect(own.totals).toMatchObject({ pendingCents: 1500, companyCents: 0, totalCents: 1500 });
  });

  it('counts fees and tip the company pays outright in its part', async () => {
    await prisma.groupOrder.update({
      where: { id: company.order.id },
      data: { paymentMode: 'budget', budgetCents: 500, overagePolicy: 'guest-pays', feeSplit: 'company' },
    });
    const money = (await readOrderMoney(TEST_SHOP, company.order.id))!;
    // No stored share: the split as it is now. 5.00 of the 10.00 items, plus the 6.00 fee and tip.
    expect(money.totals).toMatchObject({ totalCents: 1600, companyCents: 1100, guestsCents: 500 });
    await prisma.groupOrder.update({
      where: { id: company.order.id },
      data: { paymentMode: 'company', budgetCents: null, overagePolicy: 'refuse', feeSplit: 'pro-rata' },
    });
  });

  it('keeps items from before guest rows apart by name', async () => {
    const { order: old } = await order(at('2026-09-10T01:00:00Z'), []);
    const menu = await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP } });
    for (const [index, [guestName, cents]] of (
      [
        ['Ana', 700],
        ['Ben', 450],
        ['ana', 100],
      ] as const
    ).entries())
      await prisma.orderItem.create({
        data: {
          shop: TEST_SHOP,
          groupOrderId: old.id,
          guestName,
          menuItemId: menu.id,
          menuItemName: menu.name,
          quantity: 1,
          unitPriceCents: cents,
          totalCents: cents,
          confirmationKey: `old-${index}`,
        },
      });
    const money = (await readOrderMoney(TEST_SHOP, old.id))!;
    expect(money.guests.map((g) => [g.guestId, g.itemsCents, g.state])).toEqual([
      [null, 800, 'company'],
      [null, 450, 'company'],
    ]);
    expect(money.totals).toMatchObject({ totalCents: 1250, companyCents: 1250 });
  });
});
