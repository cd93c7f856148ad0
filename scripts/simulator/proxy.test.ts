import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appProxySignature } from './signing.mjs';
import { startSimulator } from './index.mjs';

const SECRET = 'sim-test-secret';
type Seen = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string };

// A stand-in upstream app that records what the simulator forwards to it.
let upstream: http.Server;
let upstreamUrl: string;
const seen: Seen[] = [];
let simulator: Awaited<ReturnType<typeof startSimulator>>;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: new URL(req.url!, 'http://x'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Set-Cookie': 'app=1; Path=/' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  simulator = await startSimulator({
    port: 0,
    appUrl: upstreamUrl,
    apiKey: 'key',
    apiSecret: SECRET,
    shop: 'demo-coffee.myshopify.com',
  });
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => upstream.close(resolve));
});

function base() {
  return `http://localhost:${(simulator.server.address() as AddressInfo).port}`;
}

describe('simulated app proxy', () => {
  it('signs the forwarded request as Shopify does and strips cookies both ways', async () => {
    const response = await fetch(
      `${base()}/apps/group-order/api/things?b=2&a=1&signature=forged&shop=evil.myshopify.com`,
      {
        method: 'PATCH',
        headers: { Cookie: 'sim_customer=1001; other=1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'submitted' }),
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    const request = seen.at(-1)!;
    expect(request.method).toBe('PATCH');
    expect(request.body).toBe('{"status":"submitted"}');
    expect(request.url.pathname).toBe('/apps/group-order/api/things');
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers['x-forwarded-host']).toBe(new URL(base()).host);
    expect(request.headers['x-forwarded-for']).toBeTruthy();
    const params = request.url.searchParams;
    expect(params.get('shop')).toBe('demo-coffee.myshopify.com');
    expect(params.get('logged_in_customer_id')).toBe('1001');
    expect(params.get('path_prefix')).toBe('/apps/group-order');
    expect(Math.abs(Number(params.get('timestamp')) - Date.now() / 1000)).toBeLessThan(5);
    expect(params.get('signature')).toBe(appProxySignature(params, SECRET));
    expect(params.get('signature')).not.toBe(appProxySignature(params, 'another-secret'));
  });

  it('forwards only /apps/group-order/*', async () => {
    const before = seen.length;
    expect((await fetch(`${base()}/apps/other/x`)).status).toBe(404);
    expect((await fetch(`${base()}/apps/group-order.data`)).status).toBe(404);
    expect(seen.length).toBe(before);
  });

  it('logs a simulated customer in and out on the store origin', async () => {
    const login = await fetch(`${base()}/account/login`, {
      method: 'POST',
      body: new URLSearchParams({ customer_id: '1002', return_url: '/apps/group-order/my-orders' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/apps/group-order/my-orders');
    expect(login.headers.get('set-cookie')).toMatch(/sim_customer=1002/);
    const logout = await fetch(`${base()}/account/logout?return_url=/`, { redirect: 'manual' });
    expect(logout.headers.get('set-cookie')).toMatch(/sim_customer=;/);
  });

  it('opens the admin with a session token for the demo shop', async () => {
    const response = await fetch(`${base()}/admin`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!, base());
    expect(location.pathname).toBe('/app');
    expect(location.searchParams.get('shop')).toBe('demo-coffee.myshopify.com');
    const [, payload] = location.searchParams.get('id_token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'https://demo-coffee.myshopify.com/admin',
      dest: 'https://demo-coffee.myshopify.com',
      aud: 'key',
    });
  });

  it('refuses to start in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(
        startSimulator({
          port: 0,
          appUrl: upstreamUrl,
          apiKey: 'k',
          apiSecret: 's',
          shop: 'x.myshopify.com',
        }),
      ).rejects.toThrow(/refuses to run with NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
