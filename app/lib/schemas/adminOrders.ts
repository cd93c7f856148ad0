import { z } from 'zod';
import { optionalText } from '../text';

// The admin order pages' form posts (fetchers): the dashboard's retry and kitchen buttons and the prep
// board's next step.

/** Longest cancel reason kept (the host and guests are told it). */
export const CANCEL_REASON_MAX = 300;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
/** The admin dashboard's actions: retry a hand-off or an e-mail, move or undo a kitchen step. */
export const AdminOrderActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry-shopify'), id: positiveId }),
  z.object({ intent: z.literal('retry-email'), messageId: positiveId }),
  z.object({
    intent: z.literal('kitchen-move'),
    id: positiveId,
    to: z.enum(['received', 'preparing', 'ready', 'collected', 'cancelled'], {
      message: 'Choose received, preparing, ready, collected or cancelled.',
    }),
    reason: optionalText({
      label: 'The reason',
      max: CANCEL_REASON_MAX,
      multiline: true,
      tooLong: `The reason can be at most ${CANCEL_REASON_MAX} characters.`,
    }),
  }),
  z.object({ intent: z.literal('kitchen-undo'), id: positiveId }),
]);

export type AdminOrderAction = z.infer<typeof AdminOrderActionSchema>;

/** The prep board's one click: the next step, named so a stale board cannot skip one. */
export const KitchenNextStepSchema = z.object({
  intent: z.literal('next-step'),
  id: positiveId,
  to: z.enum(['received', 'preparing', 'ready', 'collected'], {
    message: 'Choose received, preparing, ready or collected.',
  }),
});
