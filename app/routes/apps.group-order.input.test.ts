import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { BODY_LIMITS } from '~/lib/limits';
import { createOrderBody, createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call as callRaw, proxyRequest, type Answer } from '../../test/support/requests';
import { action as createAction } from './apps.group-order.api.group-orders';
import { action as orderItemsAction } from './apps.group-order.api.order-items';
import { action as usualOrderAction } from './apps.group-order.api.usual-order';
import { action as inviteAction } from './apps.group-order.api.group-orders.$id.invite';
import { action as statusAction } from './apps.group-order.api.group-orders.$id.status';
import { action as extendAction } from './apps.group-order.api.group-orders.$id.extend';
import { action as joinAction } from './apps.group-order.join.$code';

// What people type (any script, emoji) is accepted on every endpoint with text; text no keyboard makes
// (a lone surrogate, control characters) and bodies a route cannot read are refused with a sentence.

const API = '/apps/group-order/api';
const LONE = '\ud83d'; // half of an emoji: JSON can carry it as "\ud83d", a keyboard cannot type it

/** Like call(), and unwraps Remix's data(value, { status }) the way the server would send it. */
async function call(fn: () => Promise<unknown>) {
  const result = await callRaw(fn);
  const body = result.body as { type?: string; data?: unknown; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit')
    return { ...result, status: body.init?.status ?? 200, body: body.data as Answer };
  return result;
}

/** A raw body (string, bytes or stream) with any Content-Type, on a correctly signed storefront URL. */
async function raw(path: string, body: BodyInit, contentType?: string, extra: Record<string, string> = {}) {
  const signed = await proxyRequest(path, { method: 'POST' });
  const headers = new Headers(signed.headers);
  if (contentType) headers.set('Content-Type', contentType);
  for (const [key, value] of Object.entries(extra)) headers.set(key, value);
  return new Request(signed.url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

function createBody(overrides: Record<string, unknown> = {}) {
  return createOrderBody({ pickupIn: 120, deadlineIn: 90, ...overrides });
}

async function create(overrides: Record<string, unknown>) {
  return call(async () =>
    createAction(args(await proxyRequest(`${API}/group-orders`, { body: createBody(overrides) }))),
  );
}

let menu: Awaited<ReturnType<typeof seedMenu>>;
beforeEach(async () => {
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.usualOrder.deleteMany();
  await prisma.groupOrder.deleteMany();
  menu = await seedMenu();
});

describe('Unicode in text fields', () => {
  it('creates orders for hosts named with emoji and characters outside the BMP, with whole-letter initials', async () => {
    for (const [hostName, initials] of [
      ['😀 Smith', 'S'],
      ['𝒜lice', '𝒜'],
      ['𠀋 Wang', '𠀋W'],
      ['Zoë Ñúñez', 'ZÑ'],
    ]) {
      const result = await create({
        hostName,
        companyName: `${hostName} & Co 🍕`,
        instructions: 'Ring 🔔\nthen wait',
      });
      expect(result.status, hostName).toBe(201);
      expect(result.body).toMatchObject({
        hostName,
        hostInitials: initials,
        instructions: 'Ring 🔔\nthen wait',
      });
    }
  });

  it('counts length in characters, not UTF-16 units', async () => {
    expect((await create({ hostName: '😀'.repeat(80) })).status).toBe(201);
    const tooLong = await create({ hostName: '😀'.repeat(81) });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { message: 'Your name must be 80 characters or fewer.' },
    });
  });

  it('refuses a lone surrogate or control characters in every create field with a 400 and writes nothing', async () => {
    for (const field of ['hostName', 'companyName', 'name', 'instructions', 'hostEmail']) {
      const result = await create({ [field]: `Bad ${LONE} text` });
      expect(result.status, field).toBe(400);
      expect(result.body.message, field).toMatch(/contains a broken character\. Please retype it\./);
    }
    const bell = await create({ hostName: 'Ding\u0007Dong' });
    expect(bell).toMatchObject({
      status: 400,
      body: { message: 'Your name contains invisible control characters. Please retype it.' },
    });
    const address = await create({ orderType: 'delivery', deliveryAddress: `1 Main St ${LONE}` });
    expect(address.status).toBe(400);
    expect(await prisma.groupOrder.count()).toBe(0);
  });

  it('takes guests with emoji names and notes, and refuses malformed guest text on both order-item bodies', async () => {
    const { order } = await createTestGroupOrder();
    const latte = menu.find((m) => m.name === 'Latte')!;
    const send = async (body: Record<string, unknown>) =>
      call(async () => orderItemsAction(args(await proxyRequest(`${API}/order-items`, { body }))));
    const cart = (overrides: Record<string, unknown>) => ({
      groupOrderId: order.id,
      confirmationKey: `key-${Math.random().toString(36).slice(2, 12)}`,
      guestName: '😀 Zoë',
      guestInitials: '𝒜z',
      specialInstructions: 'Oat 🥛\nno lid',
      items: [{ menuItemId: latte.id, quantity: 1 }],
      ...overrides,
    });
    const ok = await send(cart({}));
    expect(ok.status).toBe(201);
    expect(ok.body.items[0]).toMatchObject({ guestName: '😀 Zoë', guestInitials: '𝒜Z' });
    // One note per guest (issue 11): it is kept on the guest, not on each item.
    expect(await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } })).toMatchObject({
      name: '😀 Zoë',
      specialInstructions: 'Oat 🥛\nno lid',
    });
    const single = await send({
      groupOrderId: order.id,
      guestName: '𠀋 Wang',
      menuItemId: latte.id,
      quantity: 1,
    });
    expect(single.status).toBe(201);

    for (const field of ['guestName', 'guestInitials', 'guestEmail', 'specialInstructions']) {
      const bad = await send(cart({ [field]: `A${LONE}` }));
      expect(bad.status, field).toBe(400);
      expect(bad.body.message, field).toMatch(/broken character/);
      const badSingle = await send({
        groupOrderId: order.id,
        guestName: 'Sam',
        menuItemId: latte.id,
        quantity: 1,
        [field]: `A${LONE}`,
      });
      expect(badSingle.status, field).toBe(400);
    }
    expect(await prisma.orderItem.count()).toBe(2);
  });

  it('usual order, invitations and host-token bodies refuse malformed text with a 400', async () => {
    const latte = menu.find((m) => m.name === 'Latte')!;
    const usual = async (body: Record<string, unknown>) =>
      call(async () => usualOrderAction(args(await proxyRequest(`${API}/usual-order`, { body }))));
    const good = {
      email: 'zoe@example.com',
      name: '😀 Zoë',
      orderItems: [{ id: latte.id, name: 'Latte ☕', quantity: 1 }],
    };
    expect((await usual(good)).status).toBe(200);
    for (const bad of [
      { ...good, name: `Z${LONE}` },
      { ...good, email: `z${LONE}@example.com` },
    ]) {
      expect((await usual(bad)).status).toBe(400);
    }

    const { order, hostToken } = await createTestGroupOrder();
    const invite = await call(async () =>
      inviteAction(
        args(
          await proxyRequest(`${API}/group-orders/${order.id}/invite`, {
            body: { emails: [`a${LONE}@example.com`], hostToken },
          }),
          { id: String(order.id) },
        ),
      ),
    );
    expect(invite.status).toBe(400);
    expect(invite.body.message).toMatch(/broken character/);
    for (const route of [statusAction, extendAction]) {
      const result = await call(async () =>
        route(
          args(
            await proxyRequest(`${API}/group-orders/${order.id}/status`, {
              method: 'POST',
              body: { status: 'submitted', hostToken: `${hostToken}${LONE}` },
            }),
            { id: String(order.id) },
          ),
        ),
      );
      expect(result.status).toBe(400);
    }
  });

  it('the join form takes an emoji name and refuses control characters', async () => {
    const { order } = await createTestGroupOrder();
    const join = async (fields: Record<string, string>) =>
      call(async () =>
        joinAction(
          args(await raw(`/apps/group-order/join/${order.code}`, new URLSearchParams(fields)), {
            code: order.code,
          }),
        ),
      );
    const ok = await join({ guestName: '😀 Zoë', initials: '𝒜', email: '' });
    expect(ok.status).toBe(302);
    expect(decodeURIComponent(ok.response!.headers.get('Location')!)).toContain(
      'guest=😀 Zoë'.replace(' ', '+'),
    );
    const bad = await join({ guestName: 'Zo\u0000ë', initials: '', email: '' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'Your name contains invisible control characters. Please retype it.' },
    });
  });
});

