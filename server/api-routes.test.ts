import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../app/lib/body.server';
import { DIRECT_API_ROUTES, directApiRoutes } from './api-routes.mjs';
import { answerUnexpectedErrors, INTERNAL_ERROR_MESSAGE } from './errors.mjs';

// The production server answers the paths in DIRECT_API_ROUTES straight from their route modules
// (server/api-routes.mjs), and everything else through Remix. A build with the shapes the real one has:
// the storefront layout, resource routes, a page.

type Args = { request: Request; params: Record<string, string> };
const seen: { request: Request; body: string }[] = [];
const build = {
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/apps.group-order': {
      id: 'routes/apps.group-order',
      parentId: 'root',
      path: 'apps/group-order',
      module: { default: () => null },
    },
    'routes/apps.group-order.api.order-items': {
      id: 'routes/apps.group-order.api.order-items',
      parentId: 'routes/apps.group-order',
      path: 'api/order-items',
      module: {
        async action({ request }: Args) {
          const body = await request.text();
          seen.push({ request, body });
          if (body.includes('closed'))
            throw Response.json({ error: 'This order is closed.' }, { status: 409 });
          if (body.includes('bug')) throw new Error('a bug');
          const headers = new Headers({ 'X-Answer': 'direct' });
          headers.append('Set-Cookie', 'a=1; Path=/');
          headers.append('Set-Cookie', 'b=2; Path=/');
          return Response.json({ stored: JSON.parse(body) }, { status: 201, headers });
        },
        async loader() {
          return Response.json({ error: 'Use POST.' }, { status: 405 });
        },
      },
    },
    'routes/apps.group-order.api.ping': {
      id: 'routes/apps.group-order.api.ping',
      parentId: 'routes/apps.group-order',
      path: 'api/ping',
      module: { action: async () => new Response(null, { status: 204 }) },
    },
    // The body through the app's own reader, with its limit (100 bytes here).
    'routes/apps.group-order.api.menu-items': {
      id: 'routes/apps.group-order.api.menu-items',
      parentId: 'routes/apps.group-order',
      path: 'api/menu-items',
      module: {
        async action({ request }: Args) {
          return Response.json({ body: await readJsonBody(request, 100) }, { status: 201 });
        },
      },
    },
    'routes/apps.group-order.find-order': {
      id: 'routes/apps.group-order.find-order',
      parentId: 'routes/apps.group-order',
      path: 'find-order',
      module: { default: () => null, loader: async () => null },
    },
  },
};

const paths = {
  ...DIRECT_API_ROUTES,
  '/apps/group-order/api/menu-items': 'routes/apps.group-order.api.menu-items',
};

let server: http.Server;
let origin: string;
const logged: unknown[][] = [];
const originalError = console.error;

beforeAll(async () => {
  console.error = (...args: unknown[]) => logged.push(args);
  const app = express();
  app.set('trust proxy', true);
  app.use(directApiRoutes(build, paths));
  app.use((req, res) => res.json({ answeredBy: 'remix', path: req.path, method: req.method }));
  app.use(answerUnexpectedErrors);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  console.error = originalError;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the storefront API’s direct routes (server/api-routes.mjs)', () => {
  it('refuses a route id the build does not have, or a page', () => {
    expect(() => directApiRoutes(build, { '/x': 'routes/missing' })).toThrow(/not a resource route/);
    expect(() => directApiRoutes(build, { '/x': 'routes/apps.group-order.find-order' })).toThrow(
      /not a resource route/,
    );
  });

  it('hands the route a real Request, as Remix would build it, and answers its Response as it is', async () => {
    const response = await fetch(`${origin}/apps/group-order/api/order-items?shop=a.myshopify.com&x=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
        'X-Forwarded-Host': 'shop.example:8443',
        'X-Forwarded-Proto': 'https',
      },
      body: JSON.stringify({ guestName: 'Zoë' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('direct');
    // Express adds the charset, as it does for Remix's own answers (its adapter sets headers the same way).
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ stored: { guestName: 'Zoë' } });
    const { request, body } = seen.at(-1)!;
    expect(Object.getPrototypeOf(request)).toBe(Request.prototype);
    expect(request.method).toBe('POST');
    expect(request.url).toBe(
      'https://shop.example:8443/apps/group-order/api/order-items?shop=a.myshopify.com&x=1',
    );
    expect(request.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(request.signal.aborted).toBe(false);
    expect(body).toBe('{"guestName":"Zoë"}');
  });

  it('streams the body to the route, whose reader keeps its own limit', async () => {
    // Sent in chunks, without a Content-Length to refuse it by, so only the bytes' count can.
    const post = (body: string) =>
      fetch(`${origin}/apps/group-order/api/menu-items`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
    const response = await post(JSON.stringify({ name: 'Flat white ☕' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ body: { name: 'Flat white ☕' } });
    const tooLarge = await post(JSON.stringify({ name: 'x'.repeat(200) }));
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toMatch(/too large/);
  });

  it('answers a Response the route throws (a refusal) as it is', async () => {
    const response = await fetch(`${origin}/apps/group-order/api/order-items`, {
      method: 'POST',
      body: 'closed',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'This order is closed.' });
  });

  it('hands anything else to Express’s last error handler: logged once, answered in a sentence', async () => {
    const before = logged.length;
    const response = await fetch(`${origin}/apps/group-order/api/order-items?signature=secret`, {
      method: 'POST',
      body: 'bug',
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE, message: INTERNAL_ERROR_MESSAGE });
    expect(logged.length).toBe(before + 1);
    const [line, error] = logged.at(-1)!;
    expect(line).toBe('POST /apps/group-order/api/order-items failed:');
    expect(String(error)).toContain('a bug');
  });

  it('runs the loader for GET, and leaves HEAD, other paths and pages to Remix', async () => {
    const get = await fetch(`${origin}/apps/group-order/api/order-items`);
    expect(get.status).toBe(405);
    for (const [method, path] of [
      ['HEAD', '/apps/group-order/api/order-items'],
      ['GET', '/apps/group-order/api/group-orders/12'],
      ['GET', '/apps/group-order/find-order'],
      ['GET', '/apps/group-order/api/order-items/'],
      ['POST', '/apps/group-order/api/unknown'],
    ] as const) {
      const response = await fetch(`${origin}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(200);
      if (method !== 'HEAD') expect((await response.json()).answeredBy).toBe('remix');
    }
  });
});
