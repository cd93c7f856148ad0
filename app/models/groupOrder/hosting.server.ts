import type { GroupOrder, Prisma } from '@prisma/client';
import type { Language } from '../../lib/language';
import prisma, { isUniqueViolation } from '../../db.server';
import { Conflict, Invalid, Unavailable } from '../../lib/errors';
import { hashSecret, newSecret, randomOrderCode, randomOrderId } from '../../lib/ids.server';
import {
  CreateGroupOrderSchema,
  deadlineRuleMessage,
  fieldErrorsOf,
  FORM_MESSAGES,
  HOST_MESSAGES,
  initialsOf,
  pickupNoticeMessage,
  type CreateGroupOrderData,
  type FieldErrors,
} from '../../lib/hosting';
import { say } from '../../lib/sentences.server';
import { utcToZoned, zonedToUtc } from '../../lib/time';
import { defaultPaymentMethod } from '../../lib/payment';
import { deadlineFits, EXTEND_MINUTES, extendableMinutes, latestDeadline } from '../../lib/deadline';
import { getGroupOrderWithItems, serializeGroupOrder, summarize } from './groupOrder.server';
import { enabledPaymentMethods, getShopSettings } from '../shop/settings.server';
import { requireHostOrder } from './hostAccess.server';
import type { HostCredentials } from './hostAccess.server';
import { scheduleOrderJobs } from './orderJobs.server';
import { moneyColumns } from '../../lib/moneySchema';

// What a host does with a group order. Every function takes the shop and only sees that shop's orders
// (who is the host: hostAccess.server.ts).

export { EXTEND_MINUTES };
// guests.server.ts reads these from here (another part of issue 28 owns it); new code imports hostAccess.
export { requireHostOrder, type HostCredentials };

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
    /** The language the host created the order in (their e-mails and the invitations use it). */
    hostLanguage?: Language | null;
    /** Runs in the creating transaction (the route queues the host's e-mail there). */
    afterCreate?: (tx: Prisma.TransactionClient, order: GroupOrder) => Promise<unknown>;
  } = {},
) {
  const data = validateCreateInput(input);
  const now = options.now ?? new Date();
  const settings = await getShopSettings(shop);
  const errors: FieldErrors = {};
  const paymentMethod =
    data.paymentMethod ?? defaultPaymentMethod(data.orderType, enabledPaymentMethods(settings));
  if (!enabledPaymentMethods(settings).includes(paymentMethod)) {
    errors.paymentMethod = 'This payment method is not offered by this shop. Please choose another.';
  }
  const { pickupAt, deadlineAt } = createTimes(data, settings, now, errors);
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
    timeZone: settings.timeZone,
    currency: settings.currency,
    instructions: data.instructions,
    hostTokenHash: hashSecret(hostToken),
    hostCustomerId: options.customerId || null,
    autoSubmit: data.autoSubmit,
    reminderMinutes: data.reminderMinutes ?? null,
    hostLanguage: options.hostLanguage ?? null,
    ...moneyColumns(data),
    // The shop's delivery fee as it is now: a later change leaves open orders as they were (a guest's share
    // must not move under them); pickup has none (docs/decisions/2026-11-27-delivery-fee.md).
    deliveryFeeCents: data.orderType === 'delivery' ? settings.deliveryFeeCents : 0,
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

/**
 * The create form's pickup and deadline as instants in the shop's zone; what refuses them is added to
 * `errors`, one message per field.
 */
function createTimes(
  data: CreateGroupOrderData,
  settings: { timeZone: string; pickupNoticeMinutes: number },
  now: Date,
  errors: FieldErrors,
) {
  const zone = settings.timeZone;
  // Times are picked to the minute: measure notice from the start of the current minute, so choosing
  // exactly "now + 30 min" is not refused because a few seconds passed while the form was filled in.
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  // In the hour that repeats when clocks go back, a wall time means its next occurrence, not a past one.
  const upcoming = { notBefore: new Date(minuteStart) };
  const pickupAt = zonedToUtc(data.pickupDate, data.pickupTime, zone, upcoming);
  const deadlineAt = zonedToUtc(data.deadlineDate, data.deadlineTime, zone, upcoming);
  const what = data.orderType === 'delivery' ? 'delivery' : 'pickup';
  if (!pickupAt) {
    errors.pickupTime = what === 'pickup' ? FORM_MESSAGES.validPickup : FORM_MESSAGES.validDelivery;
  } else if (data.orderType === 'pickup') {
    if (pickupAt.getTime() < minuteStart + settings.pickupNoticeMinutes * 60_000) {
      errors.pickupTime = pickupNoticeMessage(settings.pickupNoticeMinutes);
    }
  } else if (pickupAt.getTime() <= now.getTime()) {
    errors.pickupTime = FORM_MESSAGES.deliveryPassed;
  }
  if (!deadlineAt) {
    errors.deadlineTime = FORM_MESSAGES.validDeadline;
  } else if (deadlineAt.getTime() <= now.getTime()) {
    errors.deadlineTime = FORM_MESSAGES.deadlinePassed;
  } else if (pickupAt && !deadlineFits(deadlineAt, pickupAt, kindOf(data.orderType, settings))) {
    errors.deadlineTime = deadlineRuleMessage(what, settings.pickupNoticeMinutes);
  }
  return { pickupAt, deadlineAt };
}

const kindOf = (orderType: string, settings: { pickupNoticeMinutes: number }) => ({
  orderType,
  noticeMinutes: settings.pickupNoticeMinutes,
});

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
      if (!moved)
        throw new Invalid(what === 'pickup' ? FORM_MESSAGES.validPickup : FORM_MESSAGES.validDelivery);
      if (what === 'pickup' && moved.getTime() < minuteStart + settings.pickupNoticeMinutes * 60_000) {
        throw new Invalid(say('host.valid.pickupNotice', { minutes: settings.pickupNoticeMinutes }));
      }
      if (moved.getTime() <= now.getTime()) throw new Invalid(FORM_MESSAGES.deliveryPassed);
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

/** Why the deadline cannot move, with the pickup (or delivery) time, in the request's language. */
function extendRefusedMessage(what: string, pickupAt: Date, timeZone: string, minutes: number) {
  const at = { at: pickupAt, timeZone, timeOnly: true };
  return what === 'pickup'
    ? say('api.host.extendRefusedPickup', { at, minutes })
    : say('api.host.extendRefusedDelivery', { at });
}

/** The per-guest summary the dashboard and GET /summary show (no guest e-mail addresses). */
export async function getHostSummary(shop: string, id: number, now = new Date()) {
  const order = await getGroupOrderWithItems(shop, id);
  if (!order) return null;
  return {
    // Unmasked: the dashboard decides what a visitor who is not the creator sees. Its items are in
    // `guests`, grouped per guest; neither the dashboard nor GET /summary reads them a second time here.
    groupOrder: serializeGroupOrder(order, undefined, now, { revealHostEmail: true }),
    guests: summarize(order.items),
    totalCents: order.totalCents,
    hostCustomerId: order.hostCustomerId,
    kitchenState: order.kitchenState,
  };
}
