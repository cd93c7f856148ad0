import { z } from 'zod';
import { AVOIDS, joinKeys, parseAvoids, type Avoid } from '../allergens';

/**
 * What a guest avoids (allergen and diet keys, app/lib/allergens.ts), as the confirm and the usual order
 * carry it: a list of known keys, kept in the one order. Left out, nothing changes.
 */
export const AvoidsSchema = z
  .array(
    z.enum(AVOIDS as [Avoid, ...Avoid[]], {
      error: 'Each thing you avoid must be one of the 14 allergens, vegetarian or vegan.',
    }),
    { error: 'What you avoid must be a list.' },
  )
  .max(AVOIDS.length, 'What you avoid lists too many things.')
  .transform((keys) => joinKeys(parseAvoids(keys)))
  .optional();
