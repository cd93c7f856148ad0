import { z } from 'zod';
import { INVALID_EMAIL } from '../hostText';

// The one e-mail address rule: zod's address check, at most 254 characters (RFC 5321), compared and
// stored lowercased. Every form and look-up says the one sentence, INVALID_EMAIL.

export const EMAIL_MAX = 254;

/** A (trimmed, readable) text that must be an e-mail address, lowercased. */
export function emailAddress(message: string = INVALID_EMAIL) {
  return z.string().max(EMAIL_MAX, message).toLowerCase().email(message);
}

export function isValidEmail(value: string) {
  return emailAddress().safeParse(value).success;
}