describe('bodies a route cannot read', () => {
  it('the join form answers 415 to a body that is not a form, and 400 to bytes that are not UTF-8', async () => {
    const { order } = await createTestGroupOrder();
    const post = async (body: BodyInit, type: string) =>
      call(async () =>
        joinAction(args(await raw(`/apps/group-order/join/${order.code}`, body, type), { code: order.code })),
      );
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      const result = await post('{"guestName":"Sam"}', type);
      expect(result.status, type).toBe(415);
      expect(result.body.error).toBe('Send this form as a form post (application/x-www-form-urlencoded).');
    }
    const bytes = await post(
      new Uint8Array([0x67, 0x75, 0x65, 0x73, 0x74, 0x4e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe]),
      'application/x-www-form-urlencoded',
    );
    expect(bytes.status).toBe(400);
  });

  it('JSON endpoints answer 415 to another Content-Type, and 400 to malformed JSON or a body that is not an object', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const routes: { name: string; path: string; action: Answer; params: Record<string, string> }[] = [
      { name: 'create', path: `${API}/group-orders`, action: createAction, params: {} },
      { name: 'order-items', path: `${API}/order-items`, action: orderItemsAction, params: {} },
      { name: 'usual-order', path: `${API}/usual-order`, action: usualOrderAction, params: {} },
      {
        name: 'invite',
        path: `${API}/group-orders/${order.id}/invite`,
        action: inviteAction,
        params: { id: String(order.id) },
      },
      {
        name: 'status',
        path: `${API}/group-orders/${order.id}/status`,
        action: statusAction,
        params: { id: String(order.id) },
      },
    ];
    for (const route of routes) {
      const send = async (body: BodyInit, type: string) =>
        call(async () =>
          route.action(args(await raw(route.path, body, type, { 'X-Host-Token': hostToken }), route.params)),
        );
      const form = await send('guestName=Sam', 'application/x-www-form-urlencoded');
      expect(form, route.name).toMatchObject({
        status: 415,
        body: { message: 'Send the request body as JSON, with Content-Type: application/json.' },
      });
      const broken = await send('{"guestName": ', 'application/json');
      expect(broken, route.name).toMatchObject({
        status: 400,
        body: { message: 'The request body is not valid JSON.' },
      });
      for (const wrong of ['[1, 2]', '"text"', '42', 'null']) {
        const result = await send(wrong, 'application/json');
        expect(result.status, `${route.name} ${wrong}`).toBe(400);
        expect(result.body.message).toBe('Send the request body as a JSON object, like {"name": "value"}.');
      }
    }
    expect(await prisma.orderItem.count()).toBe(0);
    expect(await prisma.groupOrder.count()).toBe(1);
  });
});

