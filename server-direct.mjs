// Storefront API routes with a fixed path (no :params, no splat) go straight to their route module's
// loader or action, without Remix's request handler. That handler matches every request against all of
// the app's routes, ranking the whole route list again each time; for the guest confirm
// (POST /apps/group-order/api/order-items), the request a lunch rush repeats, that matching and the
// handler's other work cost more than the route itself on a lean path (docs/design.md, section 1,
// "The storefront API's direct path"; docs/decisions/2026-11-24-direct-api-path.md). The answer is the route's own Response, exactly what Remix answers
// for a resource route: a Response thrown by the route (a 4xx) is the answer too, and anything else was
// already made a safe 500 by withSafeStorefrontErrors (server-safety.mjs), which wraps these modules.
import { BUFFERED_BODY, deferTo, JSON_ANSWER } from './scripts/deferred-fetch.mjs';
import { INTERNAL_ERROR_MESSAGE, STOREFRONT_PREFIX } from './server-safety.mjs';

/** The URL path a route answers, from its own path and its parents' ("apps/group-order/api/menu-items"). */
function fullPath(routes, route) {
  const parts = [];
  for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path.replace(/^\/+|\/+$/g, ''));
  }
  return `/${parts.filter(Boolean).join('/')}`;
}

/**
 * The storefront API's resource routes (no page component) whose path has no parameters, by path.
 * @param {{ routes: Record<string, { id: string, parentId?: string, path?: string, index?: boolean, module: Record<string, unknown> }> }} build
 */
export function fixedApiRoutes(build) {
  const byPath = new Map();
  for (const route of Object.values(build.routes)) {
    if (route.index || route.module.default) continue;
    const path = fullPath(build.routes, route);
    if (!path.startsWith(`${STOREFRONT_PREFIX}/api/`) || /[:*]/.test(path)) continue;
    byPath.set(path, route.module);
  }
  return byPath;
}

/**
 * The Request a direct route is handed: method, URL, headers and signal answered at once, the body's bytes
 * kept (BUFFERED_BODY); any other member builds the real Request, from the same parts, and asks it.
 */
class DirectRequest {
  #url;
  #method;
  #rawHeaders;
  #headers;
  #signal;
  #bytes;
  #real;
  constructor(url, { method, headers, signal, bytes }) {
    this.#url = url;
    this.#method = method;
    this.#rawHeaders = headers;
    this.#signal = signal;
    this.#bytes = bytes;
  }
  get url() {
    return this.#url;
  }
  get method() {
    return this.#method;
  }
  get signal() {
    return this.#signal;
  }
  get headers() {
    // Built once; the real Request, if one is built, starts from these.
    return (this.#headers ??= new Headers(this.#rawHeaders));
  }
  get bodyUsed() {
    return this.#real?.bodyUsed ?? false;
  }
  /** The body's bytes, while nobody has read the real Request's stream. */
  get [BUFFERED_BODY]() {
    return this.#real?.bodyUsed ? undefined : this.#bytes;
  }
  real() {
    return (this.#real ??= new Request(this.#url, {
      method: this.#method,
      headers: this.headers,
      signal: this.#signal,
      body: this.#bytes,
    }));
  }
}
deferTo(DirectRequest, Request);

/** The request as the route sees it under Remix: the public URL (trust proxy), the headers, the body read. */
async function toRequest(req, res) {
  // As Remix's Express adapter does: the signal aborts when the client goes before the answer is out.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let bytes;
  if (req.method !== 'GET') {
    // Bodies are capped by limitBody before this runs (64 KB), so reading one whole is bounded.
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  }
  // As Remix's Express adapter builds it: the host name Express trusts (X-Forwarded-Host behind a proxy).
  const port = /:(\d+)$/.exec(req.get('x-forwarded-host') ?? req.get('host') ?? '')?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
  // Node has joined repeated request headers as Fetch does (Set-Cookie, the one it keeps as a list, is an
  // answer's header); Headers is built only when a route asks for one.
  return new DirectRequest(url, {
    method: req.method,
    headers: req.headers,
    signal: controller.signal,
    bytes,
  });
}

/** Status, headers (each Set-Cookie on its own) and the whole body, which API answers keep small. */
async function send(res, response) {
  const answer = response[JSON_ANSWER];
  if (answer) {
    res.status(answer.status);
    res.setHeader('Content-Type', 'application/json');
    return res.end(answer.text);
  }
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** Express middleware: a fixed-path storefront API request is answered by its route; others go on to Remix. */
export function directApiRoutes(build, log = console.error) {
  const byPath = fixedApiRoutes(build);
  return async (req, res, next) => {
    // HEAD and OPTIONS keep Remix's own handling (HEAD runs the loader and drops the body).
    const kind =
      req.method === 'GET' ? 'loader' : req.method === 'HEAD' || req.method === 'OPTIONS' ? null : 'action';
    const module = kind ? byPath.get(req.path) : undefined;
    const handler = module?.[kind];
    if (typeof handler !== 'function') return next();
    let response;
    try {
      const request = await toRequest(req, res);
      try {
        const result = await handler({ request, params: {}, context: {} });
        response = result instanceof Response ? result : Response.json(result ?? null);
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        response = thrown;
      }
      await send(res, response);
    } catch (error) {
      // Not expected (the route's own failures are already Responses): logged, answered in a sentence.
      log(`${req.method} ${req.path} failed:`, error);
      if (res.headersSent) return res.destroy();
      res.status(500).json({ error: INTERNAL_ERROR_MESSAGE, message: INTERNAL_ERROR_MESSAGE });
    }
  };
}
