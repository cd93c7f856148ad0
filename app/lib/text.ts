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

// The one text rule, for every text field of every route (storefront JSON and forms, admin forms, URL
// path segments and query values; see SECURITY.md section 4):
// - a lone surrogate is refused ("contains a broken character");
// - C0 and C1 controls and DEL (NUL, BEL, ESC, DEL, NEL U+0085, CSI U+009B...) and the bidirectional
//   embedding and override characters (U+202A-U+202E, which can make a label or an e-mail read
//   backwards) are refused ("contains invisible control characters");
// - line breaks and tabs: a multi-line field (notes, addresses, descriptions) keeps them, with CR LF, CR
//   and U+2028/U+2029 made LF; a one-line field turns a run of them into one space (what a paste into a
//   text box brings), so no control character is ever stored.
const LONE_SURROGATE = /\p{Cs}/u; // with the u flag only unpaired surrogates match
const CONTROL = /[\p{Cc}\u202A-\u202E]/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]|[\u202A-\u202E]/u;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g;

/** Length as a person counts it: code points, so an emoji or a CJK extension character is one. */
export function textLength(value: string) {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** What is wrong with a text that cannot be stored, as the end of an English sentence ("The search …"). */
const UNREADABLE = {
  broken: 'contains a broken character',
  control: 'contains invisible control characters',
} as const;

function unreadableRule(value: string, multiline: boolean): keyof typeof UNREADABLE | null {
  if (LONE_SURROGATE.test(value)) return 'broken';
  if ((multiline ? CONTROL_BUT_LINES : CONTROL).test(single(value, multiline))) return 'control';
  return null;
}

/** Why a text cannot be stored, or null when it is fine. */
export function unreadableText(value: string, multiline = false): string | null {
  const rule = unreadableRule(value, multiline);
  return rule && UNREADABLE[rule];
}

/**
 * A field's refusal as its parts, carried in the zod issue's `params` beside the English message so a page
 * in another language can say it again from them (lib/sentences.server.ts issueSaid): the rule broken, the
 * field's English label, and the limit or the value it is about.
 */
export type FieldRefusal = {
  rule: keyof typeof UNREADABLE | 'tooLong' | 'unknown';
  label: string;
  max?: number;
  value?: string;
};

/** A refine's message with its parts (`.refine(check, refusal(...))`, `ctx.addIssue({ ...refusal(...) })`). */
export function refusal(message: string, field: FieldRefusal) {
  return { message, params: { field } };
}

/** The parts of a zod issue's refusal, when the helpers below (or a schema using `refusal`) raised it. */
export function fieldRefusalOf(issue: {
  code: string;
  params?: Record<string, unknown>;
}): FieldRefusal | null {
  const field = issue.code === 'custom' ? issue.params?.field : undefined;
  return field && typeof field === 'object' ? (field as FieldRefusal) : null;
}

function single(value: string, multiline: boolean) {
  // A pasted tab or line break in a one-line field becomes a space rather than an error.
  return multiline ? value.replace(/\r\n?|[\u2028\u2029]/g, '\n') : value.replace(LINE_BREAKS, ' ');
}

/**
 * Why any text a request carries cannot be read, or null: the rule above for a multi-line field, the
 * most any field allows. Checked on whole bodies (http.server.ts, adminForm.server.ts) and on URL path
 * segments and query values (storefront.server.ts), so a field a schema forgets is still covered.
 */
export function unreadableAnywhere(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return unreadableText(value, true);
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = unreadableText(key, true) ?? unreadableAnywhere(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
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
  // `.meta` names the rule the field follows, for test/security/text.test.ts (it walks every schema).
  return z
    .string(typeError(missing ?? typeMessage, typeMessage))
    .superRefine((value, ctx) => {
      const rule = unreadableRule(value, options.multiline ?? false);
      if (rule) {
        ctx.addIssue({
          code: 'custom',
          ...refusal(`${options.label} ${UNREADABLE[rule]}. Please retype it.`, {
            rule,
            label: options.label,
          }),
          fatal: true,
        });
      }
    })
    .meta({ text: options.multiline ? 'multi-line' : 'one-line' })
    .transform((value) => cleanText(value, options.multiline));
}

/** The refusal of a text past `max`: the field's own sentence, or "<label> must be <max> characters or fewer." */
function tooLong(options: Pick<TextOptions, 'label' | 'max' | 'tooLong'>) {
  return (
    options.tooLong ??
    refusal(`${options.label} must be ${options.max} characters or fewer.`, {
      rule: 'tooLong',
      label: options.label,
      max: options.max,
    })
  );
}

/** A text a person must fill in: trimmed, well-formed, 1..max characters. */
export function requiredText(options: TextOptions & { missing: string }) {
  return readableString(options, options.missing)
    .refine((value) => value.length > 0, options.missing)
    .refine((value) => textLength(value) <= options.max, tooLong(options));
}

/** A text that may be left out: null, undefined or blank become null. */
export function optionalText(options: TextOptions) {
  return z
    .preprocess((value) => (value === undefined || value === null ? '' : value), readableString(options))
    .refine((value) => textLength(value) <= options.max, tooLong(options))
    .transform((value) => (value === '' ? null : value));
}

/** Any other text a request carries (a code, an e-mail, a search): only checked to be readable. */
export function readableText(label: string, max: number) {
  return readableString({ label, max }).refine((value) => textLength(value) <= max, tooLong({ label, max }));
}
