import { beforeAll, describe, expect, it } from 'vitest';
import { asHttp } from '../../../test/support/http';
import { formatTime12 } from '../../lib/time';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { sendInvitations } from './invitations.server';
import { extendDeadline } from './hosting.server';
import { setGroupOrderStatus } from './submitOrder.server';
import {
  declineInvitation,
  findInviteeByToken,
  inviteeStates,
  inviteToken,
  joinedByInvitation,
} from './invitees.server';
import { moveKitchenState } from '../kitchen/kitchen.server';
import { removeItem } from './guestChanges.server';
import { resolveGuest } from './guests.server';
import { inPrismaTransaction } from '../../db/query.server';
import { confirmCart } from './orderItems.server';
import { processOutboxOnce } from '../outbox/outbox.server';
import '../outbox/outbox-handlers.server';
import { deadlineKey, reminderKey } from './orderJobs.server';
import { missingBoard, sendReminderNow, updateOrderSchedule } from './schedule.server';

// Issue 12 part 3: who is still missing (invitees and their states, "I'm not ordering this time" through
// the invitee's own token), reminders by hand (rate-limited) and automatic, and the deadline job
// (auto-submit or tell the host), all run from outbox rows that wait until their time.

const SITE = 'https://shop.example/apps/group-order';
let latteId: number;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  latteId = (await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Latte' } })).id;
});

async function refusal(promise: Promise<unknown>) {
  try {
    await asHttp(promise);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: (await error.json()).message };
    throw error;
  }
  throw new Error('expected a refusal');
}

// Each order has its own name and host address, so a test reads only its own order's e-mails even when a
// pass of the outbox runs the jobs other tests armed.
let orders = 0;
async function order(overrides: Record<string, unknown> = {}) {
  orders += 1;
  return createTestGroupOrder({
    name: `Order ${orders}`,
    hostEmail: `host${orders}@example.com`,
    ...overrides,
  });
}

async function invite(id: number, hostToken: string, emails: string[]) {
  return sendInvitations(TEST_SHOP, id, emails, { hostToken }, SITE, { client: `${TEST_SHOP}:${id}` });
}

async function tokenOf(groupOrderId: number, email: string) {
  return inviteToken(await prisma.invitee.findFirstOrThrow({ where: { groupOrderId, email } }));
}

async function addItem(groupOrderId: number, guestName: string, guestEmail: string | null) {
  await confirmCart(TEST_SHOP, {
    groupOrderId,
    confirmationKey: `k-${groupOrderId}-${guestName}`,
    guestName,
    guestInitials: null,
    guestEmail,
    specialInstructions: null,
    items: [{ menuItemId: latteId, quantity: 2, selectedModifiers: [] }],
  });
}

async function statesOf(id: number) {
  return Object.fromEntries(
    (await inviteeStates(prisma, TEST_SHOP, id)).map(({ invitee, state }) => [invitee.email, state]),
  );
}

