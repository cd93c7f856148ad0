import type { GroupOrder, Prisma } from '@prisma/client';
import { z } from 'zod';
import prisma from '../../db.server';
import { Conflict, Limited } from '../../lib/errors';
import { say } from '../../lib/sentences.server';
import { PROXY_BASE } from '../../lib/paths';
import { formatDateTime } from '../../lib/time';
import { nobodyOrderedEmail, waitingForYouEmail } from '../mail/deadlineEmails.server';
import { deliverQueuedEmails, queueEmail } from '../mail/mail.server';
import { requireHostOrder, type HostCredentials } from './hostAccess.server';
import { submitInTransaction } from './submitOrder.server';
import { cancelOrderJobs, cancelReminderJob, scheduleOrderJobs } from './orderJobs.server';
import { LIMITS } from '../limits/rateLimitBudgets';
import { consumeAll } from '../limits/rateLimits.server';
import {
  INVITEE_STATE_LABELS,
  inviteeStates,
  queueReminders,
  stillChoosing,
  stillMissing,
} from './invitees.server';
import { registerOutboxHandler } from '../outbox/outbox.server';
import { getShopSettings } from '../shop/settings.server';
import { shopOrigin } from '../shop/shopDomain.server';

// The host's schedule for an order, run from the durable outbox (never a timer in memory; the jobs are
// armed by orderJobs.server.ts):
// - schedule.reminder: reminderMinutes before the deadline, e-mail every invitee who has not ordered and
//   not said "not ordering";
// - schedule.deadline: at the deadline, submit by itself (autoSubmit, when anyone ordered) or tell the host
//   the order is waiting for them (or that nobody ordered).
// Each is one outbox row per order (dedupeKey), written in the transaction that creates the order or moves
// its deadline, waiting until nextAttemptAt; any instance's worker claims it with the outbox's conditional
// UPDATE and lease. Exactly once even when a worker dies after doing the work but before marking the row
// sent: the work itself starts with a conditional UPDATE of the order (remindedForDeadline /
// deadlineHandledFor = this deadline), in the same transaction as the e-mails and the submit, so a second
// run for the same deadline changes nothing. A job whose deadline was moved, or whose order was submitted
// or cancelled meanwhile, does nothing.

const JobSchema = z.object({ groupOrderId: z.number().int(), deadlineAt: z.string().datetime() });

async function siteBaseOf(shop: string) {
  return `${await shopOrigin(shop)}${PROXY_BASE}`;
}

/** The automatic reminder (outbox kind schedule.reminder). */
export async function runReminderJob(shop: string, payload: unknown, now = new Date()) {
  const job = JobSchema.parse(payload);
  const settings = await getShopSettings(shop);
  const siteBase = await siteBaseOf(shop);
  return prisma.$transaction(async (tx) => {
    const order = await tx.groupOrder.findFirst({ where: { id: job.groupOrderId, shop } });
    const deadlineAt = new Date(job.deadlineAt);
    if (!order || order.status !== 'active' || !order.reminderMinutes) return [];
    if (order.deadlineAt.getTime() !== deadlineAt.getTime() || deadlineAt <= now) return [];
    if (!(await claimForDeadline(tx, shop, order.id, deadlineAt, 'remindedForDeadline'))) return [];
    const missing = await stillMissing(tx, shop, order.id);
    return queueReminders(tx, order, missing, siteBase, settings, now);
  });
}

/**
 * Marks a job done for this deadline in the order row itself: only one run (of any instance, before or
 * after a restart) sees the update succeed for an active order whose deadline is still this one.
 */
async function claimForDeadline(
  tx: Prisma.TransactionClient,
  shop: string,
  id: number,
  deadlineAt: Date,
  field: 'remindedForDeadline' | 'deadlineHandledFor',
) {
  const claimed = await tx.groupOrder.updateMany({
    where: {
      id,
      shop,
      status: 'active',
      deadlineAt,
      OR: [{ [field]: null }, { [field]: { not: deadlineAt } }],
    },
    data: { [field]: deadlineAt },
  });
  return claimed.count > 0;
}

export type DeadlineOutcome = 'submitted' | 'waiting' | 'empty' | 'nothing';

