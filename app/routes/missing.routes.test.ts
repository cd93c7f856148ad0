import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { inviteToken } from '~/models/groupOrder/invitees.server';
import { createOrderBody, createTestGroupOrder, seedMenu } from '../../test/support/factories';
import {
  args,
  call as callRaw,
  type Answer,
  OTHER_SHOP,
  proxyRequest,
  TEST_SHOP,
} from '../../test/support/requests';
import { action as createAction } from './apps.group-order.api.group-orders';
import { action as inviteAction } from './apps.group-order.api.group-orders.$id.invite';
import { action as missingAction } from './apps.group-order.api.group-orders.$id.missing';
import { action as remindAction } from './apps.group-order.api.group-orders.$id.remind';
import { action as scheduleAction } from './apps.group-order.api.group-orders.$id.schedule';
import { action as joinAction, loader as joinLoader } from './apps.group-order.join.$code';
import {
  action as notOrderingAction,
  loader as notOrderingLoader,
} from './apps.group-order.not-ordering.$token';

// The routes of "who is still missing" through the signed app proxy: the host's board, reminder and
// schedule; the invitee's "I'm not ordering this time" page and join screen.

/** Like call(), and unwraps Remix's data(value, { status }) the way the server would send it. */
async function call(fn: () => Promise<unknown>) {
  const result = await callRaw(fn);
  const body = result.body as { type?: string; data?: unknown; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit')
    return { ...result, status: body.init?.status ?? 200, body: body.data as Answer };
  return result;
}

async function form(path: string, fields: Record<string, string>, shop = TEST_SHOP) {
  const signed = await proxyRequest(path, { method: 'POST', shop });
  return new Request(signed.url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: signed.headers,
  });
}

const api = (path: string, body: unknown, options: { hostToken?: string; shop?: string; ip?: string } = {}) =>
  proxyRequest(`/apps/group-order/api/group-orders/${path}`, {
    body,
    shop: options.shop,
    headers: {
      ...(options.hostToken ? { 'X-Host-Token': options.hostToken } : {}),
      'X-Forwarded-For': options.ip ?? '203.0.113.7',
    },
  });

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let hostToken: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  await seedMenu();
  ({ order, hostToken } = await createTestGroupOrder());
  const invited = await call(async () =>
    inviteAction(
      args(
        await api(`${order.id}/invite`, { emails: ['ana@example.com', 'ben@example.com'] }, { hostToken }),
        {
          id: String(order.id),
        },
      ),
    ),
  );
  expect(invited.status).toBe(200);
  const invitees = await prisma.invitee.findMany({ where: { groupOrderId: order.id } });
  tokens = Object.fromEntries(invitees.map((i) => [i.email, inviteToken(i)]));
});

describe('the host board, reminder and schedule', () => {
  it('lists invitees for the host and refuses anyone else', async () => {
    const ok = await call(async () =>
      missingAction(args(await api(`${order.id}/missing`, {}, { hostToken }), { id: String(order.id) })),
    );
    expect(ok.body.invitees.map((i: { email: string; state: string }) => [i.email, i.state])).toEqual([
      ['ana@example.com', 'invited'],
      ['ben@example.com', 'invited'],
    ]);
    const guest = await call(async () =>
      missingAction(args(await api(`${order.id}/missing`, {}), { id: String(order.id) })),
    );
    expect(guest.status).toBe(401);
    const other = await call(async () =>
      missingAction(
        args(await api(`${order.id}/missing`, {}, { hostToken, shop: OTHER_SHOP }), { id: String(order.id) }),
      ),
    );
    expect(other.status).toBe(404);
  });

  it('sends one reminder, then answers 429 with a sentence', async () => {
    const remind = async () =>
      call(async () =>
        remindAction(args(await api(`${order.id}/remind`, {}, { hostToken }), { id: String(order.id) })),
      );
    const stranger = await call(async () =>
      remindAction(
        args(await api(`${order.id}/remind`, {}, { hostToken: 'guessed-token' }), { id: String(order.id) }),
      ),
    );
    expect(stranger.status).toBe(403);
    expect(await remind()).toMatchObject({ status: 200, body: { sent: 2, total: 2 } });
    const again = await remind();
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^You can send the next reminder at \d{1,2}:\d{2} [ap]m\.$/);
    expect(Number(again.response!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('changes the schedule, validating the minutes', async () => {
    const bad = await call(async () =>
      scheduleAction(
        args(await api(`${order.id}/schedule`, { autoSubmit: true, reminderMinutes: 0 }, { hostToken }), {
          id: String(order.id),
        }),
      ),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'The reminder must go out at least 1 minute before the deadline.' },
    });
    const ok = await call(async () =>
      scheduleAction(
        args(await api(`${order.id}/schedule`, { autoSubmit: true, reminderMinutes: 15 }, { hostToken }), {
          id: String(order.id),
        }),
      ),
    );
    expect(ok.body).toMatchObject({ autoSubmit: true, reminderMinutes: 15 });
    const job = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: `reminder:${order.id}` },
    });
    expect(job.nextAttemptAt.getTime()).toBe(order.deadlineAt.getTime() - 15 * 60_000);
  });

  it('creates an order with auto-submit and a reminder, and arms both jobs', async () => {
    const body = createOrderBody({
      deadlineIn: 45,
      hostName: 'Hana',
      hostEmail: 'hana@example.com',
      companyName: 'Acme',
      autoSubmit: true,
      reminderMinutes: '10',
    });
    const created = await call(async () =>
      createAction(args(await proxyRequest('/apps/group-order/api/group-orders', { body }))),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({ autoSubmit: true, reminderMinutes: 10 });
    const deadlineJob = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: `deadline:${id}` },
    });
    expect(deadlineJob.nextAttemptAt.getTime()).toBe(saved.deadlineAt.getTime());
    const refused = await call(async () =>
      createAction(
        args(
          await proxyRequest('/apps/group-order/api/group-orders', { body: { ...body, autoSubmit: 'yes' } }),
        ),
      ),
    );
    expect(refused).toMatchObject({ status: 400, body: { message: 'Auto-submit must be true or false.' } });
  });
});

