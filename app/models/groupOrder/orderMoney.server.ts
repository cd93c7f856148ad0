import prisma from '../../db.server';
import { personKey } from '../../lib/guests';
import { splitOrder, type MoneyRules, type Share } from '../../lib/moneyShares';

// Who pays what in a group order, as the merchant, the host and the monthly statement read it (issue 25;
// docs/decisions/2026-11-27-monthly-statement.md). One reading for all three: the guests' items (grouped
// per guest) and their stored shares (GuestShare: amounts and payment state), for one order or many at
// once. A guest with items but no stored share yet (the company pays, or before the shares were worked
// out) gets the share splitOrder gives now, so every order reconciles the same way.

export type ShareState = 'paid' | 'pending' | 'refunded' | 'partly' | 'company' | 'cancelled';

/** The order's columns the money reading needs. */
export type MoneyOrder = {
  id: number;
  paymentMode: string;
  budgetCents: number | null;
  overagePolicy: string;
  tipPercent: number;
  tipCents: number;
  deliveryFeeCents: number;
  feeSplit: string;
};

/** The order's rules as the split reads them (the row's text columns are the schema's closed lists). */
export function rulesOf(order: Omit<MoneyOrder, 'id'>): MoneyRules {
  return {
    paymentMode:
      order.paymentMode === 'budget' || order.paymentMode === 'own-share' ? order.paymentMode : 'company',
    budgetCents: order.budgetCents,
    overagePolicy: order.overagePolicy === 'guest-pays' ? 'guest-pays' : 'refuse',
    tipPercent: order.tipPercent,
    tipCents: order.tipCents,
    deliveryFeeCents: order.deliveryFeeCents,
    feeSplit: order.feeSplit === 'even' || order.feeSplit === 'company' ? order.feeSplit : 'pro-rata',
  };
}

export type GuestMoney = Share & {
  /** The person (lib/guests.ts personKey): a guest row, or a name for items from before guest rows. */
  key: string;
  guestId: number | null;
  state: ShareState;
  paidCents: number;
  refundedCents: number;
  shopifyOrderId: string | null;
};

export type OrderMoney = {
  mode: MoneyRules['paymentMode'];
  guests: GuestMoney[];
  totals: {
    /** Items, delivery fee and tip: what the order costs. */
    totalCents: number;
    /** What the guests' payments brought in (before refunds), and what went back. */
    paidCents: number;
    refundedCents: number;
    /** Guests' shares not paid yet. */
    pendingCents: number;
    /** What the guests' shares come to, paid or not. */
    guestsCents: number;
    /** The company's part: its share of every guest plus the fees and tip it pays outright. */
    companyCents: number;
  };
};

type StoredShare = {
  groupOrderId: number;
  guestId: number;
  itemsCents: number;
  feesCents: number;
  tipCents: number;
  companyCents: number;
  guestCents: number;
  paymentStatus: string;
  paidCents: number;
  refundedCents: number;
  shopifyOrderId: string | null;
  cancelledAt: Date | null;
  leftOutAt: Date | null;
};

function stateOf(mode: MoneyRules['paymentMode'], share: StoredShare | undefined, guestCents: number) {
  if (mode === 'company') return 'company';
  // The merchant cancelled the guest's Shopify order and nothing came back (yet).
  if (share?.cancelledAt && share.paymentStatus === 'paid') return 'cancelled';
  if (share?.paymentStatus === 'paid') return 'paid';
  if (share?.paymentStatus === 'refunded') return 'refunded';
  if (share?.paymentStatus === 'partially-refunded') return 'partly';
  return guestCents > 0 ? 'pending' : 'company';
}

/**
 * One order's money from its guests' item totals and stored shares (pure). The shares the split gives
 * now fill in for guests without a stored one; a stored share (paid ones keep what they paid) wins.
 */
export function moneyOf(
  order: MoneyOrder,
  spent: readonly { key: string; guestId: number | null; itemsCents: number }[],
  stored: readonly StoredShare[],
): OrderMoney {
  const rules = rulesOf(order);
  const split = splitOrder(
    rules,
    spent.map((row) => row.itemsCents),
  );
  const guests = spent.map((row, index): GuestMoney => {
    // A share left out at submit (unpaidShares.server.ts) is no longer part of the order's money.
    const share =
      rules.paymentMode === 'company'
        ? undefined
        : stored.find((s) => s.guestId === row.guestId && s.leftOutAt === null);
    const amounts = share ?? split.shares[index];
    return {
      key: row.key,
      guestId: row.guestId,
      itemsCents: amounts.itemsCents,
      feesCents: amounts.feesCents,
      tipCents: amounts.tipCents,
      companyCents: amounts.companyCents,
      guestCents: amounts.guestCents,
      state: stateOf(rules.paymentMode, share, amounts.guestCents),
      paidCents: share?.paidCents ?? 0,
      refundedCents: share?.refundedCents ?? 0,
      shopifyOrderId: share?.shopifyOrderId ?? null,
    };
  });
  const sum = (pick: (guest: GuestMoney) => number) => guests.reduce((total, g) => total + pick(g), 0);
  const companyCents = sum((g) => g.companyCents) + split.companyFeesCents;
  return {
    mode: rules.paymentMode,
    guests,
    totals: {
      totalCents: sum((g) => g.itemsCents + g.feesCents + g.tipCents) + split.companyFeesCents,
      paidCents: sum((g) => g.paidCents),
      refundedCents: sum((g) => g.refundedCents),
      pendingCents: sum((g) => (g.state === 'pending' ? g.guestCents : 0)),
      guestsCents: sum((g) => g.guestCents),
      companyCents,
    },
  };
}

