// What the domain refuses, said in the person's words. Models raise these and know nothing of HTTP;
// `app/lib/http.server.ts` (`errorResponse`) is the one place that turns them into answers. `details`
// travels with the sentence for clients that act on it (`reason: 'submitted'`, `limit: 'linesPerOrder'`,
// `fieldErrors`).

export type ErrorDetails = Record<string, unknown>;

/**
 * A sentence of the `api` message files (app/locales/<language>/api.json) by its id, with its values:
 * said in the request's language where the error becomes an answer (lib/sentences.server.ts). A value may
 * be a sentence itself (said first), a moment (shown in the order's time zone, the language's clock: its
 * date and time, or with `timeOnly` the time alone) or an amount of money (the language's format).
 */
export type Sentence = { id: string; values?: Record<string, SentenceValue> };
export type SentenceValue =
  | string
  | number
  | Sentence
  | { at: Date; timeZone: string; timeOnly?: boolean }
  /** An amount, formatted in the language's way for its currency. */
  | { cents: number; currency: string };

/** A refusal as its English text with the sentence that says it in other languages. */
export type Said = { text: string; sentence: Sentence };

export abstract class DomainError extends Error {
  /** Present when the text was put together from parts (a time, a number); a fixed text needs none. */
  readonly sentence?: Sentence;

  constructor(
    message: string | Said,
    readonly details: ErrorDetails = {},
  ) {
    super(typeof message === 'string' ? message : message.text);
    this.name = new.target.name;
    if (typeof message !== 'string') this.sentence = message.sentence;
  }

  /** What this error says, to raise again as another error without losing its other languages. */
  get said(): string | Said {
    return this.sentence ? { text: this.message, sentence: this.sentence } : this.message;
  }
}

/** Nothing by that id or code in this shop (or nothing the caller may know about). */
export class NotFound extends DomainError {}

/** The caller has not said who they are (no host token, not logged in). */
export class Unauthenticated extends DomainError {}

/** The caller is known but this is not theirs to change. */
export class Forbidden extends DomainError {}

/** The thing is in a state that refuses this (closed, full, moved by someone else, key reused). */
export class Conflict extends DomainError {}

/** A one-time thing that was used up or ran out (a claim link). */
export class Gone extends DomainError {}

/**
 * The request itself is wrong. Most are "fix the field" (400); `unprocessable` marks a well-formed request
 * the order's own limits refuse (422, e.g. too many lines for one guest).
 */
export class Invalid extends DomainError {
  constructor(
    message: string | Said,
    details: ErrorDetails = {},
    readonly unprocessable = false,
  ) {
    super(message, details);
  }
}

/** A rate limit: try again after `retryAfterSeconds`. */
export class Limited extends DomainError {
  constructor(
    message: string | Said,
    readonly retryAfterSeconds: number,
    details: ErrorDetails = {},
  ) {
    super(message, details);
  }
}

/** Something we depend on failed for a moment (the database lost a race, Shopify is down). */
export class Unavailable extends DomainError {}