describe('body size', () => {
  it('refuses a declared 100 MB body with 413 without reading any of it', async () => {
    let pulled = 0;
    const stream = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('{"a":1}'));
        controller.close();
      },
    });
    const request = await raw(`${API}/group-orders`, stream, 'application/json', {
      'Content-Length': String(100 * 1024 * 1024),
    });
    const result = await call(() => createAction(args(request)));
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('The request is too large: at most 64 KB can be sent.');
    expect(result.response?.headers.get('Connection')).toBe('close');
    expect(pulled).toBeLessThanOrEqual(1); // the stream's first chunk may be queued eagerly; never read on
    expect(await prisma.groupOrder.count()).toBe(0);
  });

  it('cuts off a streamed body that never ends at the limit, on JSON and form routes', async () => {
    const { order } = await createTestGroupOrder();
    const endless = () => {
      const state = { sent: 0 };
      const stream = new ReadableStream({
        pull(controller) {
          state.sent += 16 * 1024;
          controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
        },
      });
      return { state, stream };
    };
    const json = endless();
    const jsonResult = await call(async () =>
      orderItemsAction(args(await raw(`${API}/order-items`, json.stream, 'application/json'))),
    );
    expect(jsonResult.status).toBe(413);
    expect(json.state.sent).toBeLessThanOrEqual(BODY_LIMITS.json + 3 * 16 * 1024);

    const form = endless();
    const formResult = await call(async () =>
      joinAction(
        args(
          await raw(`/apps/group-order/join/${order.code}`, form.stream, 'application/x-www-form-urlencoded'),
          {
            code: order.code,
          },
        ),
      ),
    );
    expect(formResult.status).toBe(413);
    expect(form.state.sent).toBeLessThanOrEqual(BODY_LIMITS.form + 3 * 16 * 1024);
  });

  it('still takes a body just under the limit', async () => {
    const big = {
      ...createBody(),
      instructions: 'x'.repeat(1000),
      padding: ' '.repeat(BODY_LIMITS.json - 2000),
    };
    const result = await call(async () =>
      createAction(args(await proxyRequest(`${API}/group-orders`, { body: big }))),
    );
    expect(result.status).toBe(201);
  });
});
