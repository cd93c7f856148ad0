import type { GroupOrder, Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { Conflict } from '../../lib/errors';
import { queueSubmittedEmails } from '../mail/submittedEmails.server';
import { queueDraftOrderSync } from '../outbox/handoff.server';
import { getShopSettings } from '../shop/settings.server';
import { requireHostOrder, type HostCredentials } from './hostAccess.server';
import { cancelOrderJobs, scheduleOrderJobs } from './orderJobs.server';
import { settleUnpaidShares } from './unpaidShares.server';

// The host submits the order to the shop, or reopens it; the deadline job submits by itself
// (schedule.server.ts). Only the move from active to submitted tells anyone.

/** Submit (queues the Shopify draft order in the same transaction) or reopen. */
export async function setGroupOrderStatus(
  shop: string,
  id: number,
  status: 'active' | 'submitted',
  credentials: HostCredentials,
  now = new Date(),
) {
  // Read before the transaction: the first read for a shop writes its default settings, which must not
  // wait on this transaction's own write lock.
  const settings = await getShopSettings(shop);
  return prisma.$transaction(async (tx) => {
    const order = await requireHostOrder(shop, id, credentials, tx);
    if (order.status === status) return order;
    if (status === 'submitted') {
      const submitted = await submitInTransaction(tx, order, settings, now);
      if (!submitted) return tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
    } else {
      if (order.kitchenState) {
        throw new Conflict(
          order.kitchenState === 'cancelled'
            ? 'The shop cancelled this order, so it cannot be reopened.'
            : 'The kitchen has started on this order, so it cannot be reopened. Please contact the shop.',
        );
      }
      await tx.groupOrder.updateMany({ where: { id, shop }, data: { status: 'active', submittedAt: null } });
      const reopened = await tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
      await scheduleOrderJobs(tx, reopened, now);
    }
    return tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
  });
}

/**
 * The submit itself, shared by the host's Submit and the auto-submit at the deadline: the order must have
 * items; only the call that moves it from active to submitted queues the Shopify hand-off and the e-mails
 * (guests, host receipt, merchant), in the caller's transaction, so a double tap, two hosts at once or a
 * scheduled submit racing the host tell people once. Returns false when another call moved it first.
 */
export async function submitInTransaction(
  tx: Prisma.TransactionClient,
  order: GroupOrder,
  settings: Awaited<ReturnType<typeof getShopSettings>>,
  now: Date,
  options: { auto?: boolean } = {},
) {
  const { id, shop } = order;
  const readItems = () =>
    tx.orderItem.findMany({
      where: { groupOrderId: id, shop },
      // Each guest's language, for their e-mail.
      include: { guest: { select: { language: true } } },
      orderBy: { id: 'asc' },
    });
  if ((await readItems()).length === 0) {
    throw new Conflict(
      'Nobody has added an order yet. Share the link, then submit once guests have ordered.',
    );
  }
  const moved = await tx.groupOrder.updateMany({
    where: { id, shop, status: 'active' },
    data: { status: 'submitted', submittedAt: now },
  });
  if (moved.count === 0) return false;
  // Shares not paid by now are left out or covered, as the host chose (issue 25); the kitchen, the
  // company's draft and the e-mails below see only what is still in the order.
  await settleUnpaidShares(tx, order, settings, now);
  const items = await readItems();
  await queueDraftOrderSync(tx, shop, id);
  await queueSubmittedEmails(tx, order, items, settings, order.shopifyState !== 'none', options.auto);
  // Submitted by hand before the deadline: the reminder and the deadline job have nothing left to do.
  await cancelOrderJobs(tx, shop, id);
  return true;
}
