import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadableStreamFromReadable } from '@remix-run/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_BODY_LIMIT } from '../app/lib/limits';
import { bodyLimitErrors, DEFAULT_BODY_LIMIT, limitBody } from './limit-body.mjs';

// The production server's transport limit (server/app.mjs uses this middleware in front of Remix). The app
// behind it reads bodies the way Remix's Express adapter does (a web stream over the Node request).

let server: http.Server;
let origin: string;
let bytesReadByApp = 0;

beforeAll(async () => {
  const app = express();
  app.use(limitBody());
  app.post('/read', async (req, res, next) => {
    try {
      const reader = createReadableStreamFromReadable(req).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytesReadByApp += value.byteLength;
      }
      res.json({ read: bytesReadByApp });
    } catch (error) {
      next(error);
    }
  });
  app.post('/ignore', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(bodyLimitErrors);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Sends a POST and resolves with the answer; `write` drives the body. */
function post(
  path: string,
  headers: Record<string, string>,
  write: (req: http.ClientRequest) => void,
): Promise<{ status: number; body: { error?: string; message?: string } | null; sent: () => number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(`${origin}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null, sent: () => sent }),
      );
    });
    req.on('error', (error) => {
      // The server may drop the connection right after answering; the answer already arrived then.
      if (
        (error as NodeJS.ErrnoException).code !== 'ECONNRESET' &&
        (error as NodeJS.ErrnoException).code !== 'EPIPE'
      )
        reject(error);
    });
    const original = req.write.bind(req);
    req.write = ((
      chunk: string | Uint8Array,
      ...rest: Parameters<typeof original> extends [unknown, ...infer R] ? R : never
    ) => {
      sent += chunk.length;
      return original(chunk, ...rest);
    }) as typeof req.write;
    write(req);
  });
}

describe('transport body limit (server/index.mjs)', () => {
  it('uses the limit the app states', () => {
    expect(DEFAULT_BODY_LIMIT).toBe(TRANSPORT_BODY_LIMIT);
  });

  it('answers 413 to a declared 100 MB body at once, before the body is read', async () => {
    bytesReadByApp = 0;
    const result = await post(
      '/read',
      { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024) },
      (req) => req.write('{"a":'), // the rest never comes: the answer must not wait for it
    );
    expect(result.status).toBe(413);
    expect(result.body?.message).toBe('The request is too large: at most 64 KB can be sent.');
    expect(bytesReadByApp).toBe(0);
  });

  it('cuts off a chunked body that never ends once it passes the limit', async () => {
    bytesReadByApp = 0;
    let timer: NodeJS.Timeout | undefined;
    const result = await post('/read', { 'Content-Type': 'application/json' }, (req) => {
      const chunk = Buffer.alloc(8 * 1024, 0x61);
      const pump = () => {
        if (req.destroyed) return;
        req.write(chunk);
        timer = setTimeout(pump, 1);
      };
      pump();
    });
    clearTimeout(timer);
    expect(result.status).toBe(413);
    expect(bytesReadByApp).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT + 64 * 1024);
  });

  it('drops the connection of a chunked body that never ends on a route that reads no body', async () => {
    let timer: NodeJS.Timeout | undefined;
    let client: http.ClientRequest | undefined;
    const result = await post('/ignore', { 'Content-Type': 'application/json' }, (req) => {
      client = req;
      const chunk = Buffer.alloc(8 * 1024, 0x61);
      const pump = () => {
        if (req.destroyed) return;
        req.write(chunk);
        timer = setTimeout(pump, 1);
      };
      pump();
    });
    expect(result.status).toBe(200);
    // The server does not drain the rest: it closes the connection, which ends the client's upload.
    await new Promise<void>((resolve) => {
      if (client!.socket?.destroyed) resolve();
      else client!.socket!.once('close', () => resolve());
    });
    clearTimeout(timer);
    expect(client!.socket?.destroyed).toBe(true);
  });

  it('passes a small body through whole', async () => {
    bytesReadByApp = 0;
    const body = JSON.stringify({ hello: 'world'.repeat(1000) });
    const result = await post(
      '/read',
      { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      (req) => req.end(body),
    );
    expect(result).toMatchObject({ status: 200, body: { read: Buffer.byteLength(body) } });
  });
});
