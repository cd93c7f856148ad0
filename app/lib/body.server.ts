import { BODY_LIMITS } from './limits';

// The one place request bodies are read. It refuses, each with a sentence and before any parsing:
// - a declared Content-Length over the limit (413, nothing read),
// - a streamed (chunked) body that passes the limit (413, reading stops at the limit, so a body that never
//   ends costs at most the limit in memory),
// - a Content-Type the route cannot read (415), bytes that are not UTF-8 or JSON that does not parse (400).

export function bodyError(status: number, message: string) {
  // Connection: close, so a server does not go on draining the rest of a refused body.
  return Response.json(
    { error: message, message },
    { status, headers: status === 413 ? { Connection: 'close' } : undefined },
  );
}

export function tooLarge(limit: number) {
  return bodyError(413, `The request is too large: at most ${Math.round(limit / 1024)} KB can be sent.`);
}

function mediaType(request: Request) {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** The body's bytes, at most `limit` of them; more is a 413 without reading further. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  const length = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
  if (length !== null && length > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  if (length !== null) {
    // A declared length within the limit: the HTTP server reads no more than it, so the body is read in
    // one piece (the size is checked again for a Request made in the process).
    let whole: ArrayBuffer;
    try {
      whole = await request.arrayBuffer();
    } catch {
      throw bodyError(400, 'The request body could not be read.');
    }
    if (whole.byteLength > limit) throw tooLarge(limit);
    return new Uint8Array(whole);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Stop at the limit; the caller answers 413 with Connection: close, so the rest is never read.
      if (size > limit) throw tooLarge(limit);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw bodyError(400, 'The request body could not be read.');
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Refuses bytes that are not UTF-8; not streaming, so one decoder serves every request. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

async function readText(request: Request, limit: number) {
  const bytes = await readBodyBytes(request, limit);
  try {
    return utf8.decode(bytes);
  } catch {
    throw bodyError(400, 'The request body is not valid UTF-8 text.');
  }
}

/**
 * A JSON body (Content-Type application/json, or none). An empty body reads as {} (routes whose fields
 * are all optional, like the host-token body). Wrong shapes are the caller's schema's business.
 */
export async function readJsonBody(request: Request, limit: number = BODY_LIMITS.json): Promise<unknown> {
  const type = mediaType(request);
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw bodyError(415, 'Send the request body as JSON, with Content-Type: application/json.');
  }
  const text = await readText(request, limit);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError(400, 'The request body is not valid JSON.');
  }
}

/** A form post (urlencoded or multipart), as FormData. */
export async function readFormBody(request: Request, limit: number = BODY_LIMITS.form): Promise<FormData> {
  const type = mediaType(request);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw bodyError(415, 'Send this form as a form post (application/x-www-form-urlencoded).');
  }
  const bytes = await readBodyBytes(request, limit);
  if (type === 'application/x-www-form-urlencoded') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw bodyError(400, 'The form is not valid UTF-8 text.');
    }
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(text)) form.append(key, value);
    return form;
  }
  try {
    const copy = new Request('http://body.local/', {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      body: bytes,
    });
    return await copy.formData();
  } catch {
    throw bodyError(400, 'The form could not be read.');
  }
}
