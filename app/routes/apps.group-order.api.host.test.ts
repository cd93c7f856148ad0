import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import prisma from '~/db.server';
import { hashSecret } from '~/lib/ids.server';
import { utcToZoned } from '~/lib/time';
import { resetMailTransport } from '~/models/mail/mail.server';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { createOrderBody, createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { action as createAction } from './apps.group-order.api.group-orders';
import { loader as summaryLoader } from './apps.group-order.api.group-orders.$id.summary';
import { action as statusAction } from './apps.group-order.api.group-orders.$id.status';
import { action as inviteAction } from './apps.group-order.api.group-orders.$id.invite';
import { action as extendAction } from './apps.group-order.api.group-orders.$id.extend';
import { action as claimAction } from './apps.group-order.api.group-orders.$id.claim';
import {
  action as hostCheckAction,
  loader as hostCheckLoader,
} from './apps.group-order.api.group-orders.$id.host';
import { loader as byEmailLoader } from './apps.group-order.api.group-orders.by-email.$email';
import { loader as myOrdersLoader } from './apps.group-order.api.my-orders';
import { loader as userLoader } from './apps.group-order.api.auth.user';

const BASE = '/apps/group-order/api/group-orders';

function validBody(overrides: Record<string, unknown> = {}) {
  // Pickup in 90 minutes, the deadline in 50 (the shop's 30 minutes' notice kept).
  return createOrderBody({
    hostEmail: 'Hannah@Example.com',
    name: 'Friday coffee',
    orderType: 'pickup',
    instructions: '',
    paymentMethod: 'pay-in-store',
    ...overrides,
  });
}

async function create(body: unknown, options: { customerId?: string; shop?: string } = {}) {
  const request = await proxyRequest(BASE, { body, ...options });
  return call(() => createAction(args(request)));
}

async function setStatus(
  id: number,
  status: string,
  options: { token?: string; customerId?: string; shop?: string } = {},
) {
  const request = await proxyRequest(`${BASE}/${id}/status`, {
    method: 'PATCH',
    body: { status },
    customerId: options.customerId,
    shop: options.shop,
    headers: options.token ? { 'X-Host-Token': options.token } : {},
  });
  return call(() => statusAction(args(request, { id: String(id) })));
}

async function addGuestItem(groupOrderId: number, guestName = 'Gina Guest', shop = TEST_SHOP) {
  const menu = await prisma.menuItem.findFirstOrThrow({ where: { shop } });
  return prisma.orderItem.create({
    data: {
      shop,
      groupOrderId,
      guestName,
      menuItemId: menu.id,
      menuItemName: menu.name,
      quantity: 2,
      unitPriceCents: menu.priceCents,
      totalCents: menu.priceCents * 2,
      confirmationKey: `${guestName}-${Math.random()}`,
      guestEmail: 'secret-guest@example.com',
    },
  });
}

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/group-orders', () => {
  it.each([
    ['hostName', 'Please enter your name.'],
    ['hostEmail', 'Please enter your email address.'],
    ['companyName', 'Please enter your company name.'],
  ])('refuses a blank %s with the spec message', async (field, message) => {
    const before = await prisma.groupOrder.count();
    const result = await create(validBody({ [field]: '   ' }));
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(result.body.fieldErrors[field]).toBe(message);
    expect(await prisma.groupOrder.count()).toBe(before);
  });

  it('refuses a malformed e-mail, a delivery without address and an unknown payment method', async () => {
    expect((await create(validBody({ hostEmail: 'not-an-email' }))).body.message).toBe(
      'Please enter a valid email address.',
    );
    expect((await create(validBody({ orderType: 'delivery' }))).body.message).toBe(
      'Please enter the delivery address.',
    );
    expect((await create(validBody({ paymentMethod: 'bitcoin' }))).body.message).toBe(
      'Choose a payment method from the list.',
    );
    const bad = await proxyRequest(BASE, { body: '{"hostName":' });
    expect((await call(() => createAction(args(bad)))).status).toBe(400);
  });

  it('refuses a payment method the shop has switched off', async () => {
    await prisma.shopSettings.upsert({
      where: { shop: OTHER_SHOP },
      create: { shop: OTHER_SHOP, paymentMethods: 'invoice' },
      update: { paymentMethods: 'invoice' },
    });
    const result = await create(validBody({ paymentMethod: 'pay-in-store' }), { shop: OTHER_SHOP });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/not offered by this shop/);
  });

  it('refuses a deadline after pickup or in the past', async () => {
    const body = validBody();
    // Swap them: pickup in 50 minutes, deadline in 90.
    const late = await create({
      ...body,
      pickupDate: body.deadlineDate,
      pickupTime: body.deadlineTime,
      deadlineDate: body.pickupDate,
      deadlineTime: body.pickupTime,
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/deadline must be at least 30 minutes before the pickup time/);
    const past = await create({ ...body, deadlineDate: '2020-01-01', deadlineTime: '09:00' });
    expect(past.body.message).toBe(
      'The ordering deadline has already passed. Please choose a time in the future.',
    );
  });

  it('creates the order, returns the host token once and stores only its hash', async () => {
    const result = await create(validBody(), { customerId: '1001' });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      hostName: 'Hannah Host',
      hostEmail: 'hannah@example.com',
      status: 'active',
      paymentMethod: 'pay-in-store',
    });
    expect(result.body.code).toMatch(/^[A-Z2-9]{6}$/);
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id: result.body.id } });
    expect(stored.hostTokenHash).toBe(hashSecret(result.body.hostToken));
    expect(stored.hostTokenHash).not.toContain(result.body.hostToken);
    expect(stored.hostCustomerId).toBe('1001');
    expect(stored.timeZone).toBe('Australia/Sydney');
  });

  it('e-mails the host, with the order, the join link and a one-time dashboard link valid until a day after pickup', async () => {
    const hostEmail = `created-${Date.now()}@example.com`;
    const result = await create(validBody({ hostEmail }));
    expect(result.status).toBe(201);
    const mails = await prisma.outboxMessage.findMany({
      where: { kind: 'email', payload: { contains: `"to":"${hostEmail}"` } },
    });
    expect(mails).toHaveLength(1);
    const mail = JSON.parse(mails[0].payload) as { subject: string; text: string };
    expect(mail.subject).toMatch(/ is open$/);
    expect(mail.text).toContain(`/join/${result.body.code}`);
    const token = /\/host\/claim\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const claim = await prisma.ownerClaim.findUniqueOrThrow({ where: { tokenHash: hashSecret(token) } });
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: result.body.id } });
    expect(claim).toMatchObject({ groupOrderId: order.id, shop: TEST_SHOP, usedAt: null });
    expect(claim.expiresAt.getTime()).toBe(order.pickupAt.getTime() + 24 * 60 * 60_000);
    // A refused form e-mails nobody.
    await create(validBody({ hostEmail: 'refused@example.com', hostName: ' ' }));
    expect(
      await prisma.outboxMessage.count({ where: { payload: { contains: '"to":"refused@example.com"' } } }),
    ).toBe(0);
  });

  // Sydney moves clocks from 02:00 to 03:00 on 4 October 2026. At 01:45 AEST (15:45 UTC), 03:14 on the wall is
  // 89 minutes away but only 29 real minutes: it must be refused; 03:16 (31 real minutes) accepted.
  it('checks the 30-minute pickup notice on real time across the Sydney DST change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-03T15:45:00Z'));
    const common = { pickupDate: '2026-10-04', deadlineDate: '2026-10-04', deadlineTime: '01:46' };
    const refused = await create(validBody({ ...common, pickupTime: '03:14' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Pickup orders require at least 30 minutes notice. Please select a later pickup time.',
    );
    const accepted = await create(validBody({ ...common, pickupTime: '03:16' }));
    expect(accepted.status).toBe(201);
    expect(accepted.body.pickupAt).toBe('2026-10-03T16:16:00.000Z');
  });
});

