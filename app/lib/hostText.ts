import { graphemes } from './graphemes';
import type { Translate } from './language';

// Host-side texts and helpers shared by the storefront pages and the server. No zod here: the pages
// that only show these must not ship a validation library (the schemas are in hosting.ts, which
// re-exports all of this for the server code that imports it from there).

// The forms' sentences live in formText.ts, apart, so a page that only shows host texts (the dashboard)
// does not load them; they are said from here as well.
export {
  deadlineRuleMessage,
  fieldErrorIn,
  FORM_MESSAGES,
  INVALID_EMAIL,
  pickupNoticeMessage,
  REQUIRED_MESSAGES,
  type FieldErrors,
} from './formText';

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
