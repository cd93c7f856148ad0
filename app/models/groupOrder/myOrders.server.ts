import type { GroupOrder } from '@prisma/client';
import prisma from '../../db.server';
import { orderTitle } from '../../lib/groupOrder';
import type { Words } from '../../lib/allergenTexts';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';

// The My Orders page: a card per order the logged-in customer is part of, each with its link to share.
// Who the customer is comes from Shopify: the signed customer id (orders they created while logged in),
// and the e-mail address Shopify holds for that customer (orders hosted with that address, or joined as a
// guest with it). An address typed into a form proves nothing, so e-mail matching happens only here, for
// the address Shopify reports for the signed customer.

export type MyOrderRole = 'host' | 'guest';

/**
 * One of the customer's orders as its card shows it; `base` is where shared links start (linkBase), times
 * and money are said in the page's language (`words`).
 */
function myOrderCard(order: GroupOrder, role: MyOrderRole, base: string, words: Words) {
  const { t, intlLocale } = words;
  return {
    id: order.id,
    code: order.code,
    title: orderTitle(order, t),
    status: order.status,
    orderType: order.orderType,
    role,
    pickup: formatDateTime(order.pickupAt, order.timeZone, intlLocale),
    deadline: formatDateTime(order.deadlineAt, order.timeZone, intlLocale),
    total: formatMoney(order.totalCents, order.currency, intlLocale),
    shareUrl: `${base}/join/${order.code}`,
  };
}

export type MyOrderCard = ReturnType<typeof myOrderCard>;

/** The customer's orders in `shop`, newest first: created by them, hosted or joined with their Shopify e-mail. */
export async function ordersOfCustomer(shop: string, customerId: string, email: string | null) {
  const address = email?.trim().toLowerCase() || null;
  const orders = await prisma.groupOrder.findMany({
    where: {
      shop,
      OR: [
        { hostCustomerId: customerId },
        ...(address ? [{ hostEmail: address }, { guests: { some: { shop, email: address } } }] : []),
      ],
    },
    orderBy: { createdAt: 'desc' },
    take: 100,
  });
  return orders.map((order) => ({
    order,
    role: (order.hostCustomerId === customerId || (address !== null && order.hostEmail === address)
      ? 'host'
      : 'guest') as MyOrderRole,
  }));
}

/** The customer's order cards, once the link base and Shopify's e-mail for them (read meanwhile) are known. */
export async function myOrderCards(
  shop: string,
  customerId: string,
  email: Promise<string | null>,
  linkBase: Promise<string>,
  words: Words,
) {
  const [list, base] = await Promise.all([
    email.then((e) => ordersOfCustomer(shop, customerId, e)),
    linkBase,
  ]);
  return list.map(({ order, role }) => myOrderCard(order, role, base, words));
}