describe('PATCH /api/group-orders/{id}/status', () => {
  it('needs the host: 401 without a credential, 403 with a wrong one, 200 with the token', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    await addGuestItem(order.id);
    const none = await setStatus(order.id, 'submitted');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('You must be logged in to modify orders.');
    const wrong = await setStatus(order.id, 'submitted', { token: 'not-the-token' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Only the order creator can modify this order.');
    const stranger = await setStatus(order.id, 'submitted', { customerId: '1002' });
    expect(stranger.status).toBe(403);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('active');

    const ok = await setStatus(order.id, 'submitted', { token: hostToken });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('submitted');
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.submittedAt).not.toBeNull();
    expect(stored.shopifyState).toBe('pending');
    expect(await prisma.outboxMessage.count({ where: { dedupeKey: `draft-order:${order.id}` } })).toBe(1);

    const reopened = await setStatus(order.id, 'active', { token: hostToken });
    expect(reopened.body.status).toBe('active');
  });

  it('also takes the token in the JSON body (POST), for proxies that drop custom headers', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    await addGuestItem(order.id);
    const request = await proxyRequest(`${BASE}/${order.id}/status`, {
      body: { status: 'submitted', hostToken },
    });
    const result = await call(() => statusAction(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('submitted');
    const wrong = await proxyRequest(`${BASE}/${order.id}/status`, {
      body: { status: 'active', hostToken: 'nope' },
    });
    expect((await call(() => statusAction(args(wrong, { id: String(order.id) })))).status).toBe(403);
  });

  it('lets the logged-in creator act without a token, on any device', async () => {
    const { order } = await createTestGroupOrder({ hostCustomerId: '1001' });
    await addGuestItem(order.id);
    const result = await setStatus(order.id, 'submitted', { customerId: '1001' });
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('submitted');
  });

  it('will not submit an order nobody has added to', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const result = await setStatus(order.id, 'submitted', { token: hostToken });
    expect(result.status).toBe(409);
    expect(result.body.message).toMatch(/Nobody has added an order yet/);
  });

  it('refuses an unknown status with a readable message', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const result = await setStatus(order.id, 'cancelled', { token: hostToken });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Status must be "active" or "submitted".');
  });
});

