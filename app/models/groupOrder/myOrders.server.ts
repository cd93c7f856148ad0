import type { GroupOrder } from '@prisma/client';
import { orderTitle, timeLabel } from '../../lib/groupOrder';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';
import { ordersForCustomer } from './hosting.server';

// The My Orders page: the orders a logged-in customer created, a card each with its link to share.

/** One of the customer's orders as its card shows it; `base` is where shared links start (linkBase). */
function myOrderCard(order: GroupOrder, base: string) {
  return {
    id: order.id,
    code: order.code,
    title: orderTitle(order),
    status: order.status,
    timeLabel: timeLabel(order.orderType),
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    deadline: formatDateTime(order.deadlineAt, order.timeZone),
    total: formatMoney(order.totalCents, order.currency),
    shareUrl: `${base}/join/${order.code}`,
  };
}

export type MyOrderCard = ReturnType<typeof myOrderCard>;

/** The customer's orders in `shop`, newest first, once the link base (read at the same time) is known. */
export async function myOrderCards(shop: string, customerId: string, linkBase: Promise<string>) {
  const [list, base] = await Promise.all([ordersForCustomer(shop, customerId), linkBase]);
  return list.map((order) => myOrderCard(order, base));
}
