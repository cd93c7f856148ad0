import type { GroupOrder, Prisma } from '@prisma/client';
import { z } from 'zod';
import prisma from '../../db.server';
import { Conflict, Limited } from '../../lib/errors';
import { PROXY_BASE } from '../../lib/paths';
import { formatDateTime, formatTime12 } from '../../lib/time';
import { deliverQueuedEmails, escapeHtml } from '../mail/hostMail.server';
import { orderTitle } from '../../lib/groupOrder';
import { requireHostOrder, submitInTransaction, type HostCredentials } from './hosting.server';
import { LIMITS } from '../limits/rateLimitBudgets';
import { consumeAll } from '../limits/rateLimits.server';
import {
  INVITEE_STATE_LABELS,
  inviteeStates,
  queueReminders,
  stillChoosing,
  stillMissing,
} from './invitees.server';
import { queueEmail, type Email } from '../mail/mail.server';
import { enqueue, registerOutboxHandler } from '../outbox/outbox.server';
import { getShopSettings } from '../shop/settings.server';
import { shopOrigin } from '../shop/shopDomain.server';

// The host's schedule for an order, run from the durable outbox (never a timer in memory):
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

type Tx = Prisma.TransactionClient | typeof prisma;

const JobSchema = z.object({ groupOrderId: z.number().int(), deadlineAt: z.string().datetime() });

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

/** Submitted (by hand or by itself) or cancelled: the order's scheduled jobs have nothing left to do. */
export async function cancelOrderJobs(tx: Tx, shop: string, id: number) {
  await cancelJob(tx, shop, reminderKey(id));
  await cancelJob(tx, shop, deadlineKey(id));
}

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
    return queueReminders(tx, order, missing, siteBase, settings.emailSenderName, now);
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
      await queueEmail(tx, shop, nobodyOrderedEmail(order, dashboard, settings.emailSenderName));
      await cancelOrderJobs(tx, shop, order.id);
      return 'empty';
    }
    if (order.autoSubmit) {
      await submitInTransaction(tx, order, settings, now, { auto: true });
      return 'submitted';
    }
    await queueEmail(tx, shop, waitingForYouEmail(order, itemCount, dashboard, settings.emailSenderName));
    await cancelJob(tx, shop, reminderKey(order.id));
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

function simpleEmail(
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
  fromName: string,
): Email {
  return {
    to,
    subject,
    fromName,
    text: [...lines, '', `${link.label}: ${link.href}`].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f1a17;max-width:520px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#6f3b1e;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p></div>`,
  };
}

export function waitingForYouEmail(
  order: GroupOrder,
  itemCount: number,
  dashboard: string,
  fromName: string,
) {
  const title = orderTitle(order);
  return simpleEmail(
    order.hostEmail,
    `"${title}" is waiting for you to submit it`,
    [
      `The ordering deadline for "${title}" passed at ${formatDateTime(order.deadlineAt, order.timeZone)}, with ${order.participantCount} ${order.participantCount === 1 ? 'person' : 'people'} and ${itemCount} ${itemCount === 1 ? 'item' : 'items'} in.`,
      'Nothing goes to the shop until you submit it. Open your dashboard to check the orders and submit.',
    ],
    { href: dashboard, label: 'Open the dashboard' },
    fromName,
  );
}

export function nobodyOrderedEmail(order: GroupOrder, dashboard: string, fromName: string) {
  const title = orderTitle(order);
  return simpleEmail(
    order.hostEmail,
    `Nobody ordered in "${title}"`,
    [
      `The ordering deadline for "${title}" passed at ${formatDateTime(order.deadlineAt, order.timeZone)} and nobody had added an order, so nothing was sent to the shop.`,
      'To give people more time, extend the deadline from your dashboard.',
    ],
    { href: dashboard, label: 'Open the dashboard' },
    fromName,
  );
}

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
        `You can send the next reminder at ${formatTime12(next, order.timeZone)}.`,
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
  const settings = await getShopSettings(shop);
  const ids = await prisma.$transaction(async (tx) => {
    const fresh = await tx.groupOrder.findFirstOrThrow({ where: { id, shop } });
    const who = await stillMissing(tx, shop, id);
    const queued = await queueReminders(tx, fresh, who, siteBase, settings.emailSenderName, now);
    await tx.groupOrder.update({ where: { id, shop }, data: { lastReminderAt: now } });
    return queued;
  });
  const sent = await deliverQueuedEmails(ids);
  return { sent, total: ids.length };
}
