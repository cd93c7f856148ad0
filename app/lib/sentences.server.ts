import type { GroupOrder } from '@prisma/client';
import { CATALOGS } from '~/locales/catalogs';
import { i18nFor } from '~/locales/compiled';
import { formatLocale, type Language, type Translate } from './language';
import type { Said, Sentence, SentenceValue } from './errors';
import { closedReason, type CLOSED_MESSAGES } from './groupOrder';
import { fieldRefusalOf } from './text';
import { formatDateTime, formatTime12 } from './time';
import { formatMoney } from './money';

// The sentences the storefront API refuses with, in the request's language (docs/decisions/
// 2026-11-27-pseudo-locale-and-api-sentences.md). A fixed sentence stays written in English where the code
// says it (zod schemas, models, limits) and is found in the `api` message files by that English text, the
// way gettext finds a msgid; a sentence put together from parts (a time, a count) is raised as a Sentence,
// an id with values. English is the message file's, byte for byte what the code says.

const ENGLISH = CATALOGS.en.api;
/** The host's sentences the server also says (HOST_MESSAGES, the create form's FORM_MESSAGES: lib/hostText). */
const HOST_SAID = Object.fromEntries(
  Object.entries(CATALOGS.en.host).filter(([id]) => /^host\.(msg|valid)\./.test(id)),
);
type SentenceId = keyof typeof ENGLISH | `host.${'msg' | 'valid'}.${string}`;

/** Fixed English sentences (no placeholders) by their text; the api file's wording wins a tie. */
const ID_OF_ENGLISH = new Map(
  Object.entries({ ...HOST_SAID, ...ENGLISH })
    .filter(([, text]) => !text.includes('{'))
    .map(([id, text]) => [text, id]),
);

/** A fixed English sentence as its Sentence when the message files have it, else the text as it is. */
export function known(text: string): Sentence | string {
  const id = ID_OF_ENGLISH.get(text);
  return id ? { id } : text;
}

/** Says sentences and English texts with `t`, finding a fixed English text's id with `idOf`. */
function speaker(t: Translate, intlLocale: string, idOf: (text: string) => string | undefined) {
  const value = (part: SentenceValue): string | number => {
    if (typeof part !== 'object') return part;
    if ('at' in part)
      return (part.timeOnly ? formatTime12 : formatDateTime)(part.at, part.timeZone, intlLocale);
    if ('cents' in part) return formatMoney(part.cents, part.currency, intlLocale);
    return speak(part);
  };
  const speak = (message: string | Sentence): string => {
    const id = typeof message === 'string' ? idOf(message) : message.id;
    if (!id) return message as string;
    const values = typeof message === 'string' ? [] : Object.entries(message.values ?? {});
    return t(id, Object.fromEntries(values.map(([name, part]) => [name, value(part)])));
  };
  return speak;
}

/** Says sentences and English texts in `language` (a text the message files do not have stays English). */
export function sayIn(language: Language): (message: string | Sentence) => string {
  const i18n = i18nFor(language);
  // Times as the storefront pages show them: the shop's English (en-AU) or the language's 24-hour clock.
  return speaker(
    (id, values) => i18n._(id, values),
    formatLocale(language, 'en-AU'),
    (text) => ID_OF_ENGLISH.get(text),
  );
}

/** Says sentences with a page's own words (i18n.server.ts pageLanguage: its language, or the pseudo one). */
export function sayWith({ t, intlLocale }: { t: Translate; intlLocale: string }) {
  return speaker(t, intlLocale, (text) => ID_OF_ENGLISH.get(text));
}

// The embedded admin's sentences (toasts and refusals of its actions) are found the same way in the
// `admin` area, under `admin.say.`; a text the admin shares with the storefront API is the `api` area's.
const ADMIN_ID_OF_ENGLISH = new Map(
  Object.entries(CATALOGS.en.admin)
    .filter(([id, text]) => id.startsWith('admin.say.') && !text.includes('{'))
    .map(([id, text]) => [text, id]),
);

/** The admin's sentences with the request's words (i18n.server.ts pageLanguage): the merchant's language. */
export function adminSay(words: { t: Translate; intlLocale: string }) {
  const speak = speaker(
    words.t,
    words.intlLocale,
    (text) => ADMIN_ID_OF_ENGLISH.get(text) ?? ID_OF_ENGLISH.get(text),
  );
  return (message: string | Said | Sentence) =>
    speak(typeof message === 'object' && 'sentence' in message ? message.sentence : message);
}

/** The admin's field names (`admin.say.field.*`) by the English label the schemas give the text helpers. */
const ADMIN_FIELD_OF_ENGLISH = new Map(
  Object.entries(CATALOGS.en.admin)
    .filter(([id]) => id.startsWith('admin.say.field.'))
    .map(([id, text]) => [text, id]),
);

/**
 * A zod issue for the admin's `say`: a field refusal of the text helpers (lib/text.ts `refusal`: too long,
 * unreadable, a key we do not know) as the sentence `admin.say.text.<rule>` with the field named in the
 * admin's words; any other issue as its English text, which adminSay finds when it is a fixed sentence. A
 * refusal whose English would not read exactly as the schema wrote it (a field the message files do not
 * name) stays the schema's English.
 */
export function issueSaid(issue: { code: string; message: string; params?: Record<string, unknown> }) {
  const refusal = fieldRefusalOf(issue);
  const field = refusal && ADMIN_FIELD_OF_ENGLISH.get(refusal.label);
  if (!refusal || !field) return issue.message;
  const values: Record<string, SentenceValue> = { field: { id: field } };
  if (refusal.max !== undefined) values.max = refusal.max;
  if (refusal.value !== undefined) values.value = refusal.value;
  const said = say(`admin.say.text.${refusal.rule}` as SentenceId, values);
  return said.text === issue.message ? said : issue.message;
}

/** A sentence (of the `api` area, or the admin's `admin.say.`) with its values, and its English text. */
export function say(id: SentenceId, values?: Record<string, SentenceValue>): Said {
  const sentence = { id, values };
  return { text: sayIn('en')(sentence), sentence };
}

/** Why guests can no longer add items, with when: closedText (lib/groupOrder.ts) in every language. */
type ClosedFields = 'deadlineAt' | 'submittedAt' | 'timeZone';

export function closedSaid(
  order: Pick<GroupOrder, ClosedFields>,
  reason: keyof typeof CLOSED_MESSAGES,
): Said {
  const at = reason === 'expired' ? order.deadlineAt : order.submittedAt;
  const why = { id: `api.closed.${reason}` };
  return at
    ? say('api.closed.at', { at: { at, timeZone: order.timeZone }, reason: why })
    : say(why.id as SentenceId);
}

/** closedMessage (lib/groupOrder.ts) in `language`: why the order no longer takes items, or null. */
export function closedMessageIn(
  language: Language,
  order: Pick<GroupOrder, ClosedFields | 'status'>,
  now = new Date(),
) {
  const reason = closedReason(order, now);
  return reason ? sayIn(language)(closedSaid(order, reason).sentence) : null;
}

/** closedText and closedMessage (lib/groupOrder.ts) in `language`, for the guest pages' loaders. */
export function closedTextsIn(language: Language, order: Pick<GroupOrder, ClosedFields | 'status'>) {
  return {
    closedMessage: closedMessageIn(language, order),
    expiredMessage: sayIn(language)(closedSaid(order, 'expired').sentence),
  };
}
