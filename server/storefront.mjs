// What the server (server/app.mjs) adds around the Remix build for storefront pages and the storefront
// API (the paths Shopify's app proxy forwards): safe response headers, and answers that never carry
// internals.
import onHeaders from 'on-headers';
import { internalErrorBody, logUnexpectedError } from './errors.mjs';

export const STOREFRONT_PREFIX = '/apps/group-order';

export function isStorefrontPath(pathname) {
  return pathname === STOREFRONT_PREFIX || pathname.startsWith(`${STOREFRONT_PREFIX}/`);
}

/**
 * Headers every storefront page, data request and API answer carries (set only when the route did not
 * set its own): no MIME sniffing, no full URLs (guest names, e-mail addresses) in Referer headers, and
 * nothing stored by browsers or shared caches, since answers are keyed to a person or a host.
 */
export function storefrontHeaders(req, res, next) {
  if (isStorefrontPath(req.path)) {
    onHeaders(res, () => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (!res.hasHeader('Referrer-Policy')) res.setHeader('Referrer-Policy', 'same-origin');
      res.setHeader('Cache-Control', 'no-store');
    });
  }
  next();
}

/**
 * A storefront loader or action that fails with something other than a Response (a database error, a
 * bug) is logged in full (server/errors.mjs) and answered with a plain sentence: JSON for the API, the
 * error page for pages. Remix would otherwise put the message, a stack trace and file paths into the
 * answer whenever NODE_ENV is not production (as under `npm start`).
 */
export function withSafeStorefrontErrors(build) {
  const routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const storefront = id === 'routes/apps.group-order' || id.startsWith('routes/apps.group-order.');
    if (!storefront) {
      routes[id] = route;
      continue;
    }
    const module = { ...route.module };
    for (const kind of ['loader', 'action']) {
      const original = route.module[kind];
      if (typeof original !== 'function') continue;
      module[kind] = async (args) => {
        try {
          return await original(args);
        } catch (error) {
          if (error instanceof Response || args.request.signal.aborted) throw error;
          const { method, url } = args.request;
          logUnexpectedError(error, { method, path: new URL(url).pathname, where: `${id} ${kind}` });
          throw Response.json(internalErrorBody(), { status: 500, headers: { 'Cache-Control': 'no-store' } });
        }
      };
    }
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