describe('GET|POST /api/group-orders/{id}/host', () => {
  it('tells the host who they are from the header or the JSON body, and refuses everyone else', async () => {
    const { order, hostToken } = await createTestGroupOrder({ hostCustomerId: '4242' });
    const params = { id: String(order.id) };
    const post = async (body: unknown, options: { customerId?: string; shop?: string } = {}) =>
      call(async () =>
        hostCheckAction(args(await proxyRequest(`${BASE}/${order.id}/host`, { body, ...options }), params)),
      );
    const byBody = await post({ hostToken });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toEqual({
      isHost: true,
      hostName: order.hostName,
      hostEmail: order.hostEmail,
      hostInitials: order.hostInitials,
      devices: [
        expect.objectContaining({
          label: 'The browser that created the order',
          current: true,
          removable: false,
        }),
      ],
    });
    const byHeader = await call(async () =>
      hostCheckLoader(
        args(
          await proxyRequest(`${BASE}/${order.id}/host`, { headers: { 'X-Host-Token': hostToken } }),
          params,
        ),
      ),
    );
    expect(byHeader.status).toBe(200);
    expect((await post({ hostToken: 'not-the-token' })).status).toBe(403);
    expect((await post({})).status).toBe(401);
    expect((await post({}, { customerId: '4242' })).status).toBe(200);
    expect((await post({ hostToken }, { shop: OTHER_SHOP })).status).toBe(404);
  });
});

describe('wrong methods', () => {
  it('answer 405 with a readable JSON message', async () => {
    const { loader: createGet } = await import('./apps.group-order.api.group-orders');
    const result = await call(async () => createGet(args(await proxyRequest(BASE))));
    expect(result.status).toBe(405);
    expect(result.body.message).toBe('Use POST to create a group order.');
  });
});

describe('another shop', () => {
  it('cannot see or modify the order, even with its host token', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    await addGuestItem(order.id);
    const summary = await call(async () =>
      summaryLoader(
        args(await proxyRequest(`${BASE}/${order.id}/summary`, { shop: OTHER_SHOP }), {
          id: String(order.id),
        }),
      ),
    );
    expect(summary.status).toBe(404);
    expect(summary.body.message).toBe('Group order not found');
    const status = await setStatus(order.id, 'submitted', { token: hostToken, shop: OTHER_SHOP });
    expect(status.status).toBe(404);
    const extend = await call(async () =>
      extendAction(
        args(
          await proxyRequest(`${BASE}/${order.id}/extend`, {
            method: 'POST',
            shop: OTHER_SHOP,
            headers: { 'X-Host-Token': hostToken },
          }),
          {
            id: String(order.id),
          },
        ),
      ),
    );
    expect(extend.status).toBe(404);
    const byEmail = await call(async () =>
      byEmailLoader(
        args(await proxyRequest(`${BASE}/by-email/hannah@example.com`, { shop: OTHER_SHOP }), {
          email: 'hannah@example.com',
        }),
      ),
    );
    expect(byEmail.body.map((o: { id: number }) => o.id)).not.toContain(order.id);
    const outboxBefore = await prisma.outboxMessage.count();
    const invite = await call(async () =>
      inviteAction(
        args(
          await proxyRequest(`${BASE}/${order.id}/invite`, {
            shop: OTHER_SHOP,
            body: { emails: ['alex@example.com'] },
            headers: { 'X-Host-Token': hostToken },
          }),
          { id: String(order.id) },
        ),
      ),
    );
    expect(invite.status).toBe(404);
    const claim = await call(async () =>
      claimAction(
        args(await proxyRequest(`${BASE}/${order.id}/claim`, { method: 'POST', shop: OTHER_SHOP }), {
          id: String(order.id),
        }),
      ),
    );
    expect(claim.status).toBe(404);
    expect(await prisma.outboxMessage.count()).toBe(outboxBefore);
    expect(await prisma.ownerClaim.count({ where: { groupOrderId: order.id } })).toBe(0);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('active');
  });
});

