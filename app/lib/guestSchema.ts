import { z } from 'zod';
import { GUEST_TOKEN_PATTERN } from './guests';
import { typeError } from './schemas/typeError';

/** A guest token as the API accepts it (server-side validation; kept apart from guests.ts, see there). */
export const GuestTokenSchema = z
  .string(typeError(undefined, 'The guest token must be text.'))
  .regex(GUEST_TOKEN_PATTERN, 'The guest token is not valid.');
