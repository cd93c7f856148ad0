import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directApiRoutes, fixedApiRoutes } from '../server-direct.mjs';
import { readJsonBody } from '../app/lib/body.server';
import { json } from '../app/lib/http.server';
import { INTERNAL_ERROR_MESSAGE } from '../server-safety.mjs';

// The production server answers the storefront API's fixed paths straight from their route modules
// (server-direct.mjs), and everything else through Remix. A build with the shapes the real one has: the
// storefront layout, fixed and parameterised API routes, a page.

type Args = { request: Request; params: Record<string, string> };
const seen: { method: string; url: string; body: string; forwardedFor: string | null }[] = [];
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
          seen.push({
            method: request.method,
            url: request.url,
            body,
            forwardedFor: request.headers.get('x-forwarded-for'),
          });
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
    // As the guest confirm does it: the body through the app's reader, the answer through its json().
    'routes/apps.group-order.api.menu-items': {
      id: 'routes/apps.group-order.api.menu-items',
      parentId: 'routes/apps.group-order',
      path: 'api/menu-items',
      module: {
        async action({ request }: Args) {
          const body = await readJsonBody(request, 100);
          const fetchSide = {
            isRequest: request instanceof Request,
            contentType: request.headers.get('content-type'),
            bodyUsed: request.bodyUsed,
            // A member the direct path does not answer itself: the real Request, built on demand.
            mode: request.mode,
          };
          return json({ body, fetchSide }, { status: 201 });
        },
      },
    },
    'routes/apps.group-order.api.group-orders.$id': {
      id: 'routes/apps.group-order.api.group-orders.$id',
      parentId: 'routes/apps.group-order',
      path: 'api/group-orders/:id',
      module: { loader: async () => Response.json({ from: 'route' }) },
    },
    'routes/apps.group-order.find-order': {
      id: 'routes/apps.group-order.find-order',
      parentId: 'routes/apps.group-order',
      path: 'find-order',
      module: { default: () => null, loader: async () => null },
    },
    'routes/app._index': { id: 'routes/app._index', parentId: 'root', index: true, module: {} },
  },
};

let server: http.Server;
let origin: string;
const logged: unknown[][] = [];

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', true);
  app.use(directApiRoutes(build, (...args: unknown[]) => logged.push(args)));
  app.use((req, res) => res.json({ answeredBy: 'remix', path: req.path, method: req.method }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the storefront API’s direct path (server-direct.mjs)', () => {
  it('knows only the storefront API’s fixed-path resource routes', () => {
    expect([...fixedApiRoutes(build).keys()]).toEqual([
      '/apps/group-order/api/order-items',
      '/apps/group-order/api/menu-items',
    ]);
  });

  it('answers a fixed path from its route: the request as Remix would pass it, the answer as the route made it', async () => {
    const response = await fetch(`${origin}/apps/group-order/api/order-items?shop=a.myshopify.com&x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify({ guestName: 'Zoë' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('direct');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ stored: { guestName: 'Zoë' } });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/apps/group-order/api/order-items');
    expect(new URL(request.url).searchParams.get('shop')).toBe('a.myshopify.com');
    expect(request.forwardedFor).toBe('203.0.113.9');
  });

  it('hands the route the body it already read, and writes a json() answer as it is', async () => {
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
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      body: { name: 'Flat white ☕' },
      fetchSide: {
        isRequest: true,
        contentType: 'application/json; charset=utf-8',
        bodyUsed: false,
        mode: 'cors',
      },
    });
    // The reader's own limits hold for bytes read ahead (100 bytes in this route), as for a stream.
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

  it('answers anything else in a sentence, and logs it', async () => {
    const response = await fetch(`${origin}/apps/group-order/api/order-items`, {
      method: 'POST',
      body: 'bug',
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE, message: INTERNAL_ERROR_MESSAGE });
    expect(String(logged.at(-1)?.[1])).toContain('a bug');
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
