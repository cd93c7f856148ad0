import { z } from 'zod';
import { graphemes } from './graphemes';
import { typeError } from './schemas/typeError';

export { graphemes };

// People type names and notes in every script and with emoji: "😀 Smith", "𝒜lice", "𠀋 Wang". JavaScript
// strings are UTF-16, so a character outside the Basic Multilingual Plane is two code units, and code that
// slices or counts code units cuts it in half. Every free-text field goes through the helpers below:
// lengths count code points (what a person sees as characters, bar combining marks), initials take whole
// graphemes (Intl.Segmenter), and text that is not well-formed (a lone surrogate, which no keyboard makes)
// or carries control characters is refused with a sentence instead of reaching the database.

const LONE_SURROGATE = /\p{Cs}/u; // with the u flag only unpaired surrogates match
const CONTROL = /[\p{Cc}]/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** Length as a person counts it: code points, so an emoji or a CJK extension character is one. */
export function textLength(value: string) {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Why a text cannot be stored, or null when it is fine. */
export function unreadableText(value: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(value)) return 'contains a broken character';
  if ((multiline ? CONTROL_BUT_LINES : CONTROL).test(single(value, multiline)))
    return 'contains invisible control characters';
  return null;
}

function single(value: string, multiline: boolean) {
  // A pasted tab or line break in a one-line field becomes a space rather than an error.
  return multiline ? value : value.replace(/[\t\n\r]+/g, ' ');
}

export function cleanText(value: string, multiline = false) {
  return single(value, multiline).normalize('NFC').trim();
}

type TextOptions = {
  /** What the field is called in a message, e.g. "Your name". */
  label: string;
  /** Most characters (code points) allowed. */
  max: number;
  /** Message for more than `max`; defaults to "<label> must be <max> characters or fewer." */
  tooLong?: string;
  /** Message for a value that is not text. */
  invalidType?: string;
  /** Notes and addresses keep their line breaks. */
  multiline?: boolean;
};

function readableString(options: TextOptions, missing?: string) {
  const typeMessage = options.invalidType ?? missing ?? `${options.label} must be text.`;
  return z
    .string(typeError(missing ?? typeMessage, typeMessage))
    .superRefine((value, ctx) => {
      const problem = unreadableText(value, options.multiline);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: `${options.label} ${problem}. Please retype it.`,
          fatal: true,
        });
      }
    })
    .transform((value) => cleanText(value, options.multiline));
}

function tooLongMessage(options: TextOptions) {
  return options.tooLong ?? `${options.label} must be ${options.max} characters or fewer.`;
}

/** A text a person must fill in: trimmed, well-formed, 1..max characters. */
export function requiredText(options: TextOptions & { missing: string }) {
  return readableString(options, options.missing)
    .refine((value) => value.length > 0, options.missing)
    .refine((value) => textLength(value) <= options.max, tooLongMessage(options));
}

/** A text that may be left out: null, undefined or blank become null. */
export function optionalText(options: TextOptions) {
  return z
    .preprocess((value) => (value === undefined || value === null ? '' : value), readableString(options))
    .refine((value) => textLength(value) <= options.max, tooLongMessage(options))
    .transform((value) => (value === '' ? null : value));
}

/** Any other text a request carries (a code, an e-mail, a search): only checked to be readable. */
export function readableText(label: string, max: number) {
  return readableString({ label, max }).refine(
    (value) => textLength(value) <= max,
    `${label} must be ${max} characters or fewer.`,
  );
}
