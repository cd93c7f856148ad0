import { timingSafeEqual } from 'node:crypto';
import type { GroupOrder, Prisma } from '@prisma/client';
import prisma, { isUniqueViolation } from '../../db.server';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated, Unavailable } from '../../lib/errors';
import { hashSecret, newSecret, randomOrderCode, randomOrderId } from '../../lib/ids.server';
import {
  CreateGroupOrderSchema,
  fieldErrorsOf,
  HOST_MESSAGES,
  initialsOf,
  pickupNoticeMessage,
  type CreateGroupOrderData,
  type FieldErrors,
} from '../../lib/hosting';
import { formatTime12, utcToZoned, zonedToUtc } from '../../lib/time';
import { defaultPaymentMethod } from '../../lib/payment';
import { deadlineFits, EXTEND_MINUTES, extendableMinutes, latestDeadline } from '../../lib/deadline';
import { getGroupOrderWithItems, serializeGroupOrder, summarize } from './groupOrder.server';
import { queueDraftOrderSync } from '../outbox/handoff.server';
import { queueSubmittedEmails } from '../mail/submitMail.server';
import { merchantSubmittedEmail } from '../kitchen/kitchen.server';
import { queueEmail } from '../mail/mail.server';
import { enabledPaymentMethods, getShopSettings } from '../shop/settings.server';
import { cancelOrderJobs, scheduleOrderJobs } from './schedule.server';

// What a host does with a group order. Every function takes the shop and only sees that shop's orders.

export { EXTEND_MINUTES };

/** A create request the host must correct: one message per field (the JSON API sends the first). */
export class CreateValidationError extends Invalid {
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors)[0] ?? 'The order details are not valid.', { fieldErrors });
  }
}

