import type { ShopSettings } from '@prisma/client';
import prisma from '../../db.server';
import { orderTitle } from '../../lib/groupOrder';
import { maskEmail } from '../../lib/hostText';
import { formatMoney } from '../../lib/money';
import { paymentLabel } from '../../lib/payment';
import { formatDateTime } from '../../lib/time';
import type { Translate } from '../../lib/language';
import { getHostSummary } from './hosting.server';
import {
  readOrdersMoney,
  rulesOf,
  type GuestMoney,
  type MoneyOrder,
  type ShareState,
} from './orderMoney.server';
import { parseLeftOutItems } from './unpaidShares.server';

/**
 * Each guest's payment state and the totals, for an order whose guests pay (null: the company pays). The
 * order's money rules come with the order the page already read: where the company pays there is nothing
 * to read (a dashboard spared three Prisma queries), and otherwise the order is not read a second time.
 */
async function sharePayments(shop: string, order: MoneyOrder, money: (cents: number) => string) {
  if (rulesOf(order).paymentMode === 'company') return null;
  const reading = (await readOrdersMoney(shop, [order])).get(order.id)!;
  // Left out at submit (unpaidShares.server.ts): no longer in the order's money, listed on their own.
  // (A late payment refunded in full makes it `refunded`; leftOutAt still says it was left out.)
  const leftOut = await prisma.guestShare.findMany({
    where: { shop, groupOrderId: order.id, leftOutAt: { not: null } },
    select: { paymentStatus: true, leftOutItems: true, guest: { select: { name: true } } },
    orderBy: { id: 'asc' },
  });
  const guests = reading.guests.filter((guest) => guest.guestId !== null);
  const kept = (guest: GuestMoney) => guest.paidCents - guest.refundedCents;
  const sum = (pick: (guest: GuestMoney) => number) => guests.reduce((total, g) => total + pick(g), 0);
  return {
    of: (guestId: number | null): ShareState | null =>
      guests.find((guest) => guest.guestId === guestId)?.state ?? null,
    unpaidCount: guests.filter((guest) => guest.state === 'pending').length,
    leftOut: leftOut.map((share) => ({
      name: share.guest.name,
      items: parseLeftOutItems(share.leftOutItems).map((item) => item.text),
      refundDue: share.paymentStatus === 'left-out-paid',
      refunded: share.paymentStatus === 'refunded',
    })),
    totals: {
      paidText: money(sum(kept)),
      owedText: money(sum((g) => (g.state === 'pending' ? g.guestCents : kept(g)))),
      companyText: money(reading.totals.companyCents),
    },
  };
}

// The host dashboard page's facts: the order with its times, payment and total said in words, and each
// guest's lines, only as much as the page shows.

/**
 * The dashboard of order `id` in `shop` as `customerId` (the logged-in customer, if any) may see it, or
 * null when the shop has no such order. Times, payment and money are said in the page's language (`words`);
 * `settings` are the shop's, as the loader read them.
 */
export async function hostDashboardPage(
  shop: string,
  id: number,
  customerId: string | null,
  words: { t: Translate; intlLocale: string },
  settings: Pick<ShopSettings, 'shopName' | 'pickupNoticeMinutes'>,
) {
  const { t, intlLocale } = words;
  const summary = await getHostSummary(shop, id);
  if (!summary) return null;
  const order = summary.groupOrder;
  const zone = order.timeZone;
  const isCreator = Boolean(customerId && customerId === summary.hostCustomerId);
  const money = (cents: number) => formatMoney(cents, order.currency, intlLocale);
  const payments = await sharePayments(shop, { id, ...order.money }, money);
  return {
    shopName: settings.shopName || shop.replace(/\.myshopify\.com$/, ''),
    now: Date.now(),
    isCreator,
    order: {
      // Items are sent once, grouped by guest below (the summary's order has none of its own).
      ...order,
      // Once the kitchen moved it, the host can no longer remove items.
      kitchenState: summary.kitchenState,
      // The deadline rule's notice, so the extend button says what it can really add (app/lib/deadline.ts).
      noticeMinutes: settings.pickupNoticeMinutes,
      // The host's address is theirs; other visitors (guests) only see where a claim link would go.
      hostEmail: isCreator ? order.hostEmail : maskEmail(order.hostEmail),
      title: orderTitle(order, t),
      pickupText: formatDateTime(new Date(order.pickupAt), zone, intlLocale),
      deadlineText: formatDateTime(new Date(order.deadlineAt), zone, intlLocale),
      // Where guests pay (issue 25), the money rule; the company's payment method only where it pays.
      paymentText:
        order.money.paymentMode === 'company'
          ? paymentLabel(order.paymentMethod, t)
          : order.money.paymentMode === 'budget' && order.money.budgetCents !== null
            ? t(
                order.money.overagePolicy === 'refuse'
                  ? 'money.guest.rule.refuse'
                  : 'money.gaps.host.ruleGuestPays',
                {
                  budget: money(order.money.budgetCents),
                },
              )
            : t('money.guest.rule.own-share'),
      totalText: formatMoney(summary.totalCents, order.currency, intlLocale),
    },
    // Where guests pay their share (issue 25): the guests' paid part against what they owe, the company's.
    payments: payments?.totals ?? null,
    // Shares not paid yet and what submitting does to them; after submit, who was left out (issue 25).
    unpaid: payments
      ? { count: payments.unpaidCount, policy: order.money.unpaidPolicy, leftOut: payments.leftOut }
      : null,
    // Only what the list shows, so the biggest legal order (400 lines) stays a small page.
    guests: summary.guests.map((guest) => ({
      guestId: guest.guestId,
      guestName: guest.guestName,
      guestInitials: guest.guestInitials,
      specialInstructions: guest.specialInstructions,
      payment: payments?.of(guest.guestId) ?? null,
      totalText: formatMoney(guest.totalCents, order.currency, intlLocale),
      items: guest.items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        menuItem: { name: item.menuItem.name },
        selectedModifiers: item.selectedModifiers,
        note: item.note,
        totalText: formatMoney(item.totalCents, order.currency, intlLocale),
      })),
    })),
    lineCount: summary.guests.reduce((sum, guest) => sum + guest.items.length, 0),
  };
}
