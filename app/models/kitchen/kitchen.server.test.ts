import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { DomainError } from '../../lib/errors';
import { errorResponse } from '../../lib/http.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { setGroupOrderStatus } from '../groupOrder/submitOrder.server';
import { getKitchenProgress, moveKitchenState, undoKitchenState } from './kitchen.server';
import { confirmCart } from '../groupOrder/orderItems.server';
import { joinAsGuest, type JoinInput } from '../groupOrder/joining.server';

// The order's life after submit: the merchant moves it forward one step at a time (or cancels it with a
// reason), each move recorded with time and actor; the last step can be undone once. Ready and cancelled
// e-mail the host and every guest who gave an address; the merchant is e-mailed when an order is submitted.

let menu: Awaited<ReturnType<typeof seedMenu>>;
beforeAll(async () => {
  menu = await seedMenu();
  await seedMenu(OTHER_SHOP);
});

async function submittedOrder(shop = TEST_SHOP, overrides: Record<string, unknown> = {}) {
  const latte = (await prisma.menuItem.findFirst({ where: { shop, name: 'Latte' } }))!;
  const { order, hostToken } = await createTestGroupOrder({ shop, ...overrides });
  for (const [index, guest] of [
    { name: 'Olivia', email: 'olivia@example.com' },
    { name: 'Sam', email: null },
  ].entries()) {
    await confirmCart(shop, {
      groupOrderId: order.id,
      confirmationKey: `kitchen-${order.id}-${index}`,
      guestName: guest.name,
      guestInitials: null,
      guestEmail: guest.email,
      specialInstructions: null,
      items: [{ menuItemId: latte.id, quantity: 1, selectedModifiers: [] }],
    });
  }
  await setGroupOrderStatus(shop, order.id, 'submitted', { hostToken });
  return { order, hostToken };
}

