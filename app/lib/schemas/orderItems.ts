import { z } from 'zod';
import { GuestTokenSchema } from '../guestSchema';
import { ORDER_LIMIT_MESSAGES, ORDER_LIMITS } from '../limits';
import { MAX_QUANTITY, MIN_QUANTITY } from '../pricing';
import { INVALID_EMAIL } from '../hostText';
import { emailAddress } from './email';
import { graphemes, optionalText, readableText, requiredText } from '../text';
import { typeError } from './typeError';
import { AvoidsSchema } from './avoids';
import { LINE_NOTE_MAX } from '../cart';

// What a guest sends to add items: POST /api/order-items, one line (the spec's client) or the whole cart
// (the Review page). The server parses with these schemas; the page builds its body as ConfirmCartBody,
// a type only, so no validation library ships to the page.

const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;
export const GUEST_NAME_MAX = 60;

const positiveId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number(typeError(message, message)).int(message).positive(message).max(2_147_483_647, message),
  );

export const GuestNameSchema = requiredText({
  label: 'Your name',
  max: GUEST_NAME_MAX,
  missing: 'Please enter your name.',
  tooLong: `Names can be at most ${GUEST_NAME_MAX} characters.`,
});

export const GuestInitialsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value),
  readableText('Initials', 12)
    .refine((value) => graphemes(value).length <= 3, 'Initials can be at most 3 characters.')
    .refine((value) => /^[\p{L}\p{N}\p{M}]*$/u.test(value), 'Initials can only contain letters and numbers.')
    .nullish(),
);

export const GuestEmailSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  readableText('Your e-mail address', 254).pipe(emailAddress(INVALID_EMAIL)).nullish(),
);

/** A modifier arrives as its id, or as an object with an id (the menu-modifiers shape). */
const ModifierRefSchema = z.union(
  [z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((m) => m.id)],
  { error: 'Each selected modifier must be a modifier id from the menu.' },
);

/** "Note for this item": one line, kept on the order item (OrderItem.specialInstructions). */
/** The guest's one note for the kitchen, on confirm and when changed later (optional, at most 500). */
export const SpecialInstructionsSchema = optionalText({
  label: 'Special instructions',
  max: 500,
  multiline: true,
  tooLong: 'Special instructions can be at most 500 characters.',
});

export const LineNoteSchema = optionalText({
  label: 'Note for this item',
  max: LINE_NOTE_MAX,
  tooLong: `A note for an item can be at most ${LINE_NOTE_MAX} characters.`,
});

const LineSchema = z.object({
  menuItemId: positiveId('Choose an item from the menu.'),
  quantity: z
    .number(typeError(QUANTITY_MESSAGE, QUANTITY_MESSAGE))
    .int(QUANTITY_MESSAGE)
    .min(MIN_QUANTITY, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
  selectedModifiers: z.array(ModifierRefSchema).max(30, 'Too many modifiers were selected.').default([]),
  // The guest's note for this line only ("heated"); the same item with another note is another line.
  note: LineNoteSchema.optional(),
  // Accepted for compatibility with the spec's client and ignored: the server prices every line itself.
  itemPrice: z.unknown().optional(),
  totalPrice: z.unknown().optional(),
});

const ConfirmationKeySchema = z
  .string(typeError(undefined, 'The confirmation key must be text.'))
  .regex(
    /^[A-Za-z0-9_-]{8,100}$/,
    'The confirmation key must be 8-100 letters, digits, dashes or underscores.',
  );

const guestFields = {
  groupOrderId: positiveId('Group order not found'),
  guestName: GuestNameSchema,
  guestInitials: GuestInitialsSchema,
  guestEmail: GuestEmailSchema,
  // This browser's guest token (see guests.server.ts); the spec's own client sends none.
  guestToken: GuestTokenSchema.optional(),
  specialInstructions: SpecialInstructionsSchema,
  // What the guest avoids ("milk", "vegan"), kept with the guest for the kitchen's labels and prep board.
  avoids: AvoidsSchema,
};

/** POST /api/order-items as the spec's client sends it: one item per call. */
export const SingleOrderItemSchema = LineSchema.extend({
  ...guestFields,
  confirmationKey: ConfirmationKeySchema.optional(),
  line: z.number().int().min(0).max(99).optional(),
});

/** The Review page's confirm: the whole cart in one call, all or nothing. */
export const ConfirmCartSchema = z.object({
  ...guestFields,
  confirmationKey: ConfirmationKeySchema,
  items: z
    .array(LineSchema, typeError('Add at least one item to your order.', undefined))
    .min(1, 'Add at least one item to your order.')
    .max(ORDER_LIMITS.linesPerGuest, ORDER_LIMIT_MESSAGES.linesPerGuest),
});

export type ConfirmCartInput = z.infer<typeof ConfirmCartSchema>;
export type SingleOrderItemInput = z.infer<typeof SingleOrderItemSchema>;

/** The Review page's confirm body as it is sent (before the server's parsing). */
export type ConfirmCartBody = z.input<typeof ConfirmCartSchema>;
