import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SHOP } from '../support/requests';

// Issue 12, part 3: reminders and auto-submit run from the outbox, exactly once, with two app instances'
// workers (separate processes on the same database: the SQLite file, or PostgreSQL with
// `npm run test:pg -- test/security/schedule.test.ts`) racing for the same jobs, one of them SIGKILLed while
// they work and a third started in its place (a restart). Every e-mail goes through a real SMTP receiver,
// which is a little slow so that the kill lands while jobs and e-mails are in flight.

const ORDERS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A header as sent (RFC 2047 encoded words, e.g. for the narrow spaces in "10:00 am"), as people read it. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const received: { to: string; subject: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk) => (data += chunk.toString()));
    stream.on('end', () => {
      setTimeout(() => {
        const raw = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(data)?.[1].replace(/\r\n[ \t]/g, ' ') ?? '';
        const subject = decodeHeader(raw);
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, subject });
        callback();
      }, 40);
    });
  },
});
smtp.on('error', () => {});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const { default: prisma } = await import('~/db.server');
const { sendInvitations } = await import('~/models/groupOrder/invitations.server');
const { declineInvitation, inviteToken } = await import('~/models/groupOrder/invitees.server');
const { confirmCart } = await import('~/models/groupOrder/orderItems.server');
const { updateOrderSchedule } = await import('~/models/groupOrder/schedule.server');
const { createTestGroupOrder, seedMenu } = await import('../support/factories');

const workers: ChildProcess[] = [];
function startWorker(name: string) {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !key.startsWith('VITEST')) env[key] = value;
  Object.assign(env, { NODE_ENV: 'development', WORKER_LEASE_MS: '2000' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/scheduleWorkerChild.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk.toString()));
  workers.push(child);
  return new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Worker ${name} did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      if (code) reject(new Error(`Worker ${name} exited (${code}): ${output}`));
    });
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

afterAll(async () => {
  for (const child of workers) await stop(child, 'SIGKILL');
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  delete process.env.SMTP_URL;
});

let latteId: number;
beforeAll(async () => {
  await seedMenu();
  latteId = (await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Latte' } })).id;
});

type Case = {
  id: number;
  host: string;
  hostToken: string;
  name: string;
  autoSubmit: boolean;
  items: boolean;
};

/** An order whose deadline is seconds away: Ana ordered, Ben said "not ordering", Cat has not answered. */
async function arrange(i: number): Promise<Case> {
  const host = `host${i}@schedule.test`;
  const autoSubmit = i !== ORDERS - 2; // one order waits for its host
  const items = i !== ORDERS - 1; // one order nobody ordered in
  const { order, hostToken } = await createTestGroupOrder({
    name: `Run ${i}`,
    hostEmail: host,
    pickupAt: new Date(Date.now() + 2 * 3600_000),
  });
  const [ana, ben, cat] = ['ana', 'ben', 'cat'].map((n) => `${n}${i}@schedule.test`);
  await sendInvitations(
    TEST_SHOP,
    order.id,
    [ana, ben, cat],
    { hostToken },
    'https://shop.example/apps/group-order',
    {
      client: `${TEST_SHOP}:schedule-${i}`,
    },
  );
  if (items) {
    await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: `schedule-${i}`,
      guestName: 'Ana',
      guestInitials: null,
      guestEmail: ana,
      specialInstructions: null,
      items: [{ menuItemId: latteId, quantity: 1, selectedModifiers: [] }],
    });
  }
  const benInvitee = await prisma.invitee.findFirstOrThrow({ where: { groupOrderId: order.id, email: ben } });
  await declineInvitation(TEST_SHOP, inviteToken(benInvitee));
  await updateOrderSchedule(TEST_SHOP, order.id, { hostToken }, { autoSubmit, reminderMinutes: 1 });
  return { id: order.id, host, hostToken, name: order.name!, autoSubmit, items };
}

/**
 * Brings the deadline to seconds from now and re-arms the jobs through the real scheduler: the reminder
 * is due at once (deadline minus 1 minute has passed), the deadline job at the deadline.
 */
async function deadlineIn(c: Case, ms: number) {
  await prisma.groupOrder.update({ where: { id: c.id }, data: { deadlineAt: new Date(Date.now() + ms) } });
  await updateOrderSchedule(
    TEST_SHOP,
    c.id,
    { hostToken: c.hostToken },
    { autoSubmit: c.autoSubmit, reminderMinutes: 1 },
  );
}

