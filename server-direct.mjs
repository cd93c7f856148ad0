// Storefront API routes with a fixed path (no :params, no splat) go straight to their route module's
// loader or action, without Remix's request handler. That handler matches every request against all of
// the app's routes, ranking the whole route list again each time; for the guest confirm
// (POST /apps/group-order/api/order-items), the request a lunch rush repeats, that matching and the
// handler's other work cost more than the route itself on a lean path (docs/design.md, section 1,
// "The storefront API's direct path"). The answer is the route's own Response, exactly what Remix answers
// for a resource route: a Response thrown by the route (a 4xx) is the answer too, and anything else was
// already made a safe 500 by withSafeStorefrontErrors (server-safety.mjs), which wraps these modules.
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

/** The request as the route sees it under Remix: the public URL (trust proxy), the headers, the body read. */
async function toRequest(req, res) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  // As Remix's Express adapter does: the signal aborts when the client goes before the answer is out.
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET') {
    // Bodies are capped by limitBody before this runs (64 KB), so reading one whole is bounded.
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    init.body = Buffer.concat(chunks);
  }
  // As Remix's Express adapter builds it: the host name Express trusts (X-Forwarded-Host behind a proxy).
  const port = /:(\d+)$/.exec(req.get('x-forwarded-host') ?? req.get('host') ?? '')?.[1];
  return new Request(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`, init);
}

/** Status, headers (each Set-Cookie on its own) and the whole body, which API answers keep small. */
async function send(res, response) {
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
