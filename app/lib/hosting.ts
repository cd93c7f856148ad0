import { z } from 'zod';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from './payment';
import { graphemes, optionalText, readableText, requiredText } from './text';

// Host-side inputs shared by the create page (client and action), the JSON API and the model.

export const REQUIRED_MESSAGES = {
  hostName: 'Please enter your name.',
  hostEmail: 'Please enter your email address.',
  companyName: 'Please enter your company name.',
} as const;

export const INVALID_EMAIL = 'Please enter a valid email address.';

const optional = (max: number, label: string, multiline = false) => optionalText({ label, max, multiline });

const required = (message: string, max: number, label: string) =>
  requiredText({ label, max, missing: message });

const dateText = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message);
const timeText = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .regex(/^\d{1,2}:\d{2}$/, message);

export const CreateGroupOrderSchema = z
  .object({
    hostName: required(REQUIRED_MESSAGES.hostName, 80, 'Your name'),
    hostEmail: required(REQUIRED_MESSAGES.hostEmail, 254, 'Email address')
      .pipe(z.string().email(INVALID_EMAIL))
      .transform((email) => email.toLowerCase()),
    companyName: required(REQUIRED_MESSAGES.companyName, 120, 'Company name'),
    name: optional(120, 'Group or meeting name'),
    orderType: z.enum(['pickup', 'delivery'], { message: 'Choose pickup or delivery.' }).default('pickup'),
    deliveryAddress: optional(300, 'Delivery address', true),
    pickupDate: dateText('Please choose a pickup date.'),
    pickupTime: timeText('Please choose a pickup time.'),
    deadlineDate: dateText('Please choose a deadline date.'),
    deadlineTime: timeText('Please choose a deadline time.'),
    instructions: optional(1000, 'Instructions', true),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { message: 'Choose a payment method from the list.' })
      .default(DEFAULT_PAYMENT_METHOD),
  })
  .superRefine((value, ctx) => {
    if (value.orderType === 'delivery' && !value.deliveryAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['deliveryAddress'],
        message: 'Please enter the delivery address.',
      });
    }
  });

export type CreateGroupOrderInput = z.input<typeof CreateGroupOrderSchema>;
export type CreateGroupOrderData = z.output<typeof CreateGroupOrderSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing beside each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function pickupNoticeMessage(minutes: number) {
  return `Pickup orders require at least ${minutes} minutes notice. Please select a later pickup time.`;
}

/** The host token may also travel in a JSON body, in case a proxy drops the X-Host-Token header. */
const hostTokenField = { hostToken: readableText('The host token', 200).optional() };

export const StatusSchema = z.object({
  status: z.enum(['active', 'submitted'], { message: 'Status must be "active" or "submitted".' }),
  ...hostTokenField,
});

export const HostTokenBodySchema = z.object(hostTokenField);

/** Extend the deadline, optionally moving pickup (wall-clock date and time in the shop's zone). */
export const ExtendSchema = z.object({
  ...hostTokenField,
  pickupDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a pickup date.')
    .nullish(),
  pickupTime: z
    .string()
    .trim()
    .regex(/^\d{1,2}:\d{2}$/, 'Please choose a pickup time.')
    .nullish(),
});

export const MAX_INVITES_PER_REQUEST = 50;

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

const emailCheck = z.string().email().max(254);

export function isValidEmail(value: string) {
  return emailCheck.safeParse(value).success;
}

/** A client-made key that makes a retried request do nothing twice (also accepted as Idempotency-Key). */
export const RequestKeySchema = z
  .string({ invalid_type_error: 'The request key must be text.' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The request key must be 8-100 letters, digits, dashes or underscores.');

export const InviteSchema = z.object({
  ...hostTokenField,
  requestKey: RequestKeySchema.optional(),
  emails: z
    .preprocess(
      // One pasted text or a list of them; each is checked like any other text field.
      (value) => (typeof value === 'string' ? [value] : value),
      z
        .array(readableText('The address list', 20_000), {
          message: 'Send the addresses as a list of e-mail addresses.',
        })
        .max(500, 'Send the addresses as a list of e-mail addresses.'),
    )
    .transform(splitEmailList)
    .refine((list) => list.length > 0, 'Please enter email addresses to send invitations.')
    .refine(
      (list) => list.length <= MAX_INVITES_PER_REQUEST,
      `You can invite up to ${MAX_INVITES_PER_REQUEST} people at a time.`,
    ),
});

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
  claimButton: 'I Created This Order - Submit It',
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
export function invitesSkippedText(skipped: string[]) {
  if (!skipped.length) return '';
  return `Not sent again (already invited in the last hour): ${skipped.join(', ')}.`;
}
