import type { Prisma } from '@prisma/client';
import prisma from '../db.server';
import { env } from '../env.server';

type Tx = Prisma.TransactionClient | typeof prisma;

export type OutboxKind = 'email' | 'shopify.draftOrder';

export type OutboxResult = { status: 'sent' } | { status: 'held'; reason: string };

/** Thrown by a handler when retrying cannot help (bad data, rejected by Shopify). */
export class PermanentOutboxError extends Error {}

type Handler = (message: {
  id: number;
  shop: string;
  payload: unknown;
  attempts: number;
}) => Promise<OutboxResult>;

const handlers = new Map<OutboxKind, Handler>();

export function registerOutboxHandler(kind: OutboxKind, handler: Handler) {
  handlers.set(kind, handler);
}

/**
 * Queues work in the caller's transaction, so the change and its side effect commit together. A
 * dedupeKey collapses repeats: enqueueing again while one is pending refreshes its payload instead.
 */
export async function enqueue(
  tx: Tx,
  input: { shop: string; kind: OutboxKind; payload: unknown; dedupeKey?: string },
) {
  const payload = JSON.stringify(input.payload);
  if (input.dedupeKey) {
    return tx.outboxMessage.upsert({
      where: { dedupeKey: input.dedupeKey },
      create: { shop: input.shop, kind: input.kind, payload, dedupeKey: input.dedupeKey },
      update: { payload, status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null },
    });
  }
  return tx.outboxMessage.create({ data: { shop: input.shop, kind: input.kind, payload } });
}

const MAX_ATTEMPTS = 8;

/** 2s, 4s, 8s ... capped at 10 minutes, with jitter so many instances do not retry in lockstep. */
export function backoffMs(attempts: number, random = Math.random) {
  const base = Math.min(2000 * 2 ** Math.max(0, attempts - 1), 600_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Delivers what is due, oldest first. Returns how many messages were attempted. */
export async function processOutboxOnce(options: { now?: Date; limit?: number; kinds?: OutboxKind[] } = {}) {
  const now = options.now ?? new Date();
  const due = await prisma.outboxMessage.findMany({
    where: {
      status: 'pending',
      nextAttemptAt: { lte: now },
      ...(options.kinds ? { kind: { in: options.kinds } } : {}),
    },
    orderBy: { id: 'asc' },
    take: options.limit ?? 20,
  });
  for (const message of due) {
    // Claim it first so a second worker (another instance) skips it.
    const claimed = await prisma.outboxMessage.updateMany({
      where: { id: message.id, status: 'pending', updatedAt: message.updatedAt },
      data: { status: 'sending', attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue;
    const handler = handlers.get(message.kind as OutboxKind);
    const attempts = message.attempts + 1;
    try {
      if (!handler) throw new Error(`No handler for ${message.kind}`);
      const result = await handler({
        id: message.id,
        shop: message.shop,
        payload: JSON.parse(message.payload),
        attempts,
      });
      // Only while still ours: enqueue() may have re-armed it (status pending, new payload) meanwhile,
      // e.g. an order reopened and resubmitted during delivery; that newer work must not be marked done.
      await prisma.outboxMessage.updateMany({
        where: { id: message.id, status: 'sending' },
        data:
          result.status === 'sent'
            ? { status: 'sent', sentAt: new Date(), lastError: null }
            : { status: 'held', lastError: result.reason },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentOutboxError || attempts >= MAX_ATTEMPTS;
      await prisma.outboxMessage.updateMany({
        where: { id: message.id, status: 'sending' },
        data: permanent
          ? { status: 'failed', lastError: reason }
          : {
              status: 'pending',
              lastError: reason,
              nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
            },
      });
    }
  }
  return due.length;
}

let timer: NodeJS.Timeout | undefined;

/** Background delivery inside the app process; tests call processOutboxOnce directly instead. */
export function startOutboxWorker() {
  if (timer || env.NODE_ENV === 'test' || process.env.VITEST) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    processOutboxOnce()
      .catch((error) => console.error('Outbox delivery failed', error))
      .finally(() => {
        running = false;
      });
  }, env.OUTBOX_POLL_MS);
  timer.unref();
}
