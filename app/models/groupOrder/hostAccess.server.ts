import { timingSafeEqual } from 'node:crypto';
import type { GroupOrder, Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { Forbidden, NotFound, Unauthenticated } from '../../lib/errors';
import { HOST_MESSAGES } from '../../lib/hosting';
import { hashSecret } from '../../lib/ids.server';

// Who hosts an order: every host action starts here, and sees only the given shop's orders.

export type HostCredentials = { hostToken?: string | null; customerId?: string | null };

function tokenMatches(token: string, hash: string) {
  const a = Buffer.from(hashSecret(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

type Tx = Prisma.TransactionClient | typeof prisma;

/**
 * Whether these credentials make someone the host of the order (docs/design.md, section 4): the logged-in creator,
 * the creating browser's token, or the token of a browser added by a one-time claim link.
 */
export async function isHost(
  order: Pick<GroupOrder, 'id' | 'hostTokenHash' | 'hostCustomerId'>,
  credentials: HostCredentials,
  tx: Tx = prisma,
) {
  if (credentials.customerId && order.hostCustomerId && credentials.customerId === order.hostCustomerId)
    return true;
  if (!credentials.hostToken) return false;
  if (tokenMatches(credentials.hostToken, order.hostTokenHash)) return true;
  const device = await tx.hostDevice.findFirst({
    where: { groupOrderId: order.id, tokenHash: hashSecret(credentials.hostToken) },
    select: { id: true },
  });
  return Boolean(device);
}

export function notFound() {
  return new NotFound(HOST_MESSAGES.notFound);
}

/** 404 for another shop's or an unknown id; 401 without any credential; 403 with the wrong one. */
async function authorizeHost(
  order: GroupOrder | null,
  credentials: HostCredentials,
  tx: Tx = prisma,
): Promise<GroupOrder> {
  if (!order) throw notFound();
  if (await isHost(order, credentials, tx)) return order;
  if (!credentials.hostToken && !credentials.customerId) throw new Unauthenticated(HOST_MESSAGES.login);
  throw new Forbidden(HOST_MESSAGES.forbidden);
}

/** The shop's order `id` when these credentials host it (read inside `tx` when given). */
export async function requireHostOrder(
  shop: string,
  id: number,
  credentials: HostCredentials,
  tx: Tx = prisma,
) {
  return authorizeHost(await tx.groupOrder.findFirst({ where: { id, shop } }), credentials, tx);
}