/** The deadline job (outbox kind schedule.deadline). */
export async function runDeadlineJob(
  shop: string,
  payload: unknown,
  now = new Date(),
): Promise<DeadlineOutcome> {
  const job = JobSchema.parse(payload);
  const settings = await getShopSettings(shop);
  const siteBase = await siteBaseOf(shop);
  return prisma.$transaction(async (tx) => {
    const order = await tx.groupOrder.findFirst({ where: { id: job.groupOrderId, shop } });
    const deadlineAt = new Date(job.deadlineAt);
    if (!order || order.status !== 'active' || order.deadlineAt.getTime() !== deadlineAt.getTime()) {
      return 'nothing';
    }
    if (!(await claimForDeadline(tx, shop, order.id, deadlineAt, 'deadlineHandledFor'))) return 'nothing';
    const dashboard = `${siteBase}/host/dashboard/${order.id}`;
    const items = await tx.orderItem.aggregate({
      where: { shop, groupOrderId: order.id },
      _sum: { quantity: true },
    });
    const itemCount = items._sum.quantity ?? 0;
    if (itemCount === 0) {
      await queueEmail(tx, shop, await nobodyOrderedEmail(order, dashboard, settings));
      await cancelOrderJobs(tx, shop, order.id);
      return 'empty';
    }
    if (order.autoSubmit) {
      await submitInTransaction(tx, order, settings, now, { auto: true });
      return 'submitted';
    }
    const waiting = await waitingForYouEmail(order, itemCount, dashboard, settings);
    await queueEmail(tx, shop, waiting);
    await cancelReminderJob(tx, shop, order.id);
    return 'waiting';
  });
}

registerOutboxHandler('schedule.reminder', async ({ shop, payload }) => {
  await runReminderJob(shop, payload);
  return { status: 'sent' };
});

registerOutboxHandler('schedule.deadline', async ({ shop, payload }) => {
  await runDeadlineJob(shop, payload);
  return { status: 'sent' };
});

/** The host turns auto-submit and the automatic reminder on or off (moves the jobs in the same write). */
export async function updateOrderSchedule(
  shop: string,
  id: number,
  credentials: HostCredentials,
  input: { autoSubmit: boolean; reminderMinutes: number | null },
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    const order = await requireHostOrder(shop, id, credentials, tx);
    if (order.status !== 'active') {
      throw new Conflict('This order has been submitted. Reopen it before changing its schedule.');
    }
    const updated = await tx.groupOrder.update({
      where: { id, shop },
      data: { autoSubmit: input.autoSubmit, reminderMinutes: input.reminderMinutes },
    });
    await scheduleOrderJobs(tx, updated, now);
    return scheduleView(updated);
  });
}

function scheduleView(order: GroupOrder) {
  return {
    autoSubmit: order.autoSubmit,
    reminderMinutes: order.reminderMinutes,
    lastReminderAt: order.lastReminderAt?.toISOString() ?? null,
    lastReminderText: order.lastReminderAt ? formatDateTime(order.lastReminderAt, order.timeZone) : null,
  };
}

/** The host's "Who is still missing" card: every invitee with their state, and the order's schedule. */
export async function missingBoard(shop: string, id: number, credentials: HostCredentials) {
  const order = await requireHostOrder(shop, id, credentials);
  const [states, choosing] = await Promise.all([
    inviteeStates(prisma, shop, id),
    stillChoosing(prisma, shop, id),
  ]);
  return {
    // Joined but nothing confirmed yet (names only): the submit dialog tells the host before they submit.
    choosing,
    invitees: states.map(({ invitee, state }) => ({
      id: invitee.id,
      email: invitee.email,
      state,
      stateText: INVITEE_STATE_LABELS[state],
      remindedAt: invitee.remindedAt?.toISOString() ?? null,
      remindedText: invitee.remindedAt ? formatDateTime(invitee.remindedAt, order.timeZone) : null,
    })),
    ...scheduleView(order),
  };
}

/**
 * "Send a reminder": one e-mail to each invitee who has not ordered and not declined, now. Rate-limited
 * per order (one every 15 minutes) and per client; nobody to remind costs nothing.
 */
export async function sendReminderNow(
  shop: string,
  id: number,
  credentials: HostCredentials,
  siteBase: string,
  client: string,
  now = new Date(),
) {
  const order = await requireHostOrder(shop, id, credentials);
  if (order.status !== 'active') {
    throw new Conflict('This order has been submitted, so there is nobody left to remind.');
  }
  if (order.deadlineAt <= now) {
    throw new Conflict('The ordering deadline has passed. Extend it before reminding people.');
  }
  const missing = await stillMissing(prisma, shop, id);
  if (missing.length === 0) return { sent: 0, total: 0 };
  try {
    await consumeAll([
      { name: 'remindersPerOrder', key: `${shop}:${id}` },
      { name: 'remindersPerClient', key: client },
    ]);
  } catch (error) {
    // The order's own budget: one clear sentence with the time the next one can go, in the order's zone.
    if (error instanceof Limited && error.message.startsWith(LIMITS.remindersPerOrder.message)) {
      const next = new Date(now.getTime() + error.retryAfterSeconds * 1000);
      throw new Limited(
        say('api.host.remindNext', { at: { at: next, timeZone: order.timeZone, timeOnly: true } }),
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
  const settings = await getShopSettings(shop);
  const ids = await prisma.$transaction(async (tx) => {
    const fresh = await tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
    const who = await stillMissing(tx, shop, id);
    const queued = await queueReminders(tx, fresh, who, siteBase, settings, now);
    await tx.groupOrder.update({ where: { id, shop }, data: { lastReminderAt: now } });
    return queued;
  });
  const sent = await deliverQueuedEmails(ids);
  return { sent, total: ids.length };
}
