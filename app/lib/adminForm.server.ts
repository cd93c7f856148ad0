import type { z, ZodIssue, ZodTypeAny } from 'zod';
import { readFormBody } from './body.server';
import { DomainError, type Said } from './errors';
import { statusOf } from './http.server';
import { unreadableAnywhere } from './text';

// The admin pages' fetcher posts (the dashboard's retry and kitchen buttons, the prep board's next step):
// a form read and parsed by the page's schema, and an `{ok, message}` answer the page shows as a toast,
// said in the merchant's language (`say`: lib/sentences.server.ts adminSay with the request's words).

/** Says an English text or a sentence in the merchant's language. */
type Say = (message: string | Said) => string;

/** The answer a fetcher toasts: ok below 300, with the status it came with. */
export const answer = (status: number, message: string) =>
  Response.json({ ok: status < 300, message }, { status });

/** Who a kitchen step is recorded against: the staff member's id from the session token when there is one. */
export const actorOf = (sessionToken: { sub?: string } | undefined) =>
  sessionToken?.sub ? `Staff ${sessionToken.sub}` : 'Merchant';

/**
 * The form as `schema` reads it, or the answer to send instead: the body's own refusal (too large, not a
 * form), or a 400 with the sentence `refusal` makes of the schema's issues.
 */
export async function readAdminForm<S extends ZodTypeAny>(
  request: Request,
  schema: S,
  refusal: (issues: ZodIssue[]) => string | Said,
  say: Say,
): Promise<z.infer<S> | Response> {
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    return answer(400, say('The request could not be read.'));
  }
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answer(400, say(refusal(parsed.error.issues)));
  const problem = unreadableAnywhere(Object.fromEntries(form));
  if (problem) return answer(400, say(`Some text in the form ${problem}. Please retype it.`));
  return parsed.data;
}

/** Runs a step that says what it did; a domain error it raises is answered with its status and sentence. */
export async function answerStep(step: () => Promise<string | Said>, say: Say) {
  try {
    return answer(200, say(await step()));
  } catch (error) {
    if (error instanceof DomainError) return answer(statusOf(error), say(error.said));
    throw error;
  }
}
