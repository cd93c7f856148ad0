import { graphemes } from './graphemes';

// Host-side texts and helpers shared by the storefront pages and the server. No zod here: the pages
// that only show these must not ship a validation library (the schemas are in hosting.ts, which
// re-exports all of this for the server code that imports it from there).

export const REQUIRED_MESSAGES = {
  hostName: 'Please enter your name.',
  hostEmail: 'Please enter your email address.',
  companyName: 'Please enter your company name.',
} as const;

export const INVALID_EMAIL = 'Please enter a valid email address.';

export type FieldErrors = Partial<Record<string, string>>;

export function pickupNoticeMessage(minutes: number) {
  return `Pickup orders require at least ${minutes} minutes notice. Please select a later pickup time.`;
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
 */
export function hostActionError(status: number, serverMessage: string | null | undefined, fallback: string) {
  if (status === 401) return { title: HOST_MESSAGES.loginTitle, description: HOST_MESSAGES.login };
  if (status === 403) return { title: HOST_MESSAGES.forbiddenTitle, description: HOST_MESSAGES.forbidden };
  const reason = serverMessage?.trim();
  const explained = status >= 400 && status < 500 && reason && reason !== fallback;
  return { title: 'Error', description: explained ? `${fallback} ${reason}` : fallback };
}

export function invitesSentText(sent: number, total: number) {
  return `Successfully sent ${sent} out of ${total} invitations.`;
}

/** Addresses the server did not e-mail again because they were invited within the last hour. */
/**
 * The addresses an invitation did not go to, named (a count alone does not say which to fix): those that
 * are not e-mail addresses, and those the mail server has not taken yet (the outbox keeps trying them).
 */
export function invitesNotSentText(invalid: string[], undelivered: string[]) {
  const parts: string[] = [];
  if (invalid.length) {
    parts.push(
      `Not sent, not ${invalid.length === 1 ? 'an e-mail address' : 'e-mail addresses'}: ${invalid.join(', ')}. Correct ${invalid.length === 1 ? 'it' : 'them'} in the box and send again.`,
    );
  }
  if (undelivered.length) {
    parts.push(`Not delivered yet (we keep trying): ${undelivered.join(', ')}.`);
  }
  return parts.join(' ');
}

export function invitesSkippedText(skipped: string[]) {
  if (!skipped.length) return '';
  return `Not sent again (already invited in the last hour): ${skipped.join(', ')}.`;
}
