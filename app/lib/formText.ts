import type { Translate } from './language';
import { moneyErrorIn } from './moneyText';

// The host forms' sentences (create, the money panel) and how a page says a field error in its language.
// Apart from hostText.ts, which says them too, so that the dashboard's first load, which shows host texts
// but no form, does not carry them (docs/decisions/2026-11-27-page-weight-lazy.md).

export const REQUIRED_MESSAGES = {
  hostName: 'Please enter your name.',
  hostEmail: 'Please enter your email address.',
  companyName: 'Please enter your company name.',
} as const;

export const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * The create form's own sentences (the schema in hosting.ts says them; the page shows them in its language
 * as host.valid.<name>, whose English is this text).
 */
export const FORM_MESSAGES = {
  ...REQUIRED_MESSAGES,
  email: INVALID_EMAIL,
  pickupDate: 'Please choose a pickup date.',
  pickupTime: 'Please choose a pickup time.',
  deadlineDate: 'Please choose a deadline date.',
  deadlineTime: 'Please choose a deadline time.',
  deliveryAddress: 'Please enter the delivery address.',
  paymentMethod: 'Choose a payment method from the list.',
  orderType: 'Choose pickup or delivery.',
  reminderWhole: 'The reminder time must be a whole number of minutes.',
  reminderMin: 'The reminder must go out at least 1 minute before the deadline.',
  reminderMax: 'The reminder can go out at most 1,440 minutes (a day) before the deadline.',
  // Length limits (lib/text.ts's "<label> must be <max> characters or fewer.", said per field).
  hostNameTooLong: 'Your name must be 80 characters or fewer.',
  hostEmailTooLong: 'Email address must be 254 characters or fewer.',
  companyNameTooLong: 'Company name must be 120 characters or fewer.',
  nameTooLong: 'Group or meeting name must be 120 characters or fewer.',
  deliveryAddressTooLong: 'Delivery address must be 300 characters or fewer.',
  instructionsTooLong: 'Instructions must be 1000 characters or fewer.',
  // The server's checks of the times (models/groupOrder/hosting.server.ts, create and extend).
  validPickup: 'Please choose a valid pickup date and time.',
  validDelivery: 'Please choose a valid delivery date and time.',
  deliveryPassed: 'The delivery time has already passed. Please choose a later time.',
  validDeadline: 'Please choose a valid deadline date and time.',
  deadlinePassed: 'The ordering deadline has already passed. Please choose a time in the future.',
  deadlineRuleDelivery:
    'The ordering deadline must not be after the delivery time. Please choose an earlier deadline.',
} as const;

export type FieldErrors = Partial<Record<string, string>>;

/**
 * A field error in the page's language: the form's own sentences, the pickup notice and the deadline rule
 * by their message; any other sentence (one the server already said in the page's language) as it came.
 */
export function fieldErrorIn(message: string, t: Translate, money?: (cents: number) => string) {
  const known = Object.entries(FORM_MESSAGES).find(([, text]) => text === message);
  if (known) return t(`host.valid.${known[0]}`);
  const said = moneyErrorIn(message, t, money);
  if (said) return said;
  const notice = /^Pickup orders require at least (\d+) minutes notice\./.exec(message);
  if (notice) return t('host.valid.pickupNotice', { minutes: Number(notice[1]) });
  const rule = /^The ordering deadline must be at least (\d+) minutes before the pickup time,/.exec(message);
  return rule ? t('host.valid.deadlineRulePickup', { minutes: Number(rule[1]) }) : message;
}

export function pickupNoticeMessage(minutes: number) {
  return `Pickup orders require at least ${minutes} minutes notice. Please select a later pickup time.`;
}

/** The deadline rule (app/lib/deadline.ts) in the host's words (host.valid.deadlineRule*). */
export function deadlineRuleMessage(what: 'pickup' | 'delivery', noticeMinutes: number) {
  return what === 'pickup'
    ? `The ordering deadline must be at least ${noticeMinutes} minutes before the pickup time, so the shop has time to prepare the order. Please choose an earlier deadline or a later pickup time.`
    : FORM_MESSAGES.deadlineRuleDelivery;
}