/** The order's columns the money reading needs, for a Prisma select. */
export const MONEY_FIELDS = {
  paymentMode: true,
  budgetCents: true,
  overagePolicy: true,
  tipPercent: true,
  tipCents: true,
  deliveryFeeCents: true,
  feeSplit: true,
} as const;

/**
 * The money of several orders of `shop` at once (two queries, however many orders): items per guest and
 * the stored shares. Orders of another shop are not read.
 */
export async function readOrdersMoney(shop: string, orders: readonly MoneyOrder[]) {
  const ids = orders.map((order) => order.id);
  const result = new Map<number, OrderMoney>();
  if (!ids.length) return result;
  const [spent, shares] = await Promise.all([
    prisma.orderItem.groupBy({
      by: ['groupOrderId', 'guestId', 'guestName'],
      where: { shop, groupOrderId: { in: ids } },
      _sum: { totalCents: true },
      orderBy: [{ groupOrderId: 'asc' }, { guestId: 'asc' }, { guestName: 'asc' }],
    }),
    prisma.guestShare.findMany({ where: { shop, groupOrderId: { in: ids } } }),
  ]);
  for (const order of orders) {
    // One entry per person as the order's summary has them (lib/guests.ts personKey): a guest row by its
    // id, items from before guests were rows by their name. Guests in id order, as refreshShares splits
    // them; the named ones after, whatever order the database sorts nulls in.
    const people = new Map<string, { key: string; guestId: number | null; itemsCents: number }>();
    for (const row of spent.filter((r) => r.groupOrderId === order.id)) {
      const key = personKey(row);
      const found = people.get(key) ?? { key, guestId: row.guestId, itemsCents: 0 };
      found.itemsCents += row._sum.totalCents ?? 0;
      people.set(key, found);
    }
    const rows = [...people.values()].sort(
      (a, b) =>
        (a.guestId ?? Infinity) - (b.guestId ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    result.set(
      order.id,
      moneyOf(
        order,
        rows,
        shares.filter((s) => s.groupOrderId === order.id),
      ),
    );
  }
  return result;
}

/** An order in the Shopify admin: admin.shopify.com/store/{store}/orders/{numeric id}. */
export function shopifyOrderAdminUrl(shop: string, orderId: string | null) {
  const numeric = orderId?.split('/').pop();
  if (!numeric || !/^\d+$/.test(numeric)) return null;
  return `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}/orders/${numeric}`;
}

/** The list's compact money: where guests pay, how many of those who owe have paid (null: the company pays). */
export function moneyBadge(money: OrderMoney | undefined) {
  if (!money || money.mode === 'company') return null;
  const payers = money.guests.filter((g) => g.state !== 'company');
  return {
    mode: money.mode,
    paid: payers.filter((g) => g.state === 'paid').length,
    payers: payers.length,
    pendingCents: money.totals.pendingCents,
  };
}

/**
 * The detail's money section: the rule, each guest's items, fees and tip, company and guest parts, state,
 * payments and refunds with their Shopify order, and the totals that reconcile with the order's total.
 */
export function moneyDetail(
  shop: string,
  row: { budgetCents: number | null; overagePolicy: string; feeSplit: string; costCode: string | null },
  money: OrderMoney,
  guests: readonly { guestId: number | null; guestName: string }[],
) {
  return {
    mode: money.mode,
    budgetCents: row.budgetCents,
    overagePolicy: row.overagePolicy,
    feeSplit: row.feeSplit,
    costCode: row.costCode,
    guests: money.guests.map((guest) => ({
      ...guest,
      name: guests.find((g) => personKey(g) === guest.key)?.guestName ?? '',
      shopifyOrderUrl: shopifyOrderAdminUrl(shop, guest.shopifyOrderId),
    })),
    totals: money.totals,
    /** Guests' shares + the company's part = the order's total, to the cent. */
    reconciles: money.totals.guestsCents + money.totals.companyCents === money.totals.totalCents,
  };
}
