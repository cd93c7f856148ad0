import { z } from 'zod';
import { emailAddress, isValidEmail } from './schemas/email';
import { PAYMENT_METHODS } from './payment';
import {
  FORM_MESSAGES,
  INVALID_EMAIL,
  MAX_INVITES_PER_REQUEST,
  REQUIRED_MESSAGES,
  splitEmailList,
  type FieldErrors,
} from './hostText';
import { optionalText, readableText, requiredText } from './text';
import { typeError } from './schemas/typeError';
import { checkMoney, MONEY_FIELDS } from './moneySchema';

// The host's texts and small helpers live in hostText.ts, without zod, so pages that only show them do not
// ship zod to the browser; they are re-exported here for the server code that imports them from here.
export * from './hostText';

// Host-side inputs shared by the create page (client and action), the JSON API and the model.

// The browser parses these schemas (the create form, the invite box, Find order), and only through this
// module. zod 4 compiles a fast parser per object schema with `new Function`, first probing whether it
// may; storefront pages forbid eval (script-src in entry.server.tsx's Content-Security-Policy), so in the
// browser even the probe is a CSP violation. There zod parses without compiling (jitless); the server
// keeps the compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

// Each length limit is one of the form's own sentences (FORM_MESSAGES), so the page can say it in its language.
const optional = (max: number, label: string, tooLong: string, multiline = false) =>
  optionalText({ label, max, tooLong, multiline });

const required = (message: string, max: number, label: string, tooLong: string) =>
  requiredText({ label, max, missing: message, tooLong });

const dateText = (message: string) =>
  z
    .string(typeError(message, message))
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message);
const timeText = (message: string) =>
  z
    .string(typeError(message, message))
    .trim()
    .regex(/^\d{1,2}:\d{2}$/, message);

/** Minutes before the deadline the automatic reminder goes out, or null for none. */
export const ReminderMinutesSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number(typeError(undefined, 'The reminder time must be a number of minutes.'))
    .int(FORM_MESSAGES.reminderWhole)
    .min(1, FORM_MESSAGES.reminderMin)
    .max(1440, FORM_MESSAGES.reminderMax)
    .nullable(),
);
const AutoSubmitSchema = z.boolean(typeError(undefined, 'Auto-submit must be true or false.'));

/** The host's schedule: auto-submit at the deadline, and the automatic reminder. */
export const ScheduleSchema = z.object({
  hostToken: readableText('The host token', 200).optional(),
  autoSubmit: AutoSubmitSchema,
  reminderMinutes: ReminderMinutesSchema,
});

export const CreateGroupOrderSchema = z
  .object({
    hostName: required(REQUIRED_MESSAGES.hostName, 80, 'Your name', FORM_MESSAGES.hostNameTooLong),
    hostEmail: required(
      REQUIRED_MESSAGES.hostEmail,
      254,
      'Email address',
      FORM_MESSAGES.hostEmailTooLong,
    ).pipe(emailAddress(INVALID_EMAIL)),
    companyName: required(
      REQUIRED_MESSAGES.companyName,
      120,
      'Company name',
      FORM_MESSAGES.companyNameTooLong,
    ),
    name: optional(120, 'Group or meeting name', FORM_MESSAGES.nameTooLong),
    orderType: z.enum(['pickup', 'delivery'], { message: FORM_MESSAGES.orderType }).default('pickup'),
    deliveryAddress: optional(300, 'Delivery address', FORM_MESSAGES.deliveryAddressTooLong, true),
    pickupDate: dateText(FORM_MESSAGES.pickupDate),
    pickupTime: timeText(FORM_MESSAGES.pickupTime),
    deadlineDate: dateText(FORM_MESSAGES.deadlineDate),
    deadlineTime: timeText(FORM_MESSAGES.deadlineTime),
    instructions: optional(1000, 'Instructions', FORM_MESSAGES.instructionsTooLong, true),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { message: FORM_MESSAGES.paymentMethod })
      // Left out: the default for the order type (defaultPaymentMethod), chosen by the model.
      .optional(),
    autoSubmit: AutoSubmitSchema.default(false),
    reminderMinutes: ReminderMinutesSchema.optional(),
    // Who pays (issue 25): the company, each guest, or the company up to a budget.
    ...MONEY_FIELDS,
  })
  .superRefine((value, ctx) => {
    checkMoney(value, ctx);
    if (value.orderType === 'delivery' && !value.deliveryAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['deliveryAddress'],
        message: FORM_MESSAGES.deliveryAddress,
      });
    }
  });

export type CreateGroupOrderData = z.output<typeof CreateGroupOrderSchema>;

/** The first message per field, for showing beside each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
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
    .regex(/^\d{4}-\d{2}-\d{2}$/, FORM_MESSAGES.pickupDate)
    .nullish(),
  pickupTime: z
    .string()
    .trim()
    .regex(/^\d{1,2}:\d{2}$/, FORM_MESSAGES.pickupTime)
    .nullish(),
});

export { isValidEmail };

/** A client-made key that makes a retried request do nothing twice (also accepted as Idempotency-Key). */
export const RequestKeySchema = z
  .string(typeError(undefined, 'The request key must be text.'))
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
