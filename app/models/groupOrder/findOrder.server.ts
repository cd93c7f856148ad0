import type { GroupOrder } from '@prisma/client';
import { CODE_HINT, normalizeCode } from '../../lib/code';
import { Invalid, NotFound } from '../../lib/errors';
import { orderTitle, timeLabel } from '../../lib/groupOrder';
import { INVALID_EMAIL, isValidEmail } from '../../lib/hosting';
import { formatDateTime } from '../../lib/time';
import { consumeOrRefuse } from '../limits/hostRateLimits.server';
import { findGroupOrderByCode } from './groupOrder.server';
import { findOrdersByHostEmail } from './hosting.server';

// The find-order page's search: an order by its code (to join it), or the orders a host runs by their
// e-mail. Every search that could find something counts against the client's look-up budget.

export type FindMethod = 'code' | 'email';

/** One of a host's orders, as the results list shows it. */
export type FoundOrder = ReturnType<typeof foundOrder>;

function foundOrder(order: GroupOrder) {
  return {
    id: order.id,
    code: order.code,
    title: orderTitle(order),
    active: order.status === 'active',
    timeLabel: timeLabel(order.orderType),
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    deadline: formatDateTime(order.deadlineAt, order.timeZone),
  };
}

/**
 * The code of the one order the search finds (the page sends the person to join it), or the host's orders
 * to choose from when they run several. Raises Invalid for what cannot be a code or an e-mail, Limited
 * past the look-up budget, and NotFound when nothing matches.
 */
export async function findOrders(
  shop: string,
  clientKey: string,
  method: FindMethod,
  query: string,
): Promise<{ join: string } | { results: FoundOrder[] }> {
  if (method === 'code' && !normalizeCode(query)) throw new Invalid(CODE_HINT);
  if (method === 'email' && !isValidEmail(query)) throw new Invalid(INVALID_EMAIL);
  await consumeOrRefuse('lookups', clientKey);
  if (method === 'code') {
    const order = await findGroupOrderByCode(shop, query);
    if (!order) throw new NotFound('Could not find an order with that information.');
    return { join: order.code };
  }
  const orders = await findOrdersByHostEmail(shop, query);
  if (orders.length === 0) throw new NotFound('No active orders found for this email address.');
  if (orders.length === 1) return { join: orders[0].code };
  return { results: orders.map((order) => foundOrder(order)) };
}