const lastId = async () => (await prisma.outboxMessage.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0;
async function mailsAfter(since: number, about: { name: string | null }) {
  const rows = await prisma.outboxMessage.findMany({
    where: { kind: 'email', id: { gt: since } },
    orderBy: { id: 'asc' },
  });
  return rows
    .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
    .filter((mail) => mail.text.includes(`"${about.name}"`) || mail.subject.includes(`"${about.name}"`));
}

const job = (key: string) => prisma.outboxMessage.findUnique({ where: { dedupeKey: key } });
const runJobs = (now: Date) => processOutboxOnce({ now, kinds: ['schedule.reminder', 'schedule.deadline'] });

describe('who is still missing', () => {
  it('lists each invited address once, with its own links in the invitation', async () => {
    const { order: o, hostToken } = await order();
    const before = await lastId();
    await invite(o.id, hostToken, ['Ana@Example.com', 'ben@example.com']);
    const mails = await mailsAfter(before, o);
    const token = await tokenOf(o.id, 'ana@example.com');
    const ana = mails.find((m) => m.to === 'ana@example.com')!;
    expect(ana.text).toContain(`${SITE}/join/${o.code}?invite=${encodeURIComponent(token)}`);
    expect(ana.text).toContain(
      `Not ordering this time? Open this link and tap "I'm not ordering this time" to let Hannah Host know:`,
    );
    expect(ana.text).toContain(`${SITE}/not-ordering/${encodeURIComponent(token)}`);
    // Ben's mail carries Ben's token, not Ana's.
    expect(mails.find((m) => m.to === 'ben@example.com')!.text).not.toContain(token);
    expect(await statesOf(o.id)).toEqual({ 'ana@example.com': 'invited', 'ben@example.com': 'invited' });
  });

  it('moves invitees through joined, ordered and not ordering; joining again moves them on', async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com', 'ben@example.com', 'cat@example.com']);
    const cat = await tokenOf(o.id, 'cat@example.com');
    // Ben joins with his address (no link), Ana orders, Cat says she is not ordering.
    await prisma.$transaction((tx) =>
      resolveGuest(inPrismaTransaction(tx), TEST_SHOP, o.id, { name: 'Ben', email: 'ben@example.com' }),
    );
    await addItem(o.id, 'Ana', 'ana@example.com');
    const first = await declineInvitation(TEST_SHOP, cat);
    const again = await declineInvitation(TEST_SHOP, cat);
    expect(again.declinedAt.getTime()).toBe(first.declinedAt.getTime());
    expect(await statesOf(o.id)).toEqual({
      'ana@example.com': 'ordered',
      'ben@example.com': 'joined',
      'cat@example.com': 'not-ordering',
    });
    // Cat changes her mind through her invitation link: joined, then ordered.
    await prisma.$transaction(async (tx) => {
      const guest = await resolveGuest(inPrismaTransaction(tx), TEST_SHOP, o.id, { name: 'Cat' });
      await joinedByInvitation(tx, TEST_SHOP, o.id, cat, guest.id);
    });
    expect((await statesOf(o.id))['cat@example.com']).toBe('joined');
    await addItem(o.id, 'Cat', null);
    expect((await statesOf(o.id))['cat@example.com']).toBe('ordered');
    // Having ordered, "not ordering" is refused with a sentence.
    expect(await refusal(declineInvitation(TEST_SHOP, cat))).toEqual({
      status: 409,
      message:
        'You have already added an order. If you are not ordering after all, remove your items from your order page.',
    });
  });

  it("refuses a stranger's, a changed or another shop's token, and never declines for someone else", async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com', 'ben@example.com']);
    const ana = await tokenOf(o.id, 'ana@example.com');
    const ben = await prisma.invitee.findFirstOrThrow({
      where: { groupOrderId: o.id, email: 'ben@example.com' },
    });
    const [, signature] = ana.split('.');
    const forged = [`${ben.id}.${signature}`, `${ana}x`, 'abc', `${ben.id}.${'A'.repeat(32)}`];
    for (const token of forged) {
      expect(await findInviteeByToken(TEST_SHOP, token)).toBeNull();
      expect((await refusal(declineInvitation(TEST_SHOP, token))).status).toBe(404);
    }
    expect(await findInviteeByToken(OTHER_SHOP, ana)).toBeNull();
    expect((await refusal(declineInvitation(OTHER_SHOP, ana))).status).toBe(404);
    // Another order's guest cannot become Ana by using her token on their order.
    const { order: other } = await order();
    const guest = await prisma.$transaction((tx) =>
      resolveGuest(inPrismaTransaction(tx), TEST_SHOP, other.id, { name: 'Mallory' }),
    );
    expect(
      await prisma.$transaction((tx) => joinedByInvitation(tx, TEST_SHOP, other.id, ana, guest.id)),
    ).toBeNull();
    expect(await statesOf(o.id)).toEqual({ 'ana@example.com': 'invited', 'ben@example.com': 'invited' });
  });

  it('shows the board to the host only', async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com']);
    const board = await missingBoard(TEST_SHOP, o.id, { hostToken });
    expect(board.invitees).toMatchObject([
      { email: 'ana@example.com', state: 'invited', stateText: 'Invited' },
    ]);
    expect((await refusal(missingBoard(TEST_SHOP, o.id, {}))).status).toBe(401);
    expect((await refusal(missingBoard(TEST_SHOP, o.id, { hostToken: 'not-the-token' }))).status).toBe(403);
    expect((await refusal(missingBoard(OTHER_SHOP, o.id, { hostToken }))).status).toBe(404);
  });
});

