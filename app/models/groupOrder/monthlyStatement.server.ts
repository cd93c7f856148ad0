import prisma from '../../db.server';
import { orderTitle } from '../../lib/groupOrder';
import { utcToZoned, zonedToUtc } from '../../lib/time';
import { MONEY_FIELDS, readOrdersMoney } from './orderMoney.server';

// "On Account (Billed Monthly)" made real (issue 25; docs/decisions/2026-11-27-monthly-statement.md): per
// company and calendar month in the shop's time zone, the submitted group orders picked up (or delivered)
// that month, with the host's PO number or cost code and what the company owes for each. A company is the
// name the host typed, compared without case and extra spaces. Every query carries the shop.

/** "ACME  Pty" and "acme pty" are one company on the statement. */
export function companyKey(name: string) {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/** The first instant of `month` (yyyy-MM) and of the month after, in `zone`. */
export function monthRange(month: string, zone: string) {
  const [year, number] = month.split('-').map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: zonedToUtc(`${month}-01`, '00:00', zone)!, to: zonedToUtc(`${next}-01`, '00:00', zone)! };
}

/** A company's name as shown: as the host typed it, without extra spaces. */
const shownName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The month (yyyy-MM) an instant falls in, in `zone`. */
export function monthOf(instant: Date, zone: string) {
  return utcToZoned(instant, zone).date.slice(0, 7);
}

/** The shop's submitted orders picked up in the month (a cancelled one bills nothing). */
async function ordersOfMonth(shop: string, month: string, zone: string) {
  const { from, to } = monthRange(month, zone);
  return prisma.groupOrder.findMany({
    where: {
      shop,
      status: 'submitted',
      pickupAt: { gte: from, lt: to },
      OR: [{ kitchenState: null }, { kitchenState: { not: 'cancelled' } }],
    },
    orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      ...MONEY_FIELDS,
      code: true,
      name: true,
      companyName: true,
      hostName: true,
      hostEmail: true,
      costCode: true,
      pickupAt: true,
      currency: true,
      paymentMethod: true,
      shopifyDraftOrderName: true,
    },
  });
}

/** The companies with orders in the month, by name as last written, each with its number of orders. */
export async function statementCompanies(shop: string, month: string, zone: string) {
  const companies = new Map<string, { key: string; name: string; orders: number }>();
  for (const order of await ordersOfMonth(shop, month, zone)) {
    const key = companyKey(order.companyName);
    if (!key) continue;
    const found = companies.get(key);
    companies.set(key, { key, name: shownName(order.companyName), orders: (found?.orders ?? 0) + 1 });
  }
  return [...companies.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The statement of `company` (any spelling of its name) for `month` in `shop`: every order's date, name,
 * code, host, PO number or cost code, mode and company part, and the month's total per currency (a shop
 * bills in one currency; an order keeps the one it was placed in).
 */
export async function monthlyStatement(shop: string, company: string, month: string, zone: string) {
  const key = companyKey(company);
  const orders = (await ordersOfMonth(shop, month, zone)).filter((o) => companyKey(o.companyName) === key);
  const money = await readOrdersMoney(shop, orders);
  const lines = orders.map((order) => {
    const read = money.get(order.id)!;
    return {
      id: order.id,
      date: utcToZoned(order.pickupAt, zone).date,
      pickupAt: order.pickupAt.toISOString(),
      code: order.code,
      title: orderTitle(order),
      shopifyName: order.shopifyDraftOrderName,
      hostName: order.hostName,
      hostEmail: order.hostEmail,
      companyName: order.companyName,
      costCode: order.costCode,
      mode: read.mode,
      paymentMethod: order.paymentMethod,
      currency: order.currency,
      totalCents: read.totals.totalCents,
      companyCents: read.totals.companyCents,
    };
  });
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.companyCents);
  return {
    company: shownName(lines.at(-1)?.companyName ?? company),
    month,
    timeZone: zone,
    lines,
    totals: [...totals].map(([currency, cents]) => ({ currency, cents })),
  };
}

export type MonthlyStatement = Awaited<ReturnType<typeof monthlyStatement>>;
