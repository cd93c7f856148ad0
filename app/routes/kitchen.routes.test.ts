import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './app._index';
import {
  action as kitchenAction,
  loader as kitchenLoader,
} from './apps.group-order.api.group-orders.$id.kitchen';

// The routes around the order's life after submit: the merchant moves it from the embedded admin (the
// admin's order detail shows the timeline and next step); hosts and guests only read it on the storefront.

let ours: number;
let theirs: number;
let open: number;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  const now = new Date();
  ours = (await createTestGroupOrder({ status: 'submitted', submittedAt: now })).order.id;
  theirs = (await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted', submittedAt: now })).order.id;
  open = (await createTestGroupOrder()).order.id;
});

const post = async (form: Record<string, string>, shop = TEST_SHOP) =>
  call(async () => action(args(await adminRequest('/app?index', { form, shop }))));

const storefront = async (id: number, method = 'GET', shop = TEST_SHOP) => {
  const request = await proxyRequest(`/apps/group-order/api/group-orders/${id}/kitchen`, {
    method,
    shop,
    ...(method === 'GET' ? {} : { body: { to: 'ready' } }),
  });
  const route = method === 'GET' ? kitchenLoader : kitchenAction;
  return call(async () => route(args(request, { id: String(id) })));
};

describe('moving an order from the admin', () => {
  it('moves one step with "Mark …", shows it in the detail, and undoes it', async () => {
    const moved = await post({ intent: 'kitchen-move', id: String(ours), to: 'received' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatch(/ is now Received$/);

    const detail = await call(async () => loader(args(await adminRequest(`/app?order=${ours}`))));
    expect(detail.body.detail.kitchen).toMatchObject({ state: 'received', next: 'preparing', canUndo: true });
    expect(detail.body.detail.kitchen.timeline.map((e: { label: string }) => e.label)).toEqual([
      'Submitted',
      'Received',
    ]);
    expect(detail.body.detail.kitchen.timeline[1].actor).toBeTruthy();

    const undo = await post({ intent: 'kitchen-undo', id: String(ours) });
    expect(undo).toMatchObject({ status: 200, body: { message: 'Last step undone' } });
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: ours } })).kitchenState).toBeNull();
  });

  it('refuses skipping to collected, bad input, unsubmitted orders and other shops, with a sentence', async () => {
    const skip = await post({ intent: 'kitchen-move', id: String(ours), to: 'collected' });
    expect(skip).toMatchObject({
      status: 409,
      body: { message: 'Orders move one step at a time; the next step is Received.' },
    });
    const unknown = await post({ intent: 'kitchen-move', id: String(ours), to: 'eaten' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: 'Choose received, preparing, ready, collected or cancelled.' },
    });
    const noReason = await post({ intent: 'kitchen-move', id: String(ours), to: 'cancelled' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Say why the order is cancelled; the host and guests are told.');
    const notSubmitted = await post({ intent: 'kitchen-move', id: String(open), to: 'received' });
    expect(notSubmitted.status).toBe(409);
    const foreign = await post({ intent: 'kitchen-move', id: String(theirs), to: 'received' });
    expect(foreign.status).toBe(404);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: theirs } })).kitchenState).toBeNull();
    expect(await prisma.orderStateEvent.count({ where: { groupOrderId: theirs } })).toBe(0);
  });

  it('lets the other shop move its own order', async () => {
    const moved = await post({ intent: 'kitchen-move', id: String(theirs), to: 'received' }, OTHER_SHOP);
    expect(moved.status).toBe(200);
    await post({ intent: 'kitchen-undo', id: String(theirs) }, OTHER_SHOP);
  });
});

describe('the storefront reads the progress but cannot move it', () => {
  it('shows the state and timeline without who moved it', async () => {
    await post({ intent: 'kitchen-move', id: String(ours), to: 'received' });
    const read = await storefront(ours);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ submitted: true, state: 'received', label: 'Received' });
    expect(read.body.timeline.map((e: { label: string }) => e.label)).toEqual(['Submitted', 'Received']);
    expect(JSON.stringify(read.body)).not.toContain('actor');
    expect(read.body).not.toHaveProperty('canUndo');
  });

  it("answers 404 for another shop's order and an unsubmitted order has no state", async () => {
    expect((await storefront(theirs)).status).toBe(404);
    expect((await storefront(open)).body).toMatchObject({ submitted: false, state: null, timeline: [] });
  });

  it('refuses a guest or host trying to move the order', async () => {
    const before = (await prisma.groupOrder.findUniqueOrThrow({ where: { id: ours } })).kitchenState;
    for (const method of ['POST', 'PATCH']) {
      const tried = await storefront(ours, method);
      expect(tried).toMatchObject({
        status: 405,
        body: { message: 'Only the shop can change where an order is in the kitchen.' },
      });
    }
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: ours } })).kitchenState).toBe(before);
  });
});
