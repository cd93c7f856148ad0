import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { CANCEL_REASON_MAX } from '~/lib/schemas/adminOrders';
import { adminRequest } from '../../test/support/adminRequests';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { asHttp } from '../../test/support/http';
import { args, call, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { confirmCart } from '../models/groupOrder/orderItems.server';
import { action as adminAction, loader as adminLoader } from './app._index';
import {
  action as guestAction,
  loader as guestLoader,
} from './apps.group-order.api.group-orders.$id.guests.$guestName';
import { action as orderItemsAction } from './apps.group-order.api.order-items';

// Issue 24, part 3, at the routes (run on SQLite and, with `npm run test:pg`, on PostgreSQL, which
// refuses a NUL and a lone surrogate outright): the guest's note, the kitchen's cancel reason, a guest
// name in the URL and the admin search answer 400 with a sentence, store nothing, and never 500.

const PHONE = 'zoe-phone-token-000000001';
const BAD: [string, string][] = [
  ['a lone surrogate', '\ud800'],
  ['NUL', 'Oat\u0000milk'],
  ['a lone NUL', '\u0000'],
  ['BEL', 'Oat\u0007milk'],
  ['ESC', 'Oat\u001b[2Jmilk'],
  ['DEL', 'Oat\u007fmilk'],
  ['NEL', 'Oat\u0085milk'],
  ['a right-to-left override', 'Oat\u202emilk'],
];

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];

beforeEach(async () => {
  const items = await seedMenu(TEST_SHOP);
  ({ order } = await createTestGroupOrder());
  await call(() =>
    asHttp(
      confirmCart(TEST_SHOP, {
        groupOrderId: order.id,
        confirmationKey: 'zoe-key-000001',
        guestName: 'Zoë',
        guestInitials: null,
        guestEmail: null,
        guestToken: PHONE,
        specialInstructions: 'No lid',
        items: [{ menuItemId: items[0].id, quantity: 1, selectedModifiers: [] }],
      } as Parameters<typeof confirmCart>[1]),
    ),
  );
});

async function patchNote(specialInstructions: unknown, name = 'Zoë') {
  const request = await proxyRequest(
    `/apps/group-order/api/group-orders/${order.id}/guests/${encodeURIComponent(name)}`,
    { method: 'PATCH', body: { specialInstructions }, headers: { 'X-Guest-Token': PHONE } },
  );
  return call(() => guestAction(args(request, { id: String(order.id), guestName: name })));
}

const note = async () =>
  (await prisma.guest.findFirstOrThrow({ where: { shop: TEST_SHOP, groupOrderId: order.id } }))
    .specialInstructions;

describe('a guest’s note (PATCH /api/group-orders/{id}/guests/{name})', () => {
  it('refuses a lone surrogate and control characters with a 400 and a sentence, and keeps the note', async () => {
    for (const [what, value] of BAD) {
      const result = await patchNote(value);
      expect(result.status, what).toBe(400);
      expect(result.body.error, what).toMatch(
        /^Special instructions contains (a broken character|invisible control characters)\. Please retype it\.$/,
      );
    }
    expect(await note()).toBe('No lid');
  });

  it('takes emoji and line breaks, stored with LF', async () => {
    const result = await patchNote('Oat 🥛\r\nno lid\tplease');
    expect(result.status).toBe(200);
    expect(await note()).toBe('Oat 🥛\nno lid\tplease');
  });

  it('refuses a NUL or a control character in the guest’s name in the URL, without a 500', async () => {
    for (const name of ['Zo\u0000ë', 'Zo\u0085ë']) {
      const result = await patchNote('Hot', name);
      expect(result.status, JSON.stringify(name)).toBe(400);
      expect(result.body.error).toBe(
        'The address contains invisible control characters. Please check the link.',
      );
      const request = await proxyRequest(
        `/apps/group-order/api/group-orders/${order.id}/guests/${encodeURIComponent(name)}`,
      );
      const read = await call(() => guestLoader(args(request, { id: String(order.id), guestName: name })));
      expect(read.status).toBe(400);
    }
    expect(await note()).toBe('No lid');
  });

  it('refuses bad text in a field no schema names, on the confirm (the whole-body rule)', async () => {
    const request = await proxyRequest('/apps/group-order/api/order-items', {
      body: {
        groupOrderId: order.id,
        guestName: 'Sam',
        guestToken: 'sam-phone-token-00000001',
        menuItemId: (await prisma.menuItem.findFirstOrThrow({ where: { shop: TEST_SHOP } })).id,
        quantity: 1,
        comment: 'a\u0000b',
      },
    });
    const result = await call(() => orderItemsAction(args(request)));
    expect(result).toMatchObject({
      status: 400,
      body: { error: 'Some text in the request contains invisible control characters. Please retype it.' },
    });
    expect(await prisma.guest.count({ where: { shop: TEST_SHOP, groupOrderId: order.id } })).toBe(1);
  });
});

describe('the kitchen’s cancel reason (admin, kitchen-move to cancelled)', () => {
  const cancel = async (reason: string) =>
    call(async () =>
      adminAction(
        args(
          await adminRequest('/app?index', {
            form: { intent: 'kitchen-move', id: String(order.id), to: 'cancelled', reason },
          }),
        ),
      ),
    );

  beforeEach(async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
  });

  it('refuses control characters with a 400 and a sentence, and cancels nothing', async () => {
    // A form post is UTF-8: a lone surrogate cannot be sent in one (it arrives as U+FFFD, a character).
    for (const [what, value] of BAD.filter(([what]) => what !== 'a lone surrogate')) {
      const result = await cancel(value);
      expect(result.status, what).toBe(400);
      expect(result.body.message, what).toMatch(
        /^The reason contains (a broken character|invisible control characters)\. Please retype it\.$/,
      );
    }
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).kitchenState).toBeNull();
    expect(await prisma.orderStateEvent.count({ where: { groupOrderId: order.id } })).toBe(0);
  });

  it('keeps a reason of emoji at the limit whole, never cut through a character', async () => {
    const reason = '🥛'.repeat(CANCEL_REASON_MAX);
    const result = await cancel(reason);
    expect(result.status).toBe(200);
    const event = await prisma.orderStateEvent.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(event.reason).toBe(reason);
  });
});

describe('the admin search', () => {
  it('answers a NUL in the search with a 400 and a sentence, not a 500', async () => {
    const result = await call(async () => adminLoader(args(await adminRequest('/app?q=a%00b'))));
    expect(result).toMatchObject({
      status: 400,
      body: { error: 'The search contains invisible control characters. Please retype it.' },
    });
    const fine = await call(async () => adminLoader(args(await adminRequest('/app?q=Zo%C3%AB'))));
    expect(fine.status).toBe(200);
  });
});