describe('GET /api/group-orders/{id}/summary', () => {
  it('lists each guest with items and totals, without guest e-mail addresses', async () => {
    const { order } = await createTestGroupOrder();
    const item = await addGuestItem(order.id, 'Gina Guest');
    await addGuestItem(order.id, 'Gus Guest');
    const result = await call(async () =>
      summaryLoader(args(await proxyRequest(`${BASE}/${order.id}/summary`), { id: String(order.id) })),
    );
    expect(result.status).toBe(200);
    expect(result.body.map((g: { guestName: string }) => g.guestName)).toEqual(['Gina Guest', 'Gus Guest']);
    expect(result.body[0].items[0]).toMatchObject({ quantity: 2, menuItem: { name: item.menuItemName } });
    expect(result.body[0].total).toBe((item.totalCents / 100).toFixed(2));
    expect(JSON.stringify(result.body)).not.toContain('secret-guest@example.com');
  });
});

describe('POST /api/group-orders/{id}/extend', () => {
  it('moves the deadline 15 minutes, from now when it has passed', async () => {
    const { order, hostToken } = await createTestGroupOrder({
      deadlineAt: new Date(Date.now() - 60 * 60_000),
    });
    const request = await proxyRequest(`${BASE}/${order.id}/extend`, {
      method: 'POST',
      headers: { 'X-Host-Token': hostToken },
    });
    const before = Date.now();
    const result = await call(() => extendAction(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    const deadline = new Date(result.body.deadlineAt).getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const unauthorised = await call(async () =>
      extendAction(
        args(await proxyRequest(`${BASE}/${order.id}/extend`, { method: 'POST' }), { id: String(order.id) }),
      ),
    );
    expect(unauthorised.status).toBe(401);
  });
});

describe('POST /api/group-orders/{id}/extend near pickup', () => {
  async function extend(id: number, hostToken: string, body: Record<string, unknown> = {}) {
    const request = await proxyRequest(`${BASE}/${id}/extend`, {
      method: 'POST',
      body,
      headers: { 'X-Host-Token': hostToken },
    });
    return call(() => extendAction(args(request, { id: String(id) })));
  }

  it('never moves the deadline past pickup minus the notice, and says why', async () => {
    // Pickup in 50 minutes, deadline in 15: the latest deadline is pickup minus 30 minutes, 20 from now.
    const now = Date.now();
    const { order, hostToken } = await createTestGroupOrder({
      pickupAt: new Date(now + 50 * 60_000),
      deadlineAt: new Date(now + 15 * 60_000),
    });
    const capped = await extend(order.id, hostToken);
    expect(capped.status).toBe(200);
    expect(capped.body.capped).toBe(true);
    expect(new Date(capped.body.deadlineAt).getTime()).toBe(order.pickupAt.getTime() - 30 * 60_000);

    const refused = await extend(order.id, hostToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^The deadline cannot move any later: pickup is at \d{1,2}:\d{2} [ap]m and the shop needs 30 minutes notice to prepare it\. Move the pickup time later/,
    );
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.deadlineAt.getTime()).toBe(order.pickupAt.getTime() - 30 * 60_000);
  });

  it('moves pickup too, checked like the create form', async () => {
    const now = Date.now();
    const { order, hostToken } = await createTestGroupOrder({
      pickupAt: new Date(now + 40 * 60_000),
      deadlineAt: new Date(now + 10 * 60_000),
    });
    const tooSoon = utcToZoned(new Date(now + 20 * 60_000), 'Australia/Sydney');
    const refused = await extend(order.id, hostToken, { pickupDate: tooSoon.date, pickupTime: tooSoon.time });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Pickup orders require at least 30 minutes notice. Please select a later pickup time.',
    );
    const bad = await extend(order.id, hostToken, { pickupDate: '2026-02-31', pickupTime: '25:00' });
    expect(bad.status).toBe(400);

    const later = utcToZoned(new Date(now + 120 * 60_000), 'Australia/Sydney');
    const moved = await extend(order.id, hostToken, { pickupDate: later.date, pickupTime: later.time });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ pickupDate: later.date, pickupTime: later.time, capped: false });
    expect(new Date(moved.body.deadlineAt).getTime()).toBe(order.deadlineAt.getTime() + 15 * 60_000);
  });
});

