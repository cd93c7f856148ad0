import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import {
  backoffMs,
  enqueue,
  OUTBOX_LEASE_MS,
  PermanentOutboxError,
  processOutboxOnce,
  registerOutboxHandler,
} from './outbox.server';
import { queueEmail, resetMailTransport } from '../mail/mail.server';

const SHOP = 'outbox-shop.myshopify.com';
const kind = 'shopify.draftOrder' as const;

async function message(dedupeKey: string) {
  return prisma.outboxMessage.findUniqueOrThrow({ where: { dedupeKey } });
}

describe('durable outbox', () => {
  it('retries a failing delivery with growing backoff, then marks it sent', async () => {
    let calls = 0;
    registerOutboxHandler(kind, async () => {
      calls += 1;
      if (calls === 1) throw new Error('Shopify answered 503');
      return { status: 'sent' };
    });
    await enqueue(prisma, { shop: SHOP, kind, payload: { groupOrderId: 1 }, dedupeKey: 'retry' });
    await processOutboxOnce({ kinds: [kind] });
    const failed = await message('retry');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Shopify answered 503' });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    expect(await processOutboxOnce({ kinds: [kind] })).toBe(0); // not due yet
    await processOutboxOnce({ kinds: [kind], now: new Date(Date.now() + 60_000) });
    expect(await message('retry')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(calls).toBe(2);
  });

  it('stops at a permanent error', async () => {
    registerOutboxHandler(kind, async () => {
      throw new PermanentOutboxError('Line 1: variant does not exist');
    });
    await enqueue(prisma, { shop: SHOP, kind, payload: {}, dedupeKey: 'permanent' });
    await processOutboxOnce({ kinds: [kind] });
    expect(await message('permanent')).toMatchObject({
      status: 'failed',
      lastError: 'Line 1: variant does not exist',
    });
  });

  it('keeps work queued again while it was being delivered', async () => {
    let deliveries = 0;
    registerOutboxHandler(kind, async () => {
      deliveries += 1;
      // The order is reopened and resubmitted while the first sync is in flight.
      if (deliveries === 1)
        await enqueue(prisma, { shop: SHOP, kind, payload: { v: 2 }, dedupeKey: 'rearmed' });
      return { status: 'sent' };
    });
    await enqueue(prisma, { shop: SHOP, kind, payload: { v: 1 }, dedupeKey: 'rearmed' });
    await processOutboxOnce({ kinds: [kind] });
    expect(await message('rearmed')).toMatchObject({ status: 'pending', payload: '{"v":2}' });
    await processOutboxOnce({ kinds: [kind] });
    expect(await message('rearmed')).toMatchObject({ status: 'sent' });
    expect(deliveries).toBe(2);
  });

  it('holds e-mail in the outbox when no SMTP server is configured', async () => {
    const queued = await queueEmail(prisma, SHOP, {
      to: 'guest@example.com',
      subject: 'Join us',
      text: 'Hi',
    });
    await processOutboxOnce({ kinds: ['email'] });
    const held = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(held.status).toBe('held');
  });

  it('backs off exponentially with a cap', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(2000);
    expect(backoffMs(2, mid)).toBe(4000);
    expect(backoffMs(30, mid)).toBe(600_000);
  });
});

describe('a worker that dies mid-send', () => {
  // A real SMTP receiver: `delivered` holds the messages it accepted (DATA completed); while `stall` is
  // set it reads a message but never answers, so the sender hangs in the middle of sending it.
  let server: SMTPServer;
  let smtpUrl: string;
  const delivered: string[] = [];
  let stall = false;
  let stalled: () => void = () => {};

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200, // the killed worker's half-sent connection is not worth waiting for
      onData(stream, session, callback) {
        stream.resume();
        if (stall) {
          stream.on('end', () => stalled());
          return; // never answers: the client is left mid-send
        }
        stream.on('end', () => {
          delivered.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetMailTransport();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(async () => {
    delivered.length = 0;
    stall = false;
    await prisma.outboxMessage.deleteMany();
    process.env.SMTP_URL = smtpUrl;
    resetMailTransport();
  });

  const email = (to: string) => ({ to, subject: 'Join our group order', text: 'Hi' });
  const afterLease = () => new Date(Date.now() + OUTBOX_LEASE_MS + 1000);

  it('retries a message left "sending" once its lease ran out, and delivers it exactly once', async () => {
    const queued = await queueEmail(prisma, SHOP, email('stuck@example.com'));
    // What a worker that died after claiming leaves behind.
    await prisma.outboxMessage.update({
      where: { id: queued.id },
      data: {
        status: 'sending',
        attempts: 1,
        claimToken: 'worker-that-died',
        leaseUntil: new Date(Date.now() + OUTBOX_LEASE_MS),
      },
    });
    // Still within the lease: the dead worker might be alive and sending, so nobody else touches it.
    await processOutboxOnce({ kinds: ['email'] });
    expect(delivered).toEqual([]);

    await processOutboxOnce({ kinds: ['email'], now: afterLease() });
    await processOutboxOnce({ kinds: ['email'], now: afterLease() });
    expect(delivered).toEqual(['stuck@example.com']);
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'sent',
      attempts: 2,
      claimToken: null,
    });
  });

  it('lets a late finisher change nothing once another worker took the message over', async () => {
    const kindUnderTest = 'shopify.draftOrder' as const;
    let release: (value: unknown) => void = () => {};
    let entered: () => void = () => {};
    const firstEntered = new Promise<void>((resolve) => (entered = resolve));
    let calls = 0;
    registerOutboxHandler(kindUnderTest, async () => {
      calls += 1;
      if (calls === 1) {
        entered();
        await new Promise((resolve) => (release = resolve));
        throw new Error('Shopify answered 503'); // the slow first worker finally fails
      }
      return { status: 'sent' };
    });
    const queued = await enqueue(prisma, { shop: SHOP, kind: kindUnderTest, payload: {}, dedupeKey: 'late' });
    const slow = processOutboxOnce({ kinds: [kindUnderTest] });
    await firstEntered;
    await processOutboxOnce({ kinds: [kindUnderTest], now: afterLease() });
    release(undefined);
    await slow;
    expect(calls).toBe(2);
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'sent',
      lastError: null,
    });
  });

  it('delivers once after the worker process is killed while sending', async () => {
    const queued = await queueEmail(prisma, SHOP, email('crash@example.com'));
    stall = true;
    const inDataPhase = new Promise<void>((resolve) => (stalled = resolve));
    const child = spawn(
      path.resolve('node_modules/.bin/tsx'),
      [path.resolve('test/support/outboxWorkerChild.ts')],
      { env: { ...process.env, SMTP_URL: smtpUrl, VITEST: '' }, stdio: 'pipe' },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await Promise.race([
      inDataPhase,
      exited.then((code) => {
        throw new Error(`The worker exited (${code}) before sending: ${output}`);
      }),
    ]);
    // The worker has claimed the message and is in the middle of sending it.
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'sending',
    });
    child.kill('SIGKILL');
    await exited;
    stall = false;

    expect(await processOutboxOnce({ kinds: ['email'] })).toBe(0); // its lease still holds
    await processOutboxOnce({ kinds: ['email'], now: afterLease() });
    await processOutboxOnce({ kinds: ['email'], now: afterLease() });
    expect(delivered).toEqual(['crash@example.com']);
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  }, 30_000);
});
