import { z } from 'zod';
import { GuestTokenSchema } from '../guestSchema';
import { MAX_QUANTITY, MIN_QUANTITY } from '../pricing';
import { optionalText, readableText, requiredText } from '../text';
import { SpecialInstructionsSchema } from './orderItems';
import { typeError } from './typeError';

// What a guest (or the host) sends to change confirmed items and the guest's note:
// PATCH and DELETE /api/order-items/{id}, PATCH /api/group-orders/{id}/guests/{name}.

const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;

/** PATCH /api/order-items/{id}: the guest's name and token, and the new quantity. */
export const GuestItemChangeSchema = z.object({
  guestName: requiredText({ label: 'Your name', max: 60, missing: 'Say whose item this is.' }),
  guestToken: GuestTokenSchema.optional(),
  quantity: z
    .number(typeError(QUANTITY_MESSAGE, QUANTITY_MESSAGE))
    .int(QUANTITY_MESSAGE)
    .min(MIN_QUANTITY, QUANTITY_MESSAGE)
    .max(MAX_QUANTITY, QUANTITY_MESSAGE),
});

/** PATCH /api/group-orders/{id}/guests/{name}: the guest's one note, replaced or cleared. */
export const GuestNoteSchema = z.object({
  guestToken: GuestTokenSchema.optional(),
  specialInstructions: SpecialInstructionsSchema,
});

/** DELETE /api/order-items/{id}: the guest's name and token, or the host's token. */
export const RemoveItemSchema = z.object({
  guestName: optionalText({ label: 'Your name', max: 60 }),
  guestToken: GuestTokenSchema.optional(),
  hostToken: readableText('The host token', 200).optional(),
});
