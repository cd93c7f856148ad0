import prisma from '../../db.server';
import { CODE_HINT, normalizeCode } from '../../lib/code';
import { Invalid, NotFound } from '../../lib/errors';
import { consumeOrRefuse } from '../limits/rateLimits.server';
import { findGroupOrderByCode } from './groupOrder.server';

// The find-order page's search by code (to join the order). Search by e-mail never lists anything: it
// e-mails the address its host links (hostLinks.server.ts). Every search counts against the client's
// look-up budget.

export type FindMethod = 'code' | 'email';

/**
 * The code of the order the search finds (the page sends the person to join it). Raises Invalid for what
 * cannot be a code, Limited past the look-up budget, and NotFound when nothing matches.
 */
export async function findOrders(
  shop: string,
  clientKey: string,
  method: 'code',
  query: string,
): Promise<{ join: string }> {
  if (!normalizeCode(query)) throw new Invalid(CODE_HINT);
  await consumeOrRefuse('lookups', clientKey);
  const order = await findGroupOrderByCode(shop, query);
  if (!order) throw new NotFound('Could not find an order with that information.');
  return { join: order.code };
}

/** Active orders and those of the last 14 days for a host e-mail, newest first. */
export async function findOrdersByHostEmail(shop: string, email: string, now = new Date()) {
  const since = new Date(now.getTime() - 14 * 24 * 60 * 60_000);
  return prisma.groupOrder.findMany({
    where: {
      shop,
      hostEmail: email.trim().toLowerCase(),
      OR: [{ status: 'active' }, { createdAt: { gte: since } }],
    },
    orderBy: { createdAt: 'desc' },
    take: 20,
  });
}
