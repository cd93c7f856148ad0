import { randomUUID } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { env } from '../../env.server';

type Tx = Prisma.TransactionClient | typeof prisma;

export type OutboxKind =
  | 'email'
  | 'shopify.draftOrder'
  | 'shopify.shareDraft'
  | 'shopify.shareRefund'
  | 'schedule.reminder'
  | 'schedule.deadline';

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
 * runAt makes it wait (a scheduled job: nothing delivers it before then); re-enqueueing moves it.
 */
export async function enqueue(
  tx: Tx,
  input: { shop: string; kind: OutboxKind; payload: unknown; dedupeKey?: string; runAt?: Date },
) {
  const payload = JSON.stringify(input.payload);
  const nextAttemptAt = input.runAt ?? new Date();
  if (input.dedupeKey) {
    return tx.outboxMessage.upsert({
      where: { dedupeKey: input.dedupeKey },
      create: { shop: input.shop, kind: input.kind, payload, dedupeKey: input.dedupeKey, nextAttemptAt },
      // Re-arming also voids a current claim: a delivery still in flight can no longer mark it done.
      update: {
        payload,
        status: 'pending',
        attempts: 0,
        nextAttemptAt,
        lastError: null,
        claimToken: null,
        leaseUntil: null,
      },
    });
  }
  return tx.outboxMessage.create({ data: { shop: input.shop, kind: input.kind, payload, nextAttemptAt } });
}

const MAX_ATTEMPTS = 8;

/**
 * How long a claim holds without renewal. The worker renews it every third of this while a handler runs,
 * so only a worker that stopped (crash, kill, lost machine) lets it run out; then the message is due again.
 */
export const OUTBOX_LEASE_MS = 60_000;

/** 2s, 4s, 8s ... capped at 10 minutes, with jitter so many instances do not retry in lockstep. */
export function backoffMs(attempts: number, random = Math.random) {
  const base = Math.min(2000 * 2 ** Math.max(0, attempts - 1), 600_000);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Due now: waiting for its (next) attempt, or claimed by a worker whose lease ran out. */
function dueWhere(now: Date): Prisma.OutboxMessageWhereInput {
  return {
    OR: [
      { status: 'pending', nextAttemptAt: { lte: now } },
      { status: 'sending', OR: [{ leaseUntil: { lt: now } }, { leaseUntil: null }] },
    ],
  };
}

/**
 * Delivers what is due, oldest first. Returns how many messages were attempted.
 *
 * Each message is claimed with a conditional UPDATE (portable: SQLite and PostgreSQL alike), so of two
 * workers only one wins it. The claim carries a fresh token and a lease; every later write names the token,
 * so a worker whose claim was taken over or re-armed meanwhile changes nothing.
 */
export async function processOutboxOnce(
  options: { now?: Date; limit?: number; kinds?: OutboxKind[]; leaseMs?: number } = {},
) {
  const now = options.now ?? new Date();
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const kinds = options.kinds ? { kind: { in: options.kinds } } : {};
  const due = await prisma.outboxMessage.findMany({
    where: { ...dueWhere(now), ...kinds },
    orderBy: { id: 'asc' },
    take: options.limit ?? 20,
    select: { id: true },
  });
  let attempted = 0;
  for (const { id } of due) {
    if (await claimAndDeliver(id, now, leaseMs)) attempted += 1;
  }
  return attempted;
}

/**
 * Delivers these messages now, in the caller's request (e.g. invitations, so the page can report real
 * SMTP results), through the same claim and lease as the worker. Returns how many this call attempted.
 */
export async function deliverMessagesNow(ids: number[], options: { leaseMs?: number } = {}) {
  let attempted = 0;
  for (const id of ids) {
    if (await claimAndDeliver(id, new Date(), options.leaseMs ?? OUTBOX_LEASE_MS)) attempted += 1;
  }
  return attempted;
}

async function claimAndDeliver(id: number, now: Date, leaseMs: number) {
  const token = randomUUID();
  const claimed = await prisma.outboxMessage.updateMany({
    where: { id, ...dueWhere(now) },
    data: {
      status: 'sending',
      claimToken: token,
      leaseUntil: new Date(now.getTime() + leaseMs),
      attempts: { increment: 1 },
    },
  });
  if (claimed.count === 0) return false;
  // Read what was claimed (not what was listed): enqueue() may have refreshed the payload in between.
  const message = await prisma.outboxMessage.findFirst({ where: { id, claimToken: token } });
  if (!message) return false;
  await deliver(message, token, now, leaseMs);
  return true;
}

type Claimed = { id: number; shop: string; kind: string; payload: string; attempts: number };

async function deliver(message: Claimed, token: string, now: Date, leaseMs: number) {
  const ours = { id: message.id, claimToken: token, status: 'sending' };
  const release = { claimToken: null, leaseUntil: null };
  if (message.attempts > MAX_ATTEMPTS) {
    // Claimed and abandoned again and again (each time the worker died): stop before it does more harm.
    await prisma.outboxMessage.updateMany({
      where: ours,
      data: { status: 'failed', lastError: 'Delivery was interrupted too many times.', ...release },
    });
    return;
  }
  const renew = setInterval(
    () => {
      prisma.outboxMessage
        .updateMany({ where: ours, data: { leaseUntil: new Date(Date.now() + leaseMs) } })
        .catch((error) => console.error('Could not renew an outbox lease', error));
    },
    Math.max(1000, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  const handler = handlers.get(message.kind as OutboxKind);
  try {
    if (!handler) throw new Error(`No handler for ${message.kind}`);
    const result = await handler({
      id: message.id,
      shop: message.shop,
      payload: JSON.parse(message.payload),
      attempts: message.attempts,
    });
    clearInterval(renew);
    // Only while still ours: enqueue() may have re-armed it (status pending, new payload) meanwhile,
    // e.g. an order reopened and resubmitted during delivery; that newer work must not be marked done.
    await prisma.outboxMessage.updateMany({
      where: ours,
      data:
        result.status === 'sent'
          ? { status: 'sent', sentAt: new Date(), lastError: null, ...release }
          : { status: 'held', lastError: result.reason, ...release },
    });
  } catch (error) {
    clearInterval(renew);
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentOutboxError || message.attempts >= MAX_ATTEMPTS;
    await prisma.outboxMessage.updateMany({
      where: ours,
      data: permanent
        ? { status: 'failed', lastError: reason, ...release }
        : {
            status: 'pending',
            lastError: reason,
            nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts)),
            ...release,
          },
    });
  }
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
