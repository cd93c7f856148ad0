// What the domain refuses, said in the person's words. Models raise these and know nothing of HTTP;
// `app/lib/http.server.ts` (`errorResponse`) is the one place that turns them into answers. `details`
// travels with the sentence for clients that act on it (`reason: 'submitted'`, `limit: 'linesPerOrder'`,
// `fieldErrors`).

export type ErrorDetails = Record<string, unknown>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
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
    message: string,
    details: ErrorDetails = {},
    readonly unprocessable = false,
  ) {
    super(message, details);
  }
}

/** A rate limit: try again after `retryAfterSeconds`. */
export class Limited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    details: ErrorDetails = {},
  ) {
    super(message, details);
  }
}

/** Something we depend on failed for a moment (the database lost a race, Shopify is down). */
export class Unavailable extends DomainError {}
