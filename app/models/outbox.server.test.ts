import { describe, expect, it } from 'vitest';
import prisma from '../db.server';
import {
  backoffMs,
  enqueue,
  PermanentOutboxError,
  processOutboxOnce,
  registerOutboxHandler,
} from './outbox.server';
import { queueEmail } from './mail.server';

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
