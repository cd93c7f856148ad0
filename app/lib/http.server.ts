import type { z, ZodTypeAny } from 'zod';

/** A JSON error the storefront client shows as "<status>: <body>" (spec section 8). */
export function jsonError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return Response.json({ error: message, message, ...extra }, { status });
}

/** One readable sentence from a zod error: the first problem, named by its field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  return issue.message;
}

/** Reads a JSON body and validates it; bad JSON or bad fields become a 400 the caller can throw. */
export async function parseJson<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    if (text.length > 100_000) throw jsonError(413, 'The request is too large.');
    body = text ? JSON.parse(text) : {};
  } catch (error) {
    if (error instanceof Response) throw error;
    throw jsonError(400, 'The request body is not valid JSON.');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw jsonError(400, describeZodError(result.error));
  return result.data;
}

export function parseWith<S extends ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw jsonError(400, describeZodError(result.error));
  return result.data;
}

/** A route param as a positive 32-bit id, or null when it cannot name anything. */
export function toId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) return null;
  return Number(value);
}

/** Route params that must be a positive integer id; anything else is a 404 (nothing to find). */
export function parseId(value: string | undefined, what = 'Group order'): number {
  const id = toId(value);
  if (id === null) throw jsonError(404, `${what} not found`);
  return id;
}
