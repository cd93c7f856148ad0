// The one deadline rule, used by the create form's defaults, the create check, the extend button and the
// extend itself: ordering closes at the latest the shop's notice before pickup (the kitchen needs that long
// to prepare), or at the delivery time for a delivery (the notice is a pickup rule).

export const EXTEND_MINUTES = 15;
const MINUTE = 60_000;

type Kind = { orderType: string; noticeMinutes: number };

/** Minutes the deadline must leave before pickup (or delivery) for this order type. */
export function deadlineNoticeMinutes({ orderType, noticeMinutes }: Kind): number {
  return orderType === 'delivery' ? 0 : noticeMinutes;
}

/** The latest instant (ms) the ordering deadline may be, given the pickup (or delivery) time. */
export function latestDeadline(pickupAt: Date | number, kind: Kind): number {
  return new Date(pickupAt).getTime() - deadlineNoticeMinutes(kind) * MINUTE;
}

/** Whether a deadline keeps the rule. */
export function deadlineFits(deadlineAt: Date | number, pickupAt: Date | number, kind: Kind): boolean {
  return new Date(deadlineAt).getTime() <= latestDeadline(pickupAt, kind);
}

/**
 * Whole minutes "Extend deadline" can really add now: up to EXTEND_MINUTES from the later of now and the
 * deadline, but never past the latest deadline. 0 means it cannot extend (the button is not offered).
 */
export function extendableMinutes(
  order: { deadlineAt: Date | number | string; pickupAt: Date | number | string },
  kind: Kind,
  now: Date | number = Date.now(),
): number {
  const from = Math.max(new Date(now).getTime(), new Date(order.deadlineAt).getTime());
  const room = Math.floor((latestDeadline(new Date(order.pickupAt), kind) - from) / MINUTE);
  return Math.max(0, Math.min(EXTEND_MINUTES, room));
}

/**
 * The create form's default times: the deadline the shop's offset from now, and pickup the shop's offset
 * from now or, when that is too soon for the deadline rule, the deadline plus the notice. Both fall on a
 * whole minute (the form picks minutes).
 */
export function defaultTimes(
  now: Date | number,
  offsets: { pickupMinutes: number; deadlineMinutes: number },
  kind: Kind,
): { pickupAt: Date; deadlineAt: Date } {
  const minute = Math.ceil(new Date(now).getTime() / MINUTE) * MINUTE;
  const deadlineAt = minute + Math.max(1, offsets.deadlineMinutes) * MINUTE;
  const pickupAt = Math.max(
    minute + offsets.pickupMinutes * MINUTE,
    deadlineAt + deadlineNoticeMinutes(kind) * MINUTE,
  );
  return { pickupAt: new Date(pickupAt), deadlineAt: new Date(deadlineAt) };
}
