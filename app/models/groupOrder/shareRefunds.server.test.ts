import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../../test/support/requests';

// Refunds the app sends (issue 25; docs/decisions/2026-11-27-app-refunds.md), end to end against the
// simulated Admin API over HTTP: a guest pays their share at the simulator's checkout, the payment's
// orders/paid webhook (signed as Shopify signs it) reaches the route, then an item leaves, the kitchen
// cancels, a second payment comes, or the merchant cancels; the outbox sends refundCreate; the refunds/create
// webhook that follows is counted once. Runs on SQLite and, through scripts/db/test-postgres.mjs, PostgreSQL.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('../../db.server');
const { createTestGroupOrder, seedMenu } = await import('../../../test/support/factories');
const { confirmAs, guestTokenOf } = await import('../../../test/support/guestConfirms');
const { removeItem } = await import('./guestChanges.server');
const { moveKitchenState, undoKitchenState } = await import('../kitchen/kitchen.server');
const { syncShareRefund } = await import('../outbox/shareRefundSync.server');
const { outboxDelivery, startEmpty, webhookForwarder } = await import('../../../test/support/moneySimulator');
await import('../outbox/outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const deliver = outboxDelivery(['shopify.shareDraft', 'shopify.shareRefund']);
const forward = webhookForwarder(sim);

beforeEach(() => startEmpty(sim));

async function paidShareOrder(rules: Record<string, unknown> = { paymentMode: 'own-share' }) {
  const menu = await seedMenu();
  const { order, hostToken } = await createTestGroupOrder({ ...rules, deliveryFeeCents: 300 });
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
  const confirm = (guestName: string, menuItemId: number, quantity = 1) =>
    confirmAs(order.id, guestName, menuItemId, quantity);
  await confirm('Olivia', flatWhite.id, 2);
  await confirm('Olivia', croissant.id);
  await confirm('James', croissant.id);
  await deliver(['shopify.shareDraft']);
  const share = await shareOf('Olivia');
  const token = share.shopifyInvoiceUrl!.split('/').pop()!;
  expect(
    sim.payInvoice(token, { gateway: 'shopify_payments', test: true, email: 'olivia@example.com' }),
  ).toBeTruthy();
  await forward('orders/paid');
  const paid = await shareOf('Olivia');
  expect(paid).toMatchObject({ paymentStatus: 'paid', paidCents: share.guestCents });
  const items = await prisma.orderItem.findMany({
    where: { guestId: share.guestId },
    orderBy: { id: 'asc' },
  });
  return { order, hostToken, share: paid, items, flatWhite, croissant };
}

const shareOf = (guestName: string) =>
  prisma.guestShare.findFirstOrThrow({ where: { shop: TEST_SHOP, guest: { name: guestName } } });
const shopifyOrder = (id: string) => sim.state.orders.find((o: Answer) => o.id === id);
const refundsOn = (id: string) => shopifyOrder(id).refunds as Answer[];
const refundedOn = (id: string) =>
  refundsOn(id)
    .flatMap((r) => r.transactions)
    .reduce((sum: number, t: Answer) => sum + t.amount, 0);
const mails = (to: string) =>
  prisma.outboxMessage.findMany({
    where: { kind: 'email', payload: { contains: to } },
    orderBy: { id: 'asc' },
  });

describe('refunds the app sends', () => {
  it('the host removes a paid item: its line and the share’s new fee part go back, once, and the guest is told', async () => {
    const { order, hostToken, share, items } = await paidShareOrder();
    const before = await mails('olivia@example.com');
    const croissantItem = items.find((i) => i.quantity === 1)!;
    await removeItem(TEST_SHOP, croissantItem.id, { host: { hostToken } });
    const now = await shareOf('Olivia');
    // What stays paid is the share's new guestCents (items, and the delivery fee share recomputed).
    expect(now.guestCents).toBeLessThan(share.guestCents);
    const row = await prisma.shareRefund.findFirstOrThrow({ where: { shareId: share.id } });
    expect(row).toMatchObject({
      kind: 'removal',
      status: 'pending',
      amountCents: share.paidCents - now.guestCents,
    });

    // A crash after Shopify answered: the first run refunds and dies before recording it.
    const real = (await import('../../shopify.server')).unauthenticated;
    const { admin } = await real.admin(TEST_SHOP);
    let crashed = false;
    const crashing = async (query: string, options?: { variables?: Record<string, unknown> }) => {
      const answer = await admin.graphql(query, options);
      if (query.includes('refundCreate') && !crashed) {
        crashed = true;
        throw new Error('The process died after Shopify answered.');
      }
      return answer;
    };
    await expect(syncShareRefund(TEST_SHOP, row.id, crashing as never)).rejects.toThrow('died');
    expect(refundsOn(share.shopifyOrderId!)).toHaveLength(1);
    expect((await prisma.shareRefund.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('pending');
    // The retry (and the worker running the job again) find Shopify's refund by its note: none more.
    await deliver();
    await deliver();
    await syncShareRefund(TEST_SHOP, row.id);
    const refunds = refundsOn(share.shopifyOrderId!);
    expect(refunds).toHaveLength(1);
    expect(refundedOn(share.shopifyOrderId!)).toBe(row.amountCents);
    // The removed line left the order, restocked as cancelled.
    expect(refunds[0].refundLineItems).toEqual([
      expect.objectContaining({ quantity: 1, restockType: 'CANCEL' }),
    ]);
    const line = shopifyOrder(share.shopifyOrderId!).lineItems.find(
      (l: Answer) => l.id === refunds[0].refundLineItems[0].lineItemId,
    );
    expect(line.customAttributes).toContainEqual({
      key: '_group_order_item',
      value: String(croissantItem.id),
    });

    const after = await shareOf('Olivia');
    expect(after).toMatchObject({ paymentStatus: 'partially-refunded', refundedCents: row.amountCents });
    expect(after.paidCents - after.refundedCents).toBe(after.guestCents);
    // The refunds/create webhook for the app's own refund (and a replay of it) changes nothing more.
    await forward('refunds/create');
    await forward('refunds/create');
    expect(await shareOf('Olivia')).toEqual(after);
    expect(await prisma.shareRefund.count()).toBe(1);
    // One e-mail: the refund, which says what went (no separate "the host removed" e-mail).
    const sent = (await mails('olivia@example.com')).slice(before.length);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toContain('The host removed 1x Almond Croissant from');
    expect(order.id).toBeGreaterThan(0);
  });

  it('a guest removes their own paid items: refunded, and refunded in full when nothing is left', async () => {
    const { share, items } = await paidShareOrder();
    const who = { guestName: 'Olivia', guestToken: guestTokenOf('Olivia') };
    for (const item of items) await removeItem(TEST_SHOP, item.id, who);
    await deliver();
    const after = await shareOf('Olivia');
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedCents: share.paidCents, guestCents: 0 });
    expect(refundedOn(share.shopifyOrderId!)).toBe(share.paidCents);
    // Removing the same item again is not an error and refunds nothing more.
    await removeItem(TEST_SHOP, items[0].id, who);
    await deliver();
    expect(refundedOn(share.shopifyOrderId!)).toBe(share.paidCents);
    const sent = await mails('olivia@example.com');
    expect(sent.filter((m) => m.payload.includes('You removed'))).toHaveLength(2);
  });

  it('the kitchen cancels: every paid share refunded in full, told in the cancel e-mail, and the cancel is not undone', async () => {
    const { order, share } = await paidShareOrder();
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    await moveKitchenState(TEST_SHOP, order.id, { to: 'cancelled', actor: 'Kim', reason: 'Oven broke' });
    await deliver();
    expect(refundedOn(share.shopifyOrderId!)).toBe(share.paidCents);
    expect(shopifyOrder(share.shopifyOrderId!).lineItems.length).toBeGreaterThan(0);
    expect(await shareOf('Olivia')).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: share.paidCents,
    });
    const sent = await mails('olivia@example.com');
    const cancel = sent.filter((m) => m.payload.includes('Oven broke'));
    expect(cancel).toHaveLength(1);
    expect(cancel[0].payload).toContain('is being refunded to the card you paid with');
    expect(sent.filter((m) => m.payload.includes('Refund of'))).toHaveLength(0);
    await expect(undoKitchenState(TEST_SHOP, order.id, 'Kim')).rejects.toThrow('cannot be undone');
  });

  it('a second payment for a paid share is refunded in full at once; the share is charged once', async () => {
    const { share } = await paidShareOrder();
    // A second order naming the same share (a second checkout that got past Shopify's own rule).
    const first = shopifyOrder(share.shopifyOrderId!);
    const draft = sim.state.draftOrders.find((d: Answer) => d.id === first.draftOrderId);
    Object.assign(draft, { status: 'OPEN', orderId: null });
    sim.payInvoice(draft.invoiceUrl.split('/').pop(), {
      gateway: 'shopify_payments',
      test: true,
      email: 'olivia@example.com',
    });
    const second = await forward('orders/paid');
    expect(second.admin_graphql_api_id).not.toBe(share.shopifyOrderId);
    await deliver();
    expect(refundedOn(second.admin_graphql_api_id)).toBe(share.paidCents);
    expect(refundedOn(share.shopifyOrderId!)).toBe(0);
    expect(await shareOf('Olivia')).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    await forward('refunds/create');
    expect(await shareOf('Olivia')).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    const sent = await mails('olivia@example.com');
    expect(sent.filter((m) => m.payload.includes('your second payment of'))).toHaveLength(1);
  });

  it('the merchant cancels the share’s order in Shopify: refunded and marked, whichever webhook comes first', async () => {
    const { share } = await paidShareOrder();
    const { admin } = await (await import('../../shopify.server')).unauthenticated.admin(TEST_SHOP);
    const answer = await admin.graphql(
      `#graphql
      mutation MerchantCancel($orderId: ID!) {
        orderCancel(orderId: $orderId, reason: CUSTOMER, restock: true, notifyCustomer: false,
          refundMethod: { originalPaymentMethodsRefund: true }) { orderCancelUserErrors { message } }
      }`,
      { variables: { orderId: share.shopifyOrderId } },
    );
    expect((await answer.json()).data.orderCancel.orderCancelUserErrors).toEqual([]);
    // orders/cancelled first (it lists the refund), then refunds/create: counted once.
    await forward('orders/cancelled');
    await forward('refunds/create');
    const after = await shareOf('Olivia');
    expect(after.cancelledAt).not.toBeNull();
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedCents: share.paidCents });
    expect(await prisma.shareRefund.count({ where: { kind: 'shopify' } })).toBe(1);
  });

  it('never refunds more than was paid: a refund the merchant made in Shopify is counted first', async () => {
    const { share, items } = await paidShareOrder();
    // The merchant refunds $3.00 in Shopify's admin; refunds/create tells the app (counted by refund id).
    const { admin } = await (await import('../../shopify.server')).unauthenticated.admin(TEST_SHOP);
    const sale = shopifyOrder(share.shopifyOrderId!).transactions[0];
    const orderId = share.shopifyOrderId;
    await admin.graphql(
      `#graphql
      mutation MerchantRefund($input: RefundInput!) { refundCreate(input: $input) { userErrors { message } } }`,
      {
        variables: {
          input: {
            orderId,
            transactions: [
              { orderId, parentId: sale.id, kind: 'REFUND', gateway: sale.gateway, amount: '3.00' },
            ],
          },
        },
      },
    );
    await forward('refunds/create');
    expect(await shareOf('Olivia')).toMatchObject({
      paymentStatus: 'partially-refunded',
      refundedCents: 300,
    });
    // The guest then removes everything: the app gives back only what is still held.
    const who = { guestName: 'Olivia', guestToken: guestTokenOf('Olivia') };
    for (const item of items) await removeItem(TEST_SHOP, item.id, who);
    await deliver();
    expect(refundedOn(share.shopifyOrderId!)).toBe(share.paidCents);
    expect(await shareOf('Olivia')).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: share.paidCents,
    });
    const rows = await prisma.shareRefund.findMany({ orderBy: { id: 'asc' } });
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(share.paidCents);
    // Fully refunded, nothing is held: a late removal decides no refund at all.
    expect(rows.every((r) => r.status === 'done')).toBe(true);
  });
});