describe('POST /api/group-orders/{id}/invite', () => {
  type Received = { from: string; to: string[]; data: string };
  const received: Received[] = [];
  let server: SMTPServer;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce')) return callback(new Error('550 No such user here'));
        callback();
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    resetMailTransport();
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetMailTransport();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function invite(
    id: number,
    emails: unknown,
    token?: string,
    key: { requestKey?: string; header?: string } = {},
  ) {
    const request = await proxyRequest(`${BASE}/${id}/invite`, {
      body: { emails, ...(key.requestKey ? { requestKey: key.requestKey } : {}) },
      headers: {
        ...(token ? { 'X-Host-Token': token } : {}),
        ...(key.header ? { 'Idempotency-Key': key.header } : {}),
      },
    });
    return call(() => inviteAction(args(request, { id: String(id) })));
  }

  const mailsOf = async (orderId: number) => {
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id: orderId } });
    return prisma.outboxMessage.count({
      where: { kind: 'email', payload: { contains: `/join/${order.code}` } },
    });
  };

  it('queues the mails of one request once, however often it is retried with its key', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    received.length = 0;
    const emails = ['amy@example.com, ben@example.com'];
    const first = await invite(order.id, emails, hostToken, { requestKey: 'invite-key-0001' });
    expect(first.body).toMatchObject({ sent: 2, total: 2, skipped: [] });
    // The answer was lost; the page retries the same submit with the same key (body or header).
    const retried = await invite(order.id, emails, hostToken, { requestKey: 'invite-key-0001' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ sent: 2, total: 2, skipped: [] });
    const viaHeader = await invite(order.id, emails, hostToken, { header: 'invite-key-0001' });
    expect(viaHeader.body).toMatchObject({ sent: 2, total: 2, skipped: [] });
    expect(await mailsOf(order.id)).toBe(2);
    expect(received.map((m) => m.to[0]).sort()).toEqual(['amy@example.com', 'ben@example.com']);

    // A double submit: the same request twice at the same moment still queues each mail once.
    const both = await Promise.all([
      invite(order.id, ['cat@example.com'], hostToken, { requestKey: 'invite-key-0002' }),
      invite(order.id, ['cat@example.com'], hostToken, { requestKey: 'invite-key-0002' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await mailsOf(order.id)).toBe(3);
    expect(received.filter((m) => m.to[0] === 'cat@example.com')).toHaveLength(1);

    const badKey = await invite(order.id, emails, hostToken, { header: 'no spaces allowed' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toBe('The request key must be 8-100 letters, digits, dashes or underscores.');
  });

  it('does not e-mail an address again for the same order within an hour, and says which it skipped', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const { order: other, hostToken: otherToken } = await createTestGroupOrder();
    received.length = 0;
    await invite(order.id, ['dan@example.com'], hostToken);
    const again = await invite(order.id, ['DAN@example.com', 'eve@example.com'], hostToken);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sent: 1, total: 2, skipped: ['dan@example.com'] });
    expect(received.map((m) => m.to[0]).sort()).toEqual(['dan@example.com', 'eve@example.com']);

    // Another order may invite the same person.
    expect((await invite(other.id, ['dan@example.com'], otherToken)).body).toMatchObject({
      sent: 1,
      skipped: [],
    });

    // An hour later the host may remind them.
    await prisma.invitation.updateMany({
      where: { groupOrderId: order.id },
      data: { createdAt: new Date(Date.now() - 61 * 60_000) },
    });
    expect((await invite(order.id, ['dan@example.com'], hostToken)).body).toMatchObject({
      sent: 1,
      skipped: [],
    });
    expect(received.filter((m) => m.to[0] === 'dan@example.com')).toHaveLength(3);
  });

  it('sends one real e-mail per address with the join link, code, pickup and deadline', async () => {
    const { order, hostToken } = await createTestGroupOrder({ name: 'Team <b>brunch</b>' });
    received.length = 0;
    const result = await invite(
      order.id,
      ['alex@example.com; sam@example.com', 'bounce@example.com', 'nonsense'],
      hostToken,
    );
    expect(result.status).toBe(200);
    // Four entered, three valid, one refused by the SMTP server.
    expect(result.body).toMatchObject({ sent: 2, total: 4 });
    expect(received.map((m) => m.to[0]).sort()).toEqual(['alex@example.com', 'sam@example.com']);
    const mail = received[0].data.replace(/=\r?\n/g, '');
    expect(mail).toContain(`https://${TEST_SHOP}/apps/group-order/join/${order.code}`);
    expect(mail).toContain(order.code);
    expect(mail).toMatch(/Pickup: /);
    expect(mail).toMatch(/Order by: /);
    expect(mail).toContain('Team &lt;b&gt;brunch&lt;/b&gt;');
    const failed = await prisma.outboxMessage.findFirstOrThrow({
      where: { payload: { contains: 'bounce@example.com' } },
    });
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/No such user/);
  });

  it('needs the host and at least one valid address', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    expect((await invite(order.id, ['alex@example.com'])).status).toBe(401);
    expect((await invite(order.id, ['alex@example.com'], 'wrong')).status).toBe(403);
    const none = await invite(order.id, [' , ; '], hostToken);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please enter email addresses to send invitations.');
    const invalid = await invite(order.id, ['nope, also-nope'], hostToken);
    expect(invalid.body.message).toBe('Please enter valid email addresses.');
  });

  it('stops at the per-order limit with a 429 and a readable message', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const batch = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `guest${from + i}@example.com`);
    expect((await invite(order.id, batch(50), hostToken)).body).toMatchObject({ sent: 50, total: 50 });
    const before = await prisma.outboxMessage.count();
    const refused = await invite(order.id, batch(1, 50), hostToken);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^This order has sent as many invitations as it can for now\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.response?.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await prisma.outboxMessage.count()).toBe(before);
  });
});