describe('reminders', () => {
  it('e-mails everyone who has not ordered and not declined, once per 15 minutes', async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com', 'ben@example.com', 'cat@example.com']);
    await addItem(o.id, 'Ana', 'ana@example.com');
    await declineInvitation(TEST_SHOP, await tokenOf(o.id, 'ben@example.com'));
    const before = await lastId();
    const client = `${TEST_SHOP}:reminder-${o.id}`;
    expect(await sendReminderNow(TEST_SHOP, o.id, { hostToken }, SITE, client)).toEqual({
      sent: 1,
      total: 1,
    });
    const mails = await mailsAfter(before, o);
    expect(mails.map((m) => m.to)).toEqual(['cat@example.com']);
    expect(mails[0].subject).toMatch(new RegExp(`^Reminder: add your order to "${o.name}" by `));
    expect(mails[0].text).toContain(
      `${SITE}/not-ordering/${encodeURIComponent(await tokenOf(o.id, 'cat@example.com'))}`,
    );
    const refused = await refusal(sendReminderNow(TEST_SHOP, o.id, { hostToken }, SITE, client));
    expect(refused.status).toBe(429);
    // One sentence with the time (the order's zone) the next reminder can go: 15 minutes after this one.
    const next = new Date(Date.now() + 15 * 60_000);
    expect([
      formatTime12(next, o.timeZone),
      formatTime12(new Date(next.getTime() - 60_000), o.timeZone),
    ]).toContain(/^You can send the next reminder at (.+)\.$/.exec(refused.message)?.[1]);
    expect(await mailsAfter(before, o)).toHaveLength(1);
  });

  it('refuses guests, strangers and another shop, and submitted or expired orders', async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com']);
    const before = await lastId();
    const client = `${TEST_SHOP}:refusals`;
    expect((await refusal(sendReminderNow(TEST_SHOP, o.id, {}, SITE, client))).status).toBe(401);
    expect(
      (await refusal(sendReminderNow(TEST_SHOP, o.id, { hostToken: 'guess' }, SITE, client))).status,
    ).toBe(403);
    expect((await refusal(sendReminderNow(OTHER_SHOP, o.id, { hostToken }, SITE, client))).status).toBe(404);
    const { order: late, hostToken: lateToken } = await order({ deadlineAt: new Date(Date.now() - 60_000) });
    expect(
      await refusal(sendReminderNow(TEST_SHOP, late.id, { hostToken: lateToken }, SITE, client)),
    ).toEqual({
      status: 409,
      message: 'The ordering deadline has passed. Extend it before reminding people.',
    });
    expect(await mailsAfter(before, o)).toHaveLength(0);
  });
});

