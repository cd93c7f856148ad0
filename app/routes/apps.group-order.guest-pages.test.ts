import { beforeAll, describe, expect, it, vi } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import {
  args,
  call as callRaw,
  OTHER_SHOP,
  proxyRequest,
  TEST_SHOP,
  type Answer,
} from '../../test/support/requests';
import { action as joinAction, loader as joinLoader } from './apps.group-order.join.$code';
import { LOAD_FAILED_MESSAGE, loader as menuLoader } from './apps.group-order.order.$groupOrderId';
import { loader as reviewLoader } from './apps.group-order.review.$groupOrderId.$guestName';
import { loader as confirmedLoader } from './apps.group-order.confirmed.$groupOrderId.$guestName';
import { confirmCart } from '~/models/groupOrder/orderItems.server';

// The guest pages' loaders and the join action, through signed requests.

async function form(path: string, fields: Record<string, string>) {
  const signed = await proxyRequest(path, { method: 'POST' });
  return new Request(signed.url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: signed.headers,
  });
}

/** Like call(), and unwraps Remix's data(value, { status }) the way the server would send it. */
async function call(fn: () => Promise<unknown>) {
  const result = await callRaw(fn);
  const body = result.body as { type?: string; data?: unknown; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit')
    return { ...result, status: body.init?.status ?? 200, body: body.data as Answer };
  return result;
}

function location(result: { response?: Response }) {
  return result.response?.headers.get('Location');
}

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let latteId: number;
const ALEX_PHONE = 'alex-phone-token-00000001';

beforeAll(async () => {
  const items = await seedMenu(TEST_SHOP);
  latteId = items.find((i) => i.name === 'Latte')!.id;
  ({ order } = await createTestGroupOrder({ paymentMethod: 'invoice' }));
  await confirmCart(TEST_SHOP, {
    groupOrderId: order.id,
    confirmationKey: 'page-test-key',
    guestName: 'Alex',
    guestInitials: 'AB',
    guestEmail: null,
    guestToken: ALEX_PHONE,
    specialInstructions: 'No lid',
    items: [
      {
        menuItemId: latteId,
        quantity: 2,
        selectedModifiers: [],
        itemPrice: undefined,
        totalPrice: undefined,
      },
    ],
  });
});

describe('join', () => {
  it('finds the order by code in any case and prefills the e-mail', async () => {
    const request = await proxyRequest(`/apps/group-order/join/${order.code.toLowerCase()}`, {
      query: { email: 'sam@example.com' },
    });
    const result = await call(() => joinLoader(args(request, { code: order.code.toLowerCase() })));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      email: 'sam@example.com',
      order: { id: order.id, payment: 'Invoice' },
    });
  });

  it('answers 404 for an unknown code or another shop', async () => {
    for (const [code, shop] of [
      ['ZZZZZZ', TEST_SHOP],
      [order.code, OTHER_SHOP],
    ]) {
      const request = await proxyRequest(`/apps/group-order/join/${code}`, { shop });
      const result = await call(() => joinLoader(args(request, { code })));
      expect(result.status).toBe(404);
    }
  });

  it('sends a new guest to the menu with guest and initials, never the e-mail address', async () => {
    const request = await form(`/apps/group-order/join/${order.code}`, {
      guestName: ' Sam ',
      initials: 'sj',
      email: 'sam@example.com',
    });
    const result = await call(() => joinAction(args(request, { code: order.code })));
    expect(result.status).toBe(302);
    expect(location(result)).toBe(`/apps/group-order/order/${order.id}?guest=Sam&initials=SJ`);
  });

  it('sends a guest who already confirmed (any case) to the confirmation, on the same browser', async () => {
    const request = await form(`/apps/group-order/join/${order.code}`, {
      guestName: 'alex',
      initials: '',
      email: '',
      guestToken: ALEX_PHONE,
    });
    const result = await call(() => joinAction(args(request, { code: order.code })));
    // The guest's own spelling of their name, not what was typed this time.
    expect(location(result)).toBe(`/apps/group-order/confirmed/${order.id}/Alex`);
  });

  it('refuses a missing name or too-long initials', async () => {
    const noName = await form(`/apps/group-order/join/${order.code}`, {
      guestName: '  ',
      initials: '',
      email: '',
    });
    expect(await call(() => joinAction(args(noName, { code: order.code })))).toMatchObject({
      status: 400,
      body: { error: 'Please enter your name.' },
    });
    const long = await form(`/apps/group-order/join/${order.code}`, {
      guestName: 'Sam',
      initials: 'ABCD',
      email: '',
    });
    expect((await call(() => joinAction(args(long, { code: order.code })))).status).toBe(400);
  });
});