describe("the invitee's own links", () => {
  it('the e-mail link page asks first, then records "not ordering" once', async () => {
    const path = `/apps/group-order/not-ordering/${tokens['ben@example.com']}`;
    const page = await call(async () =>
      notOrderingLoader(args(await proxyRequest(path), { token: tokens['ben@example.com'] })),
    );
    expect(page.body.view).toMatchObject({ hostName: 'Hannah Host', declined: false });
    // Opening the page changed nothing.
    expect(
      (await prisma.invitee.findFirstOrThrow({ where: { email: 'ben@example.com' } })).declinedAt,
    ).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const answered = await call(async () =>
        notOrderingAction(
          args(await form(path, { intent: 'not-ordering' }), { token: tokens['ben@example.com'] }),
        ),
      );
      expect(answered).toMatchObject({ status: 200, body: { declined: true } });
    }
    const after = await call(async () =>
      notOrderingLoader(args(await proxyRequest(path), { token: tokens['ben@example.com'] })),
    );
    expect(after.body.view.declined).toBe(true);
  });

  it("refuses a forged token, another shop's request, and an unsigned request", async () => {
    const forged = `${tokens['ana@example.com'].split('.')[0]}.${'B'.repeat(32)}`;
    const path = `/apps/group-order/not-ordering/${forged}`;
    const page = await call(async () => notOrderingLoader(args(await proxyRequest(path), { token: forged })));
    expect(page.status).toBe(404);
    const post = await call(async () => notOrderingAction(args(await form(path, {}), { token: forged })));
    expect(post).toMatchObject({
      status: 404,
      body: { error: 'This link is not valid. Please use the link from your invitation e-mail.' },
    });
    const ana = tokens['ana@example.com'];
    const elsewhere = await call(async () =>
      notOrderingAction(
        args(await form(`/apps/group-order/not-ordering/${ana}`, {}, OTHER_SHOP), { token: ana }),
      ),
    );
    expect(elsewhere.status).toBe(404);
    const unsigned = await call(async () =>
      notOrderingAction(
        args(new Request(`https://app.test/apps/group-order/not-ordering/${ana}`, { method: 'POST' }), {
          token: ana,
        }),
      ),
    );
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
    expect(
      (await prisma.invitee.findFirstOrThrow({ where: { email: 'ana@example.com' } })).declinedAt,
    ).toBeNull();
  });

  it('the join screen through the invitation: offers "not ordering", and joining links the invitee', async () => {
    const ana = tokens['ana@example.com'];
    const path = `/apps/group-order/join/${order.code}?invite=${encodeURIComponent(ana)}`;
    const page = await call(async () => joinLoader(args(await proxyRequest(path), { code: order.code })));
    expect(page.body.email).toBe('ana@example.com');
    expect(page.body.invite.view).toMatchObject({ declined: false });
    // Another order's join screen ignores Ana's token.
    const { order: other } = await createTestGroupOrder();
    const elsewhere = await call(async () =>
      joinLoader(
        args(await proxyRequest(`/apps/group-order/join/${other.code}?invite=${encodeURIComponent(ana)}`), {
          code: other.code,
        }),
      ),
    );
    expect(elsewhere.body.invite).toBeNull();
    const declined = await call(async () =>
      joinAction(args(await form(path, { intent: 'not-ordering', invite: ana }), { code: order.code })),
    );
    expect(declined.body).toEqual({ declined: true });
    const joined = await call(async () =>
      joinAction(
        args(await form(path, { guestName: 'Ana', initials: '', email: '', invite: ana }), {
          code: order.code,
        }),
      ),
    );
    expect(joined.status).toBe(302);
    const invitee = await prisma.invitee.findFirstOrThrow({
      where: { groupOrderId: order.id, email: 'ana@example.com' },
    });
    expect(invitee.declinedAt).toBeNull();
    expect(invitee.guestId).not.toBeNull();
  });
});
