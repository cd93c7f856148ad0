// The storefront API paths the server answers from their route modules without Remix's request handler,
// which matches every request against all of the app's routes, twice for a resource route
// (docs/decisions/2026-11-26-real-requests.md says when this is worth it). The route is handed a real
// Request with what Remix's Express adapter gives it, and its own Response (returned or thrown) is
// the answer, exactly what Remix answers for a resource route. The modules are the ones the server
// wrapped (server/storefront.mjs), so a failure inside the route is already a safe 500; anything that
// fails around it goes on to Express's error handlers.
/** Path → route id. Only fixed paths (no :params), and only resource routes (no page component). */
export const DIRECT_API_ROUTES = {
  '/apps/group-order/api/order-items': 'routes/apps.group-order.api.order-items',
  // The bench's app floor: the confirm's own path with nothing behind the signature check.
  '/apps/group-order/api/ping': 'routes/apps.group-order.api.ping',
};

/**
 * The Request the route gets under Remix: the public URL (Express's trust proxy decides the host and
 * protocol), the headers, the body, and a signal that aborts when the client goes before the answer is
 * out. The body is read whole first (limitBody in front caps it at 64 KB): a route that refuses before
 * reading it (an unsigned request) then leaves nothing unread, so the connection stays open for the next
 * request.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 */
async function toRequest(req, res) {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const port = /:(\d+)$/.exec(req.get('x-forwarded-host') ?? req.get('host') ?? '')?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  let body;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    body = Buffer.concat(chunks);
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal, body });
}

/**
 * Status, headers (each Set-Cookie on its own) and body of the route's Response, written in one piece:
 * API answers are small, and compression then sees the whole body at once.
 * @param {import('express').Response} res
 * @param {Response} response
 */
async function send(res, response) {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Express middleware: a request to one of `paths` is answered by its route's loader (GET) or action
 * (other methods but HEAD and OPTIONS, which keep Remix's own handling); others go on to Remix.
 * @param {{ routes: Record<string, { module: Record<string, unknown> }> }} build
 * @param {Record<string, string>} paths
 */
export function directApiRoutes(build, paths = DIRECT_API_ROUTES) {
  const byPath = new Map();
  for (const [path, id] of Object.entries(paths)) {
    const module = build.routes[id]?.module;
    if (!module || module.default) throw new Error(`${id} is not a resource route of this build`);
    byPath.set(path, module);
  }
  return async (req, res, next) => {
    const kind =
      req.method === 'GET' ? 'loader' : req.method === 'HEAD' || req.method === 'OPTIONS' ? null : 'action';
    const handler = kind ? byPath.get(req.path)?.[kind] : undefined;
    if (typeof handler !== 'function') return next();
    try {
      let response;
      try {
        response = await handler({ request: await toRequest(req, res), params: {}, context: {} });
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        response = thrown;
      }
      if (!(response instanceof Response)) throw new Error(`${req.path} answered without a Response`);
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