export function validateCreateInput(input: unknown): CreateGroupOrderData {
  const result = CreateGroupOrderSchema.safeParse(input);
  if (!result.success) throw new CreateValidationError(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * Creates a group order and returns it with the host token (shown to the creator once; only its hash is
 * stored). Times are wall-clock times in the shop's zone; the pickup notice is checked on real instants,
 * so a daylight-saving change between now and pickup counts as the time that really passes.
 */
export async function createGroupOrder(
  shop: string,
  input: unknown,
  options: {
    customerId?: string | null;
    now?: Date;
    /** Runs in the creating transaction (the route queues the host's e-mail there). */
    afterCreate?: (tx: Prisma.TransactionClient, order: GroupOrder) => Promise<unknown>;
  } = {},
) {
  const data = validateCreateInput(input);
  const now = options.now ?? new Date();
  const settings = await getShopSettings(shop);
  const zone = settings.timeZone;
  const errors: FieldErrors = {};

  const paymentMethod =
    data.paymentMethod ?? defaultPaymentMethod(data.orderType, enabledPaymentMethods(settings));
  if (!enabledPaymentMethods(settings).includes(paymentMethod)) {
    errors.paymentMethod = 'This payment method is not offered by this shop. Please choose another.';
  }
  // Times are picked to the minute: measure notice from the start of the current minute, so choosing
  // exactly "now + 30 min" is not refused because a few seconds passed while the form was filled in.
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  // In the hour that repeats when clocks go back, a wall time means its next occurrence, not a past one.
  const upcoming = { notBefore: new Date(minuteStart) };
  const pickupAt = zonedToUtc(data.pickupDate, data.pickupTime, zone, upcoming);
  const deadlineAt = zonedToUtc(data.deadlineDate, data.deadlineTime, zone, upcoming);
  const what = data.orderType === 'delivery' ? 'delivery' : 'pickup';
  if (!pickupAt) {
    errors.pickupTime = `Please choose a valid ${what} date and time.`;
  } else if (data.orderType === 'pickup') {
    if (pickupAt.getTime() < minuteStart + settings.pickupNoticeMinutes * 60_000) {
      errors.pickupTime = pickupNoticeMessage(settings.pickupNoticeMinutes);
    }
  } else if (pickupAt.getTime() <= now.getTime()) {
    errors.pickupTime = 'The delivery time has already passed. Please choose a later time.';
  }
  if (!deadlineAt) {
    errors.deadlineTime = 'Please choose a valid deadline date and time.';
  } else if (deadlineAt.getTime() <= now.getTime()) {
    errors.deadlineTime = 'The ordering deadline has already passed. Please choose a time in the future.';
  } else if (pickupAt && !deadlineFits(deadlineAt, pickupAt, kindOf(data.orderType, settings))) {
    errors.deadlineTime = deadlineRuleMessage(what, settings.pickupNoticeMinutes);
  }
  if (Object.keys(errors).length > 0) throw new CreateValidationError(errors);

  const hostToken = newSecret();
  const base = {
    shop,
    name: data.name,
    hostName: data.hostName,
    hostEmail: data.hostEmail,
    hostInitials: initialsOf(data.hostName) || null,
    companyName: data.companyName,
    orderType: data.orderType,
    deliveryAddress: data.orderType === 'delivery' ? data.deliveryAddress : null,
    paymentMethod,
    pickupAt: pickupAt!,
    deadlineAt: deadlineAt!,
    timeZone: zone,
    currency: settings.currency,
    instructions: data.instructions,
    hostTokenHash: hashSecret(hostToken),
    hostCustomerId: options.customerId || null,
    autoSubmit: data.autoSubmit,
    reminderMinutes: data.reminderMinutes ?? null,
  };
  // Random id and code: a collision with an existing order is rare, and simply retried.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    try {
      const order = await prisma.$transaction(async (tx) => {
        const created = await tx.groupOrder.create({
          data: { ...base, id: randomOrderId(), code: randomOrderCode() },
        });
        await scheduleOrderJobs(tx, created, now);
        await options.afterCreate?.(tx, created);
        return created;
      });
      return { order, hostToken };
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  throw new Unavailable(HOST_MESSAGES.createFailed);
}

const kindOf = (orderType: string, settings: { pickupNoticeMinutes: number }) => ({
  orderType,
  noticeMinutes: settings.pickupNoticeMinutes,
});

/** The deadline rule (app/lib/deadline.ts) in the host's words. */
export function deadlineRuleMessage(what: 'pickup' | 'delivery', noticeMinutes: number) {
  return what === 'pickup'
    ? `The ordering deadline must be at least ${noticeMinutes} minutes before the pickup time, so the shop has time to prepare the order. Please choose an earlier deadline or a later pickup time.`
    : 'The ordering deadline must not be after the delivery time. Please choose an earlier deadline.';
}

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
  const items = await tx.orderItem.findMany({
    where: { groupOrderId: id, shop },
    orderBy: { id: 'asc' },
  });
  if (items.length === 0) {
    throw new Conflict(
      'Nobody has added an order yet. Share the link, then submit once guests have ordered.',
    );
  }
  const moved = await tx.groupOrder.updateMany({
    where: { id, shop, status: 'active' },
    data: { status: 'submitted', submittedAt: now },
  });
  if (moved.count === 0) return false;
  await queueDraftOrderSync(tx, shop, id);
  await queueSubmittedEmails(tx, order, items, settings, order.shopifyState !== 'none', options.auto);
  const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
  const merchantMail = merchantSubmittedEmail(order, itemCount, settings, order.shopifyState !== 'none');
  if (merchantMail) await queueEmail(tx, shop, merchantMail);
  // Submitted by hand before the deadline: the reminder and the deadline job have nothing left to do.
  await cancelOrderJobs(tx, shop, id);
  return true;
}

/**
 * +15 minutes from the later of now and the current deadline, so an expired order reopens for 15. The
 * deadline never passes pickup minus the shop's notice (the kitchen needs that time): it stops there, and
 * when there is no room left at all the host is told to move pickup, which this call can do too (a new
 * pickup is checked like one on the create form).
 */
export async function extendDeadline(
  shop: string,
  id: number,
  credentials: HostCredentials,
  now = new Date(),
  input: { pickupDate?: string | null; pickupTime?: string | null } = {},
) {
  const settings = await getShopSettings(shop);
  return prisma.$transaction(async (tx) => {
    const order = await requireHostOrder(shop, id, credentials, tx);
    if (order.status !== 'active') {
      throw new Conflict('This order has been submitted. Reopen it before extending the deadline.');
    }
    const what = order.orderType === 'delivery' ? 'delivery' : 'pickup';
    let pickupAt = order.pickupAt;
    if (input.pickupDate || input.pickupTime) {
      const current = utcToZoned(order.pickupAt, order.timeZone);
      const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
      const moved = zonedToUtc(
        input.pickupDate || current.date,
        input.pickupTime || current.time,
        order.timeZone,
        { notBefore: new Date(minuteStart) },
      );
      if (!moved) throw new Invalid(`Please choose a valid ${what} date and time.`);
      if (what === 'pickup' && moved.getTime() < minuteStart + settings.pickupNoticeMinutes * 60_000) {
        throw new Invalid(pickupNoticeMessage(settings.pickupNoticeMinutes));
      }
      if (moved.getTime() <= now.getTime()) {
        throw new Invalid('The delivery time has already passed. Please choose a later time.');
      }
      pickupAt = moved;
    }
    // The same rule as create (app/lib/deadline.ts), in whole minutes as the dashboard's button says it.
    const kind = kindOf(order.orderType, settings);
    const latest = latestDeadline(pickupAt, kind);
    const minutes = extendableMinutes({ deadlineAt: order.deadlineAt, pickupAt }, kind, now);
    if (minutes <= 0) {
      throw new Conflict(extendRefusedMessage(what, pickupAt, order.timeZone, settings.pickupNoticeMinutes), {
        latestDeadlineAt: new Date(latest).toISOString(),
      });
    }
    const from = Math.max(now.getTime(), order.deadlineAt.getTime());
    const deadlineAt = new Date(from + minutes * 60_000);
    const updated = await tx.groupOrder.update({ where: { id, shop }, data: { deadlineAt, pickupAt } });
    // The reminder and the deadline job move with the deadline (same transaction).
    await scheduleOrderJobs(tx, updated, now);
    return { order: updated, capped: minutes < EXTEND_MINUTES, minutes };
  });
}

function extendRefusedMessage(what: string, pickupAt: Date, zone: string, noticeMinutes: number) {
  const at = formatTime12(pickupAt, zone);
  const why =
    what === 'pickup'
      ? `${what} is at ${at} and the shop needs ${noticeMinutes} minutes notice to prepare it`
      : `${what} is at ${at}`;
  return `The deadline cannot move any later: ${why}. Move the ${what} time later to give people more time.`;
}

/** The per-guest summary the dashboard and GET /summary show (no guest e-mail addresses). */
export async function getHostSummary(shop: string, id: number, now = new Date()) {
  const order = await getGroupOrderWithItems(shop, id);
  if (!order) return null;
  return {
    // Unmasked: the dashboard decides what a visitor who is not the creator sees.
    groupOrder: serializeGroupOrder(order, order.items, now, { revealHostEmail: true }),
    guests: summarize(order.items),
    totalCents: order.totalCents,
    hostCustomerId: order.hostCustomerId,
    kitchenState: order.kitchenState,
  };
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
