import type { GroupOrder, Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { enqueue } from '../outbox/outbox.server';

// Arming an order's scheduled jobs (the reminder before the deadline and the deadline itself) as outbox
// rows, in the transaction that creates the order, moves its deadline, reopens, submits or changes its
// schedule. What the jobs do when they run is schedule.server.ts.

type Tx = Prisma.TransactionClient | typeof prisma;

export const reminderKey = (id: number) => `reminder:${id}`;
export const deadlineKey = (id: number) => `deadline:${id}`;

const CANCELLED = { status: 'cancelled', lastError: 'Nothing left to do for this order.' } as const;

/**
 * (Re)arms the order's reminder and deadline jobs for its current deadline, or cancels what no longer
 * applies. Call in the transaction that creates the order, moves its deadline, reopens it or changes the
 * schedule. A deadline already passed arms nothing: a reopened late order waits for the host.
 */
export async function scheduleOrderJobs(
  tx: Tx,
  order: Pick<GroupOrder, 'id' | 'shop' | 'status' | 'deadlineAt' | 'reminderMinutes'>,
  now = new Date(),
) {
  const payload = { groupOrderId: order.id, deadlineAt: order.deadlineAt.toISOString() };
  const open = order.status === 'active' && order.deadlineAt.getTime() > now.getTime();
  if (open && order.reminderMinutes) {
    const at = order.deadlineAt.getTime() - order.reminderMinutes * 60_000;
    await enqueue(tx, {
      shop: order.shop,
      kind: 'schedule.reminder',
      payload,
      dedupeKey: reminderKey(order.id),
      runAt: new Date(Math.max(at, now.getTime())),
    });
  } else {
    await cancelJob(tx, order.shop, reminderKey(order.id));
  }
  if (open) {
    await enqueue(tx, {
      shop: order.shop,
      kind: 'schedule.deadline',
      payload,
      dedupeKey: deadlineKey(order.id),
      runAt: order.deadlineAt,
    });
  } else {
    await cancelJob(tx, order.shop, deadlineKey(order.id));
  }
}

/** A job still waiting is cancelled; one a worker is running checks the order itself and does nothing. */
async function cancelJob(tx: Tx, shop: string, dedupeKey: string) {
  await tx.outboxMessage.updateMany({ where: { shop, dedupeKey, status: 'pending' }, data: CANCELLED });
}

/** At the deadline the reminder has nothing left to do (the deadline job may still be running). */
export async function cancelReminderJob(tx: Tx, shop: string, id: number) {
  await cancelJob(tx, shop, reminderKey(id));
}

/** Submitted (by hand or by itself) or cancelled: the order's scheduled jobs have nothing left to do. */
export async function cancelOrderJobs(tx: Tx, shop: string, id: number) {
  await cancelJob(tx, shop, reminderKey(id));
  await cancelJob(tx, shop, deadlineKey(id));
}
