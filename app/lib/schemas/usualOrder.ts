import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../pricing';
import { optionalText, requiredText } from '../text';
import { INVALID_EMAIL } from '../hostText';
import { emailAddress } from './email';
import { GuestNameSchema } from './orderItems';
import { typeError } from './typeError';
import { AvoidsSchema } from './avoids';
import { GUEST_TOKEN_PATTERN } from '../guests';

// GET/POST /api/usual-order: a guest's usual order, by e-mail. The menu page sends SaveUsualOrderBody and
// reads UsualItem[] (types only on the page).

export type UsualItem = { id: number; name: string; quantity: number; selectedModifiers: number[] };

const EMAIL_MISSING = 'Please enter your email address.';
const EmailRequired = requiredText({
  label: 'Your e-mail address',
  max: 254,
  missing: EMAIL_MISSING,
  tooLong: INVALID_EMAIL,
}).pipe(emailAddress(INVALID_EMAIL));

export const UsualOrderQuerySchema = z.object({ email: EmailRequired });

// What proves a browser may load or replace the usual order (usualOrders.server.ts): its device key, or
// the order and guest token of a guest whose address was proven by an e-mailed link.
const Secret = z.preprocess(
  (value) => value || undefined,
  z
    .string(typeError(undefined, 'The device key must be text.'))
    .regex(GUEST_TOKEN_PATTERN, 'This browser sent a key that is not valid. Please reload the page.')
    .optional(),
);
const UsualProofFields = {
  deviceKey: Secret,
  guestToken: Secret,
  groupOrderId: z.preprocess(
    (value) => value ?? undefined,
    z.number(typeError(undefined, 'The order id must be a number.')).int().positive().optional(),
  ),
};

/** POST /api/usual-order/load: the address in the body (never in a URL), with the browser's proof. */
export const LoadUsualOrderSchema = z.object({ email: EmailRequired, ...UsualProofFields });
export type LoadUsualOrderBody = z.input<typeof LoadUsualOrderSchema>;

export const SaveUsualOrderSchema = z.object({
  email: EmailRequired,
  name: GuestNameSchema,
  orderItems: z
    .array(
      z.object({
        id: z
          .number(typeError(undefined, 'Each item needs a menu item id.'))
          .int()
          .positive('Each item needs a menu item id.'),
        name: optionalText({ label: 'Item name', max: 200 }).transform((v) => v ?? ''),
        quantity: z
          .number(
            typeError(undefined, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`),
          )
          .int()
          .min(MIN_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`)
          .max(MAX_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`),
        selectedModifiers: z
          .array(
            z.union([
              z.number().int().positive(),
              z.object({ id: z.number().int().positive() }).transform((m) => m.id),
            ]),
          )
          .max(30)
          .default([]),
      }),
      typeError(undefined, 'Add items to your order before saving it.'),
    )
    .min(1, 'Please add items to your order and ensure your email is provided.')
    .max(50, 'A usual order can have at most 50 lines.'),
  // What the guest avoids, remembered with the usual order.
  avoids: AvoidsSchema,
  ...UsualProofFields,
});

export type SaveUsualOrderInput = z.infer<typeof SaveUsualOrderSchema>;

/** The menu page's save body as it is sent. */
export type SaveUsualOrderBody = z.input<typeof SaveUsualOrderSchema>;