describe('the durable schedule', () => {
  it('arms the reminder and deadline jobs, and moves them with the deadline', async () => {
    const { order: o, hostToken } = await order({ pickupAt: new Date(Date.now() + 120 * 60_000) });
    await updateOrderSchedule(TEST_SHOP, o.id, { hostToken }, { autoSubmit: true, reminderMinutes: 10 });
    expect((await job(deadlineKey(o.id)))!.nextAttemptAt.getTime()).toBe(o.deadlineAt.getTime());
    expect((await job(reminderKey(o.id)))!.nextAttemptAt.getTime()).toBe(
      o.deadlineAt.getTime() - 10 * 60_000,
    );
    const { order: moved } = await extendDeadline(TEST_SHOP, o.id, { hostToken });
    expect(moved.deadlineAt.getTime()).toBe(o.deadlineAt.getTime() + 15 * 60_000);
    expect((await job(deadlineKey(o.id)))!.nextAttemptAt.getTime()).toBe(moved.deadlineAt.getTime());
    expect((await job(reminderKey(o.id)))!.nextAttemptAt.getTime()).toBe(
      moved.deadlineAt.getTime() - 10 * 60_000,
    );
    // Turning the reminder off cancels its job.
    await updateOrderSchedule(TEST_SHOP, o.id, { hostToken }, { autoSubmit: true, reminderMinutes: null });
    expect((await job(reminderKey(o.id)))!.status).toBe('cancelled');
    // Nothing runs before its time.
    const before = await lastId();
    await runJobs(new Date(moved.deadlineAt.getTime() - 11 * 60_000));
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: o.id } })).status).toBe('active');
    expect(await mailsAfter(before, o)).toHaveLength(0);
  });

  it('sends the automatic reminder once per deadline, even when its job runs again', async () => {
    const { order: o, hostToken } = await order();
    await invite(o.id, hostToken, ['ana@example.com', 'ben@example.com']);
    await addItem(o.id, 'Ana', 'ana@example.com');
    await updateOrderSchedule(TEST_SHOP, o.id, { hostToken }, { autoSubmit: false, reminderMinutes: 10 });
    const before = await lastId();
    await runJobs(new Date(o.deadlineAt.getTime() - 9 * 60_000));
    expect((await mailsAfter(before, o)).map((m) => m.to)).toEqual(['ben@example.com']);
    // As after a crash between the work and marking the job done: the job is due again.
    await prisma.outboxMessage.update({
      where: { dedupeKey: reminderKey(o.id) },
      data: { status: 'pending', nextAttemptAt: new Date(0) },
    });
    await runJobs(new Date(o.deadlineAt.getTime() - 9 * 60_000));
    expect((await mailsAfter(before, o)).map((m) => m.to)).toEqual(['ben@example.com']);
  });

  it('auto-submits at the deadline through the host submit, once, with the receipt', async () => {
    const { order: o, hostToken } = await order();
    await addItem(o.id, 'Ana', 'ana@example.com');
    await updateOrderSchedule(TEST_SHOP, o.id, { hostToken }, { autoSubmit: true, reminderMinutes: null });
    const before = await lastId();
    await runJobs(new Date(o.deadlineAt.getTime() + 1000));
    const after = await prisma.groupOrder.findUniqueOrThrow({ where: { id: o.id } });
    expect(after.status).toBe('submitted');
    expect(after.shopifyState).toBe('pending');
    const mails = await mailsAfter(before, o);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@example.com', o.hostEmail]);
    expect(mails.find((m) => m.to === o.hostEmail)!.text).toMatch(
      new RegExp(
        `^"${o.name}" was submitted automatically at its deadline \\(code ${o.code}\\): 2 items from 1 person`,
      ),
    );
    expect(
      await prisma.outboxMessage.count({ where: { dedupeKey: `draft-order:${o.id}` } }),
    ).toBeLessThanOrEqual(1);
    await prisma.outboxMessage.update({
      where: { dedupeKey: deadlineKey(o.id) },
      data: { status: 'pending', nextAttemptAt: new Date(0) },
    });
    await runJobs(new Date(o.deadlineAt.getTime() + 2000));
    expect(await mailsAfter(before, o)).toHaveLength(2);
  });

  it('without auto-submit tells the host the order waits; with no items says nobody ordered', async () => {
    const { order: waiting, hostToken } = await order();
    await addItem(waiting.id, 'Ana', 'ana@example.com');
    await updateOrderSchedule(
      TEST_SHOP,
      waiting.id,
      { hostToken },
      { autoSubmit: false, reminderMinutes: null },
    );
    const { order: empty, hostToken: emptyToken } = await order();
    await updateOrderSchedule(
      TEST_SHOP,
      empty.id,
      { hostToken: emptyToken },
      { autoSubmit: true, reminderMinutes: null },
    );
    const before = await lastId();
    await runJobs(new Date(Math.max(waiting.deadlineAt.getTime(), empty.deadlineAt.getTime()) + 1000));
    const mails = [...(await mailsAfter(before, waiting)), ...(await mailsAfter(before, empty))];
    expect(mails.map((m) => m.subject)).toEqual([
      `"${waiting.name}" is waiting for you to submit it`,
      `Nobody ordered in "${empty.name}"`,
    ]);
    expect(mails[0].text).toContain(`/host/dashboard/${waiting.id}`);
    for (const id of [waiting.id, empty.id]) {
      expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id } })).status).toBe('active');
    }
  });

  it('does nothing for an order submitted by hand, and a reopen before the deadline re-arms', async () => {
    const { order: o, hostToken } = await order();
    await addItem(o.id, 'Ana', 'ana@example.com');
    await updateOrderSchedule(TEST_SHOP, o.id, { hostToken }, { autoSubmit: true, reminderMinutes: 10 });
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    expect((await job(deadlineKey(o.id)))!.status).toBe('cancelled');
    expect((await job(reminderKey(o.id)))!.status).toBe('cancelled');
    await setGroupOrderStatus(TEST_SHOP, o.id, 'active', { hostToken });
    expect((await job(deadlineKey(o.id)))!.status).toBe('pending');
    // Submitted again by hand while a worker had already claimed the deadline job: it does nothing.
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    await prisma.outboxMessage.update({
      where: { dedupeKey: deadlineKey(o.id) },
      data: { status: 'pending', nextAttemptAt: new Date(0) },
    });
    const before = await lastId();
    await runJobs(new Date(o.deadlineAt.getTime() + 1000));
    expect(await mailsAfter(before, o)).toHaveLength(0);
  });

  it('refuses schedule changes from others and after submit', async () => {
    const { order: o, hostToken } = await order();
    const input = { autoSubmit: true, reminderMinutes: 5 };
    expect((await refusal(updateOrderSchedule(TEST_SHOP, o.id, {}, input))).status).toBe(401);
    expect((await refusal(updateOrderSchedule(TEST_SHOP, o.id, { hostToken: 'x' }, input))).status).toBe(403);
    expect((await refusal(updateOrderSchedule(OTHER_SHOP, o.id, { hostToken }, input))).status).toBe(404);
    expect(await job(deadlineKey(o.id))).toBeNull();
  });
});

describe('after the kitchen moved the order', () => {
  it('the host can no longer remove items', async () => {
    const { order: o, hostToken } = await order();
    await addItem(o.id, 'Ana', 'ana@example.com');
    await setGroupOrderStatus(TEST_SHOP, o.id, 'submitted', { hostToken });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { groupOrderId: o.id } });
    await moveKitchenState(TEST_SHOP, o.id, { to: 'received', actor: 'Staff' });
    expect(await refusal(removeItem(TEST_SHOP, item.id, { host: { hostToken } }))).toEqual({
      status: 409,
      message:
        'The kitchen has started on this order, so items can no longer be removed. Please contact the shop.',
    });
    expect(await prisma.orderItem.count({ where: { groupOrderId: o.id } })).toBe(1);
  });
});