describe('menu, review and confirmed', () => {
  it('menu: loads the order and menu for a named guest', async () => {
    const request = await proxyRequest(`/apps/group-order/order/${order.id}`, {
      query: { guest: 'Sam', initials: 'sj' },
    });
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(order.id) })));
    expect(result.body).toMatchObject({ found: true, guest: 'Sam', initials: 'SJ', closedMessage: null });
    expect(result.body.menu.items.length).toBeGreaterThan(10);
    expect(result.body.order.items).toEqual([]);
  });

  it('menu: without a guest name goes to the join screen', async () => {
    const request = await proxyRequest(`/apps/group-order/order/${order.id}`);
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(order.id) })));
    expect(location(result)).toBe(`/apps/group-order/join/${order.code}`);
  });

  it('menu: says the order is closed after the deadline', async () => {
    const { order: late } = await createTestGroupOrder({ deadlineAt: new Date(Date.now() - 1000) });
    const request = await proxyRequest(`/apps/group-order/order/${late.id}`, { query: { guest: 'Sam' } });
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(late.id) })));
    expect(result.body.closedMessage).toMatch(/deadline for this group order has passed/);
  });

  it('menu: says why the order is closed in the page language, on its clock', async () => {
    const { order: late } = await createTestGroupOrder({ deadlineAt: new Date(Date.now() - 1000) });
    const request = await proxyRequest(`/apps/group-order/order/${late.id}`, {
      query: { guest: 'Sam', locale: 'de' },
    });
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(late.id) })));
    expect(result.body.closedMessage).toMatch(/^Bestellschluss war .+, \d{2}:\d{2}\. Die Bestellfrist/);
    expect(result.body.expiredMessage).toBe(result.body.closedMessage);
  });

  it('menu: a shop without active menu items gets an empty menu (the page shows Menu not available)', async () => {
    const { order: bare } = await createTestGroupOrder({ shop: OTHER_SHOP });
    const request = await proxyRequest(`/apps/group-order/order/${bare.id}`, {
      shop: OTHER_SHOP,
      query: { guest: 'Sam' },
    });
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(bare.id) })));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ found: true, menu: { items: [] } });
  });

  it('menu: a failure while loading answers 500 with a readable sentence, not a stack trace', async () => {
    // An order row the server cannot read (an unknown time zone) stands in for any fault while loading.
    const { order: broken } = await createTestGroupOrder({ timeZone: 'Not/A_Zone' });
    const request = await proxyRequest(`/apps/group-order/order/${broken.id}`, { query: { guest: 'Sam' } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const result = await call(() => menuLoader(args(request, { groupOrderId: String(broken.id) })));
      expect(result).toMatchObject({ status: 500, body: LOAD_FAILED_MESSAGE });
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('menu and review: 404 for an unknown order or another shop', async () => {
    const other = await proxyRequest(`/apps/group-order/order/${order.id}`, {
      shop: OTHER_SHOP,
      query: { guest: 'Sam' },
    });
    expect((await call(() => menuLoader(args(other, { groupOrderId: String(order.id) })))).status).toBe(404);
    const bad = await proxyRequest('/apps/group-order/review/nope/Sam');
    expect(
      (await call(() => reviewLoader(args(bad, { groupOrderId: 'nope', guestName: 'Sam' })))).status,
    ).toBe(404);
  });

  it('confirmed: the page data carries the order, never the guest’s items or note (a URL is no key)', async () => {
    const request = await proxyRequest(`/apps/group-order/confirmed/${order.id}/ALEX`);
    const result = await call(() =>
      confirmedLoader(args(request, { groupOrderId: String(order.id), guestName: 'ALEX' })),
    );
    expect(result.body).toMatchObject({
      found: true,
      guest: 'ALEX',
      payment: 'Invoice',
      status: 'active',
      kitchenState: null,
    });
    expect(JSON.stringify(result.body)).not.toContain('No lid');
    expect(JSON.stringify(result.body)).not.toContain('Latte');
  });

  it('keeps guests’ e-mail addresses out of the page data', async () => {
    await prisma.orderItem.updateMany({ data: { guestEmail: 'alex-private@example.com' } });
    const request = await proxyRequest(`/apps/group-order/order/${order.id}`, { query: { guest: 'Sam' } });
    const result = await call(() => menuLoader(args(request, { groupOrderId: String(order.id) })));
    expect(JSON.stringify(result.body)).not.toContain('alex-private');
  });
});
