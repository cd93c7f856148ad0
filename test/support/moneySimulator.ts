import { expect } from 'vitest';
import prisma from '~/db.server';
import { processOutboxOnce, type OutboxKind } from '~/models/outbox/outbox.server';
import { action as cancelledAction } from '~/routes/webhooks.orders.cancelled';
import { action as paidAction } from '~/routes/webhooks.orders.paid';
import { action as refundAction } from '~/routes/webhooks.refunds.create';
import type { startAdminApi } from './adminApi';
import { createTestGroupOrder, seedMenu } from './factories';
import { confirmAs } from './guestConfirms';
import { args, call, TEST_SHOP, type Answer } from './requests';
import { webhook } from './webhooks';

type Simulator = Awaited<ReturnType<typeof startAdminApi>>['sim'];

// What the money tests share against the simulated Admin API (adminApi.ts). Import it after the test has set
// SHOPIFY_ADMIN_API_ORIGIN to the simulator, as the app's modules it loads read that on import.

/** Runs the outbox's Shopify jobs of `kinds` as the worker would, an hour later on each call. */
export function outboxDelivery(defaultKinds: OutboxKind[]) {
  let clock = 0;
  return async (kinds: OutboxKind[] = defaultKinds) => {
    clock += 1;
    await processOutboxOnce({ now: new Date(Date.now() + clock * 3_600_000), kinds });
  };
}

/** The tables a money test starts without (children first), and the simulator's shops reset. */
export async function startEmpty(sim: Simulator) {
  sim.reset();
  await prisma.outboxMessage.deleteMany();
  await prisma.webhookReceipt.deleteMany();
  await prisma.shareRefund.deleteMany();
  await prisma.guestShare.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
}

type Topic = 'orders/paid' | 'refunds/create' | 'orders/cancelled';
const ROUTES = {
  'orders/paid': paidAction,
  'refunds/create': refundAction,
  'orders/cancelled': cancelledAction,
};

/**
 * `forward(topic, id?)`: sends the newest webhook the simulator made for the test shop on `topic` (its REST
 * body) to the app's route, signed as Shopify signs it, and answers the body; `id` replays a delivery.
 */
export function webhookForwarder(sim: Simulator) {
  return async function forward(topic: Topic, id?: string) {
    const body = sim.state.events
      .filter((e: Answer) => e.topic === topic && e.shop === TEST_SHOP)
      .map((e: Answer) => e.payload)
      .at(-1);
    const answer = await call(() => ROUTES[topic](args(webhook(topic, body, { id }))));
    expect(answer.status).toBe(200);
    return body;
  };
}

/**
 * A new order on `rules` (guests paying their own share unless they say otherwise) in which Olivia confirms
 * two Flat Whites and James an Almond Croissant.
 */
export async function oliviaAndJames(rules: Record<string, unknown>) {
  const menu = await seedMenu();
  const { order, hostToken } = await createTestGroupOrder({ paymentMode: 'own-share', ...rules });
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
  await confirmAs(order.id, 'Olivia', flatWhite.id, 2);
  await confirmAs(order.id, 'James', croissant.id, 1);
  return { order, hostToken, flatWhite, croissant };
}