const mails = (to: string, subject: RegExp) => received.filter((m) => m.to === to && subject.test(m.subject));

describe('scheduled reminders and auto-submit with two instances and a restart', () => {
  it('reminds once and submits (or tells the host) once per order', async () => {
    const cases: Case[] = [];
    for (let i = 0; i < ORDERS; i++) cases.push(await arrange(i));
    const a = await startWorker('A');
    await startWorker('B');
    // Both instances are up: the deadlines come near (the reminders are due at once).
    for (const [i, c] of cases.entries()) await deadlineIn(c, 6000 + i * 400);
    // A dies in the middle: reminders and invitations are going out, the deadlines are near.
    await sleep(5000 + Math.floor(Math.random() * 2500));
    await stop(a, 'SIGKILL');
    await startWorker('C');

    const settled = async () => {
      const handled = await prisma.groupOrder.count({
        where: { id: { in: cases.map((c) => c.id) }, deadlineHandledFor: { not: null } },
      });
      const open = await prisma.outboxMessage.count({
        where: {
          kind: { in: ['email', 'schedule.reminder', 'schedule.deadline'] },
          status: { in: ['pending', 'sending'] },
        },
      });
      return handled === ORDERS && open === 0;
    };
    const until = Date.now() + 90_000;
    while (!(await settled()) && Date.now() < until) await sleep(250);
    expect(await settled()).toBe(true);
    await sleep(300);

    // Every e-mail the app queued, as the outbox holds it.
    const queued = (
      await prisma.outboxMessage.findMany({
        where: { kind: 'email' },
        select: { payload: true, attempts: true },
      })
    ).map((m) => ({ ...(JSON.parse(m.payload) as { to: string; subject: string }), attempts: m.attempts }));
    /**
     * Queued `times` (0 or 1) and delivered as often. SMTP has no idempotency key: a message the receiver
     * accepted in the instant before the kill (the dead worker never marked it sent, so it was claimed and
     * sent again: attempts > 1) may arrive twice, as in crash.test.ts. The jobs themselves never repeat.
     */
    const expectMail = (to: string, subject: RegExp, times: 0 | 1) => {
      const rows = queued.filter((m) => m.to === to && subject.test(m.subject));
      expect(rows, `${to} ${subject}`).toHaveLength(times);
      const arrived = mails(to, subject).length;
      expect(arrived, `${to} ${subject}`).toBeGreaterThanOrEqual(times);
      expect(arrived, `${to} ${subject}`).toBeLessThanOrEqual(times && rows[0].attempts > 1 ? 2 : times);
    };
    for (const [i, c] of cases.entries()) {
      const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: c.id } });
      const [ana, ben, cat] = ['ana', 'ben', 'cat'].map((n) => `${n}${i}@schedule.test`);
      const title = `"${c.name}"`;
      // One reminder, to Cat only (Ana ordered, Ben declined): Ana is reminded only where nobody ordered.
      expectMail(cat, /^Reminder: /, 1);
      expectMail(ben, /^Reminder: /, 0);
      expectMail(ana, /^Reminder: /, c.items ? 0 : 1);
      // One invitation each, despite the kill.
      for (const to of [ana, ben, cat]) expectMail(to, /invited you to a group order/, 1);
      if (c.items && c.autoSubmit) {
        expect(order.status).toBe('submitted');
        expectMail(c.host, new RegExp(`^Receipt: ${title} submitted$`), 1);
        expectMail(ana, /has been submitted$/, 1);
        expect(
          await prisma.outboxMessage.count({
            where: { kind: 'shopify.draftOrder', dedupeKey: `draft-order:${c.id}` },
          }),
        ).toBe(1);
      } else {
        expect(order.status).toBe('active');
        expectMail(c.host, /^Receipt: /, 0);
        const notice = c.items ? `${title} is waiting for you to submit it` : `Nobody ordered in ${title}`;
        expectMail(c.host, new RegExp(`^${notice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), 1);
      }
    }
    // The jobs ran to the end: none failed, none left for later.
    const jobs = await prisma.outboxMessage.findMany({
      where: { kind: { in: ['schedule.reminder', 'schedule.deadline'] } },
      select: { status: true, lastError: true },
    });
    expect(jobs.filter((j) => j.status !== 'sent' && j.status !== 'cancelled')).toEqual([]);
  }, 180_000);
});
