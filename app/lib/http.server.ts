import type { z, ZodTypeAny } from 'zod';
import { readJsonBody } from './body.server';
import { toId } from './code';
import { unreadableAnywhere } from './text';
import type { Language } from './language';
import { refusalLanguage } from './language.server';
import { sayIn } from './sentences.server';
import {
  Conflict,
  DomainError,
  Forbidden,
  Gone,
  Invalid,
  Limited,
  NotFound,
  Unauthenticated,
  Unavailable,
} from './errors';

/** A JSON error the storefront client shows as "<status>: <body>" (spec section 8). */
export function jsonError(
  status: number,
  message: string,
  extra?: Record<string, unknown>,
  headers?: HeadersInit,
): Response {
  return Response.json({ error: message, message, ...extra }, { status, headers });
}

// The one place where what the domain refuses becomes an HTTP answer.

/** The HTTP status of a domain error. */
export function statusOf(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Unauthenticated) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof Conflict) return 409;
  if (error instanceof Gone) return 410;
  if (error instanceof Invalid) return error.unprocessable ? 422 : 400;
  if (error instanceof Limited) return 429;
  if (error instanceof Unavailable) return 503;
  return 400;
}

/**
 * `{error, message, ...details}` with the error's status (and Retry-After for a rate limit), the sentence
 * (and any field errors' sentences) said in `language` (English: the error's own words).
 */
export function errorResponse(error: DomainError, language: Language = 'en'): Response {
  const headers = error instanceof Limited ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
  if (language === 'en') return jsonError(statusOf(error), error.message, error.details, headers);
  const say = sayIn(language);
  const { fieldErrors } = error.details;
  const details =
    fieldErrors && typeof fieldErrors === 'object'
      ? {
          ...error.details,
          fieldErrors: Object.fromEntries(
            Object.entries(fieldErrors).map(([field, text]) => [
              field,
              typeof text === 'string' ? say(text) : text,
            ]),
          ),
        }
      : error.details;
  return jsonError(statusOf(error), say(error.sentence ?? error.message), details, headers);
}

/**
 * A JSON refusal (`jsonError`: zod's sentence, a 404, a 405) said in the request's language. English,
 * any other answer, and a sentence the `api` message files do not have are left exactly as they are.
 */
async function inLanguage(
  response: Response,
  languageOf: (status: number) => Promise<Language>,
): Promise<Response> {
  // Read the request's language only for a refusal: a success (the confirm's 201) never needs it.
  if (response.status < 400) return response;
  const language = await languageOf(response.status);
  if (language === 'en') return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== 'object' || !('error' in body) || typeof body.error !== 'string')
    return response;
  const error = sayIn(language)(body.error);
  if (error === body.error) return response;
  const message =
    'message' in body && body.message === body.error ? error : (body as { message?: unknown }).message;
  return Response.json({ ...body, error, message }, { status: response.status, headers: response.headers });
}

/**
 * Wraps a loader or action: a domain error a model raised leaves as its HTTP answer (thrown, so pages show
 * it in their error boundary and the JSON API answers it as is); anything else stays unexpected. This is
 * the one place refusals are said in the request's language (its `locale` parameter, which the storefront's
 * API client adds, else the browser's Accept-Language, else the shop's stored language;
 * lib/language.server.ts refusalLanguage, lib/sentences.server.ts).
 */
export function withHttpErrors<Args extends { request: Request }, Result>(
  handler: (args: Args) => Promise<Result>,
) {
  return async (args: Args): Promise<Result> => {
    const language = (status: number) => refusalLanguage(args.request, status);
    let result: Result;
    try {
      result = await handler(args);
    } catch (error) {
      if (error instanceof DomainError) throw errorResponse(error, await language(statusOf(error)));
      if (error instanceof Response) throw await inLanguage(error, language);
      throw error;
    }
    return result instanceof Response ? ((await inLanguage(result, language)) as Result) : result;
  };
}

/** One readable sentence from a zod error: the first problem, named by its field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  return issue.message;
}

/** Reads a JSON body (capped, see body.server.ts) that must be an object, not yet validated. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  // Every JSON endpoint takes an object; say so rather than "Expected object, received array".
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw jsonError(400, 'Send the request body as a JSON object, like {"name": "value"}.');
  }
  return body as Record<string, unknown>;
}

/** Reads a JSON body (capped, see body.server.ts) and validates it; any problem is a 4xx to throw. */
export async function parseJson<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJsonObject(request));
}

export function parseWith<S extends ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw jsonError(400, describeZodError(result.error));
  // The schema said what is wrong with its own fields first; any other text the input carries follows
  // the same rule (lib/text.ts), so a field a schema forgets cannot store a NUL or a lone surrogate.
  const problem = unreadableAnywhere(value);
  if (problem) throw jsonError(400, `Some text in the request ${problem}. Please retype it.`);
  return result.data;
}

export { toId };

/** Route params that must be a positive integer id; anything else is a 404 (nothing to find). */
export function parseId(value: string | undefined, what = 'Group order'): number {
  const id = toId(value);
  if (id === null) throw jsonError(404, `${what} not found`);
  return id;
}
