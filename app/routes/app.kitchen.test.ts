import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { args, call, OTHER_SHOP, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './app.kitchen._index';
import { loader as labelsLoader } from './app.kitchen.labels.$id';
import { loader as sheetLoader } from './app.kitchen.sheet.$id';

// The prep board page and its print pages, behind the embedded admin's session token.

let ours: number;
let theirs: number;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  const pickupAt = new Date(Date.now() + 30 * 60_000);
  ours = (await createTestGroupOrder({ status: 'submitted', submittedAt: new Date(), pickupAt })).order.id;
  theirs = (
    await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted', submittedAt: new Date(), pickupAt })
  ).order.id;
});

const next = async (form: Record<string, string>) =>
  call(async () => action(args(await adminRequest('/app/kitchen?index', { form }))));

describe('prep board page', () => {
  it('refuses a request without a session token', async () => {
    const result = await call(() =>
      loader(args(new Request('https://my-test-app.myshopify.io/app/kitchen'))),
    );
    expect(result.status).toBeGreaterThanOrEqual(300);
  });

  it("lists this shop's submitted orders only", async () => {
    const { status, body } = await call(async () => loader(args(await adminRequest('/app/kitchen'))));
    expect(status).toBe(200);
    const ids = body.orders.map((o: { id: number }) => o.id);
    expect(ids).toContain(ours);
    expect(ids).not.toContain(theirs);
  });

  it('moves an order one step with one click, and refuses a stale or foreign click with a sentence', async () => {
    const moved = await next({ intent: 'next-step', id: String(ours), to: 'received' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatch(/ is now Received$/);
    // A second tab still showing "Mark Received" does not move it again.
    const stale = await next({ intent: 'next-step', id: String(ours), to: 'received' });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        message: 'This order is already Received; the next step is Preparing.',
      },
    });
    const cancel = await next({ intent: 'next-step', id: String(ours), to: 'cancelled' });
    expect(cancel).toMatchObject({
      status: 400,
      body: { message: 'Choose received, preparing, ready or collected.' },
    });
    const foreign = await next({ intent: 'next-step', id: String(theirs), to: 'received' });
    expect(foreign.status).toBe(404);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: theirs } })).kitchenState).toBeNull();
  });

  it("prints this shop's orders only", async () => {
    for (const route of [labelsLoader, sheetLoader]) {
      const mine = await call(async () =>
        route(args(await adminRequest(`/app/kitchen/labels/${ours}`), { id: String(ours) })),
      );
      expect(mine.status).toBe(200);
      expect(mine.body.order.id).toBe(ours);
      const foreign = await call(async () =>
        route(args(await adminRequest(`/app/kitchen/labels/${theirs}`), { id: String(theirs) })),
      );
      expect(foreign).toMatchObject({
        status: 404,
        body: 'That submitted group order was not found in your shop.',
      });
      const bad = await call(async () =>
        route(args(await adminRequest('/app/kitchen/labels/abc'), { id: 'abc' })),
      );
      expect(bad.status).toBe(404);
    }
    expect(TEST_SHOP).not.toBe(OTHER_SHOP);
  });
});