describe('GET /api/group-orders/by-email/{email}', () => {
  it('says nothing about an address to someone Shopify has not vouched for: the same empty list either way', async () => {
    await createTestGroupOrder({ hostEmail: 'finder@example.com' });
    const lookup = async (email: string) =>
      call(async () => byEmailLoader(args(await proxyRequest(`${BASE}/by-email/${email}`), { email })));
    const hosting = await lookup('FINDER@Example.com');
    const nothing = await lookup('nobody@example.com');
    expect(hosting.status).toBe(200);
    expect(hosting.body).toEqual([]);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual([]);
  });

  it('is rate-limited per client', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      const request = await proxyRequest(`${BASE}/by-email/x@example.com`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
      last = (await call(() => byEmailLoader(args(request, { email: 'x@example.com' })))).status;
    }
    expect(last).toBe(429);
  });
});

describe('GET /api/my-orders and /api/auth/user', () => {
  it('answer 401 when nobody is logged in', async () => {
    expect(
      (await call(async () => myOrdersLoader(args(await proxyRequest('/apps/group-order/api/my-orders')))))
        .status,
    ).toBe(401);
    expect(
      (await call(async () => userLoader(args(await proxyRequest('/apps/group-order/api/auth/user')))))
        .status,
    ).toBe(401);
  });

  it('list only the logged-in customer’s orders in this shop', async () => {
    const { order } = await createTestGroupOrder({ hostCustomerId: '777' });
    await createTestGroupOrder({ hostCustomerId: '778' });
    await createTestGroupOrder({ hostCustomerId: '777', shop: OTHER_SHOP });
    const result = await call(async () =>
      myOrdersLoader(args(await proxyRequest('/apps/group-order/api/my-orders', { customerId: '777' }))),
    );
    expect(result.body.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect(result.body[0].totalAmount).toBe('0.00');
  });
});