async function mailsAfter(since: number) {
  const rows = await prisma.outboxMessage.findMany({
    where: { kind: 'email', id: { gt: since } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({ shop: row.shop, ...JSON.parse(row.payload) }) as Record<string, string>);
}

const lastMailId = async () => (await prisma.outboxMessage.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) {
      const response = errorResponse(error);
      return { status: response.status, message: (await response.json()).message };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

const move = (id: number, to: string, reason?: string, shop = TEST_SHOP) =>
  moveKitchenState(shop, id, { to: to as 'received', actor: 'Staff 7', reason });

describe('kitchen states', () => {
  it('moves received → preparing → ready → collected, recording time and actor for each', async () => {
    expect(menu.length).toBeGreaterThan(0);
    const { order } = await submittedOrder();
    for (const to of ['received', 'preparing', 'ready', 'collected']) {
      const moved = await move(order.id, to);
      expect(moved.kitchenState).toBe(to);
    }
    const progress = (await getKitchenProgress(TEST_SHOP, order.id, true))!;
    expect(progress.timeline.map((e) => [e.label, e.actor ?? null])).toEqual([
      ['Submitted', null],
      ['Received', 'Staff 7'],
      ['Preparing', 'Staff 7'],
      ['Ready', 'Staff 7'],
      ['Collected', 'Staff 7'],
    ]);
    expect(progress.next).toBeNull();
    // Guests and hosts see the timeline without who moved it.
    const shown = (await getKitchenProgress(TEST_SHOP, order.id))!;
    expect(shown.timeline.some((e) => 'actor' in e)).toBe(false);
    expect(await refusal(move(order.id, 'collected'))).toEqual({
      status: 409,
      message: 'This order has already been collected; there is no next step.',
    });
    expect((await refusal(move(order.id, 'cancelled', 'Too late'))).status).toBe(409);
  });

  it('refuses skipping a step, going backwards, and moving an order that is not submitted', async () => {
    const { order } = await submittedOrder();
    expect(await refusal(move(order.id, 'collected'))).toEqual({
      status: 409,
      message: 'Orders move one step at a time; the next step is Received.',
    });
    await move(order.id, 'received');
    await move(order.id, 'preparing');
    expect(await refusal(move(order.id, 'received'))).toEqual({
      status: 409,
      message: 'Orders only move forward; use Undo to take back the last step. The next step is Ready.',
    });
    const { order: open } = await createTestGroupOrder();
    expect(await refusal(move(open.id, 'received'))).toEqual({
      status: 409,
      message: 'This order has not been submitted yet, so the kitchen cannot move it.',
    });
    expect((await prisma.orderStateEvent.count({ where: { groupOrderId: open.id } })) === 0).toBe(true);
  });

  it("refuses another shop's order as not found and changes nothing", async () => {
    const { order } = await submittedOrder(OTHER_SHOP);
    expect((await refusal(move(order.id, 'received'))).status).toBe(404);
    expect((await refusal(undoKitchenState(TEST_SHOP, order.id, 'Staff 7'))).status).toBe(404);
    const theirs = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(theirs.kitchenState).toBeNull();
    expect(await getKitchenProgress(TEST_SHOP, order.id)).toBeNull();
  });

  it('undoes the last step once, visibly, and then moves on again', async () => {
    const { order } = await submittedOrder();
    await move(order.id, 'received');
    await move(order.id, 'preparing');
    const undone = await undoKitchenState(TEST_SHOP, order.id, 'Staff 9');
    expect(undone.kitchenState).toBe('received');
    expect(await refusal(undoKitchenState(TEST_SHOP, order.id, 'Staff 9'))).toEqual({
      status: 409,
      message: 'The last step was already undone; only one step can be taken back.',
    });
    await move(order.id, 'preparing');
    const progress = (await getKitchenProgress(TEST_SHOP, order.id, true))!;
    expect(progress.state).toBe('preparing');
    expect(progress.timeline.map((e) => `${e.label}${e.undone ? ' (undone)' : ''}`)).toEqual([
      'Submitted',
      'Received',
      'Preparing (undone)',
      'Preparing',
    ]);
    const fresh = await submittedOrder();
    expect(await refusal(undoKitchenState(TEST_SHOP, fresh.order.id, 'Staff 9'))).toEqual({
      status: 409,
      message: 'There is no step to undo yet.',
    });
  });

  it('cancels only with a reason, tells the host and guests why, and then stops', async () => {
    const { order, hostToken } = await submittedOrder();
    await move(order.id, 'received');
    expect(await refusal(move(order.id, 'cancelled', '   '))).toEqual({
      status: 400,
      message: 'Say why the order is cancelled; the host and guests are told.',
    });
    const since = await lastMailId();
    const cancelled = await move(order.id, 'cancelled', 'Our coffee machine broke down');
    expect(cancelled).toMatchObject({
      kitchenState: 'cancelled',
      cancelReason: 'Our coffee machine broke down',
    });
    const sent = await mailsAfter(since);
    expect(sent.map((m) => m.to)).toEqual(['hannah@example.com', 'olivia@example.com']);
    expect(sent[0].subject).toBe('Your order from Demo Coffee has been cancelled');
    expect(sent[1].text).toContain('Reason: Our coffee machine broke down');
    expect(await refusal(move(order.id, 'preparing'))).toEqual({
      status: 409,
      message: 'This order was cancelled; it cannot move any more.',
    });
    // A host cannot reopen (and so edit) an order the kitchen has taken.
    expect((await refusal(setGroupOrderStatus(TEST_SHOP, order.id, 'active', { hostToken }))).status).toBe(
      409,
    );
  });

  it('e-mails "ready" to the host and every guest with an address, once', async () => {
    const { order } = await submittedOrder();
    await move(order.id, 'received');
    await move(order.id, 'preparing');
    const since = await lastMailId();
    await move(order.id, 'ready');
    const sent = await mailsAfter(since);
    expect(sent.map((m) => m.to)).toEqual(['hannah@example.com', 'olivia@example.com']);
    expect(new Set(sent.map((m) => m.subject))).toEqual(
      new Set(['Your order from Demo Coffee is ready for pickup at Demo Coffee Kitchen, 12 Bridge St']),
    );
    expect(sent.every((m) => m.shop === TEST_SHOP)).toBe(true);
    // A mistaken "ready" undone and marked again tells nobody twice; collecting tells nobody.
    await undoKitchenState(TEST_SHOP, order.id, 'Staff 7');
    await move(order.id, 'ready');
    await move(order.id, 'collected');
    expect(await mailsAfter(since)).toHaveLength(2);
  });

  it('does not e-mail "ready" to a guest who joined but has nothing in the order (issue 27)', async () => {
    const latte = (await prisma.menuItem.findFirst({ where: { shop: TEST_SHOP, name: 'Latte' } }))!;
    const { order, hostToken } = await createTestGroupOrder({ shop: TEST_SHOP });
    await joinAsGuest(TEST_SHOP, order.id, { guestName: 'Nora', email: 'nora@example.com' } as JoinInput);
    await confirmCart(TEST_SHOP, {
      groupOrderId: order.id,
      confirmationKey: `joined-${order.id}`,
      guestName: 'Olivia',
      guestInitials: null,
      guestEmail: 'olivia@example.com',
      specialInstructions: null,
      items: [{ menuItemId: latte.id, quantity: 1, selectedModifiers: [] }],
    });
    const beforeSubmit = await lastMailId();
    await setGroupOrderStatus(TEST_SHOP, order.id, 'submitted', { hostToken });
    expect((await mailsAfter(beforeSubmit)).map((m) => m.to)).not.toContain('nora@example.com');
    await move(order.id, 'received');
    await move(order.id, 'preparing');
    const since = await lastMailId();
    await move(order.id, 'ready');
    expect((await mailsAfter(since)).map((m) => m.to)).toEqual(['hannah@example.com', 'olivia@example.com']);
  });

  it('e-mails the merchant when an order is submitted, with a link to it in the admin', async () => {
    await prisma.shopSettings.update({
      where: { shop: TEST_SHOP },
      data: { merchantEmail: 'kitchen@demo-coffee.example' },
    });
    const since = await lastMailId();
    const { order } = await submittedOrder();
    const sent = (await mailsAfter(since)).filter((m) => m.to === 'kitchen@demo-coffee.example');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(new RegExp(`^New group order ${order.code}: 2 items, pickup `));
    expect(sent[0].text).toContain(`/app?order=${order.id}`);
    expect(sent[0].text).toContain('https://admin.shopify.com/store/');
    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { merchantEmail: null } });
    const quiet = await lastMailId();
    await submittedOrder();
    expect((await mailsAfter(quiet)).some((m) => m.to === 'kitchen@demo-coffee.example')).toBe(false);
  });
});
