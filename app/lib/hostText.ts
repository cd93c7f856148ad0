import { graphemes } from './graphemes';
import type { Translate } from './language';
import { moneyErrorIn } from './moneyText';

// Host-side texts and helpers shared by the storefront pages and the server. No zod here: the pages
// that only show these must not ship a validation library (the schemas are in hosting.ts, which
// re-exports all of this for the server code that imports it from there).

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

export const MAX_INVITES_PER_REQUEST = 50;

/** The reminder time the create form and the dashboard offer first: minutes before the deadline. */
export const DEFAULT_REMINDER_MINUTES = 10;

/** Spec: split on commas, semicolons and newlines, trim, drop blanks; duplicates count once. */
export function splitEmailList(input: string | string[]): string[] {
  const parts = (Array.isArray(input) ? input : [input]).flatMap((chunk) => String(chunk).split(/[,;\r\n]+/));
  const seen = new Set<string>();
  const result: string[] = [];
  for (const part of parts) {
    const email = part.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    result.push(email);
  }
  return result;
}

/**
 * "J", "JS" from "Jane Smith" — for the host's own order: the first letter of the first and last word,
 * taken as whole graphemes so "𝒜lice" gives "𝒜" and "𠀋 Wang" gives "𠀋W". Words that start with no letter
 * or digit (an emoji) are skipped: "😀 Smith" gives "S".
 */
export function initialsOf(name: string) {
  const firsts = name
    .trim()
    .split(/\s+/)
    .map((word) => graphemes(word).find((g) => /^[\p{L}\p{N}]/u.test(g)))
    .filter((g): g is string => Boolean(g));
  const letters = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1]] : firsts;
  return letters.join('').toUpperCase();
}

/** "h•••@example.com": tells a non-owner where the claim link went without revealing the address. */
export function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  if (!domain) return '•••';
  return `${graphemes(local)[0] ?? ''}•••@${domain}`;
}

export function hostTokenKey(groupOrderId: number | string) {
  return `group-order:host-token:${groupOrderId}`;
}

export const HOST_MESSAGES = {
  created: 'Group Order Created!',
  createFailed: 'Failed to create group order. Please try again.',
  loginTitle: 'Please Log In',
  login: 'You must be logged in to modify orders.',
  forbiddenTitle: 'Not Authorized',
  forbidden: 'Only the order creator can modify this order.',
  updateFailed: 'Failed to update order. Please try again.',
  submitted: 'Order Submitted!',
  reopened: 'Order Reopened!',
  inviteFailed: 'Failed to send invitations. Please try again.',
  noEmailsTitle: 'No emails entered',
  noEmails: 'Please enter email addresses to send invitations.',
  noValidTitle: 'No valid emails',
  noValid: 'Please enter valid email addresses.',
  invitesSent: 'Invitations Sent!',
  notFound: 'Group order not found',
} as const;

/**
 * Spec section 8: how a failed host action (submit, reopen, extend, invite) is told to the person. 401 and
 * 403 get the spec's log-in and creator messages; anything else the spec's fallback sentence, followed by
 * the server's own explanation when it gave one (a 4xx such as a rate limit says when to try again).
 * `t` gives the page's language (host.msg.* say HOST_MESSAGES in English).
 */
export function hostActionError(
  status: number,
  serverMessage: string | null | undefined,
  fallback: string,
  t: Translate,
) {
  if (status === 401) return { title: t('host.msg.loginTitle'), description: t('host.msg.login') };
  if (status === 403) return { title: t('host.msg.forbiddenTitle'), description: t('host.msg.forbidden') };
  const reason = serverMessage?.trim();
  const explained = status >= 400 && status < 500 && reason && reason !== fallback;
  return { title: t('host.error'), description: explained ? `${fallback} ${reason}` : fallback };
}

export function invitesSentText(sent: number, total: number, t: Translate) {
  return t('host.invite.sent', { sent, total });
}

/**
 * The addresses an invitation did not go to, named (a count alone does not say which to fix): those that
 * are not e-mail addresses, and those the mail server has not taken yet (the outbox keeps trying them).
 */
export function invitesNotSentText(invalid: string[], undelivered: string[], t: Translate) {
  const parts: string[] = [];
  if (invalid.length)
    parts.push(t('host.invite.invalid', { count: invalid.length, list: invalid.join(', ') }));
  if (undelivered.length) parts.push(t('host.invite.undelivered', { list: undelivered.join(', ') }));
  return parts.join(' ');
}

/** Addresses the server did not e-mail again because they were invited within the last hour. */
export function invitesSkippedText(skipped: string[], t: Translate) {
  return skipped.length ? t('host.invite.skipped', { list: skipped.join(', ') }) : '';
}
