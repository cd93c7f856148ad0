import { API_SECRET_KEY, getHmac } from '@shopify/shopify-api/test-helpers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../test/support/requests';
import { webhook } from '../../test/support/webhooks';

// Issue 25, guests paying their own share: the confirmed page's "Pay my share" (the guest's own signed
// link to their draft's invoice checkout) and the e-mail that carries it. The Admin API is the simulator's,
// over HTTP; the routes are called as Shopify's app proxy would call them.
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { createTestGroupOrder, seedMenu } = await import('../../test/support/factories');
const { args, call, OTHER_SHOP, proxyRequest } = await import('../../test/support/requests');
const { action: confirmAction } = await import('./apps.group-order.api.order-items');
const { loader: ownLoader } = await import('./apps.group-order.api.group-orders.$id.guests.$guestName');
const { loader: payLoader } = await import('./apps.group-order.pay.$shareId.$signature');
const { loader: dashboardLoader } = await import('./apps.group-order.host.dashboard.$id');
const { action: paidAction } = await import('./webhooks.orders.paid');
const { action: refundAction } = await import('./webhooks.refunds.create');
const { startEmpty } = await import('../../test/support/moneySimulator');
await import('~/models/outbox/outbox-handlers.server');

afterAll(() => api.close());

const sim = api.sim;
const ALEX = 'alex-token-0000000000001';
const BEA = 'bea-token-00000000000002';
let latteId: number;

beforeEach(async () => {
  await startEmpty(sim);
  await prisma.rateLimiterFlexible.deleteMany();
  const menu = await seedMenu(TEST_SHOP);
  latteId = menu.find((m) => m.name === 'Latte')!.id;
});

async function confirm(orderId: number, guestName: string, token: string, quantity = 1, locale = 'en') {
  const body = {
    groupOrderId: orderId,
    confirmationKey: `pay-key-${guestName}-${quantity}`,
    guestName,
    guestEmail: `${guestName.toLowerCase()}@example.com`,
    guestToken: token,
    items: [{ menuItemId: latteId, quantity, selectedModifiers: [] }],
  };
  const request = await proxyRequest('/apps/group-order/api/order-items', { body, query: { locale } });
  return call(() => confirmAction(args(request)));
}

async function own(orderId: number, guestName: string, token?: string) {
  const request = await proxyRequest(`/apps/group-order/api/group-orders/${orderId}/guests/${guestName}`, {
    headers: token ? { 'X-Guest-Token': token } : {},
  });
  return call(() => ownLoader(args(request, { id: String(orderId), guestName })));
}

/** Opens a pay link (`/apps/group-order/pay/{shareId}/{signature}`) on `shop`. */
async function openPay(path: string, shop = TEST_SHOP) {
  const [shareId, signature] = path.split('/').slice(-2);
  const request = await proxyRequest(path, { shop });
  const answer = await call(() => payLoader(args(request, { shareId, signature })));
  // A refusal is Remix's data() with its status; a good link is a redirect Response.
  if (answer.body?.type === 'DataWithResponseInit') {
    return { status: answer.body.init.status as number, body: answer.body.data, response: undefined };
  }
  return answer;
}

async function ownShareOrder() {
  const { order } = await createTestGroupOrder({ paymentMode: 'own-share' });
  expect((await confirm(order.id, 'Alex', ALEX, 2)).status).toBe(201);
  expect((await confirm(order.id, 'Bea', BEA)).status).toBe(201);
  return order;
}

describe('Pay my share', () => {
  it("gives the guest's own browser their amount and link, which opens their draft's invoice checkout", async () => {
    const order = await ownShareOrder();
    const alex = await own(order.id, 'Alex', ALEX);
    expect(alex.body.share).toMatchObject({ guestCents: 1040, status: 'none' });
    expect(alex.body.share.payUrl).toMatch(/^\/apps\/group-order\/pay\/\d+\/[A-Za-z0-9_-]{43}$/);

    const opened = await openPay(alex.body.share.payUrl);
    expect(opened.status).toBe(303);
    const share = await prisma.guestShare.findFirstOrThrow({ where: { guest: { name: 'Alex' } } });
    expect(opened.response!.headers.get('Location')).toBe(share.shopifyInvoiceUrl);
    const draft = sim.state.draftOrders.find((d: Answer) => d.id === share.shopifyDraftOrderId);
    expect(draft.lineItems.map((l: Answer) => [l.title, l.quantity])).toEqual([['Latte', 2]]);
    // Opening it again uses the same draft (Bea’s waits for the worker).
    await openPay(alex.body.share.payUrl);
    expect(sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP)).toHaveLength(1);
  });

  it("refuses another guest's share: no link without their token, and a link re-signed for another share or shop", async () => {
    const order = await ownShareOrder();
    const stranger = await own(order.id, 'Bea', ALEX);
    expect(stranger.body).toMatchObject({ mine: false });
    expect(stranger.body.share).toBeUndefined();
    const alex = (await own(order.id, 'Alex', ALEX)).body.share.payUrl as string;
    const bea = await prisma.guestShare.findFirstOrThrow({ where: { guest: { name: 'Bea' } } });
    const forged = alex.replace(/\/pay\/\d+\//, `/pay/${bea.id}/`);
    const refused = await openPay(forged);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ refused: 'bad-link' });
    expect((await openPay(alex, OTHER_SHOP)).status).toBe(404);
    expect(await prisma.guestShare.count({ where: { shopifyDraftOrderId: { not: null }, id: bea.id } })).toBe(
      0,
    );
  });

  it('says a paid share is paid, and e-mails the guest their own link once', async () => {
    const order = await ownShareOrder();
    const link = (await own(order.id, 'Alex', ALEX)).body.share.payUrl as string;
    await openPay(link);
    const mails = await prisma.outboxMessage.findMany({ where: { kind: 'email' } });
    const toAlex = mails.filter((m) => m.payload.includes('alex@example.com'));
    expect(toAlex).toHaveLength(1);
    expect(toAlex[0].payload).toContain(link);
    await prisma.guestShare.updateMany({
      where: { guest: { name: 'Alex' } },
      data: { paymentStatus: 'paid', paidCents: 1040 },
    });
    const paid = await openPay(link);
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ refused: 'paid' });
    expect((await own(order.id, 'Alex', ALEX)).body.share).toMatchObject({ status: 'paid', payUrl: null });
  });
});

/** The REST order body of a share's paid order (the fields the app reads, as Shopify names them). */
function paidOrder(share: { id: number }, code: string, orderNumber: number, total = '10.40') {
  return {
    id: orderNumber,
    admin_graphql_api_id: `gid://shopify/Order/${orderNumber}`,
    total_price: total,
    currency: 'AUD',
    financial_status: 'paid',
    tags: `group-order, group-order-${code}, group-order-share`,
    note_attributes: [
      { name: 'group_order_id', value: '1' },
      { name: 'group_order_share_id', value: String(share.id) },
    ],
    processed_at: '2026-11-27T08:00:00Z',
  };
}

const paid = (payload: unknown, options?: { shop?: string; id?: string }) =>
  call(() => paidAction(args(webhook('orders/paid', payload, options))));

describe('orders/paid and refunds/create', () => {
  it('marks the share paid once: a replay, a late duplicate and a second order change nothing', async () => {
    const order = await ownShareOrder();
    const share = await prisma.guestShare.findFirstOrThrow({ where: { guest: { name: 'Alex' } } });
    const body = paidOrder(share, order.code, 1001);
    expect((await paid(body, { id: 'delivery-1' })).status).toBe(200);
    const after = await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } });
    expect(after).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 1040,
      shopifyOrderId: 'gid://shopify/Order/1001',
    });
    expect((await paid(body, { id: 'delivery-1' })).status).toBe(200);
    expect((await paid(body, { id: 'delivery-2' })).status).toBe(200);
    expect((await paid(paidOrder(share, order.code, 1002), { id: 'delivery-3' })).status).toBe(200);
    expect(await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).toEqual(after);
    const owner = (await own(order.id, 'Alex', ALEX)).body.share;
    expect(owner).toMatchObject({ status: 'paid', guestCents: 1040, payUrl: null });

    // Alex paid: adding to their order is refused with a sentence (top-ups are not built), and writes nothing.
    const more = await confirm(order.id, 'Alex', ALEX, 3);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(
      'Your share is already paid, so your items can’t be changed here. Please ask the host.',
    );
    const inGerman = await confirm(order.id, 'Alex', ALEX, 4, 'de');
    expect(inGerman.body.message).toBe(
      'Ihr Anteil ist bereits bezahlt, daher können Ihre Artikel hier nicht mehr geändert werden. Bitte wenden Sie sich an den Gastgeber.',
    );
    expect(await prisma.orderItem.count({ where: { guest: { name: 'Alex' } } })).toBe(1);

    // The host's dashboard: who paid, who has not, and the totals.
    const request = await proxyRequest(`/apps/group-order/host/dashboard/${order.id}`);
    const page = (await call(() => dashboardLoader(args(request, { id: String(order.id) })))).body;
    const states = Object.fromEntries(page.guests.map((g: Answer) => [g.guestName, g.payment]));
    expect(states).toEqual({ Alex: 'paid', Bea: 'pending' });
    expect(page.payments).toEqual({ paidText: '$10.40', owedText: '$15.60', companyText: '$0.00' });
  });

  it("changes nothing for another shop's delivery, an order that is not a share, or a forged signature", async () => {
    const order = await ownShareOrder();
    const share = await prisma.guestShare.findFirstOrThrow({ where: { guest: { name: 'Alex' } } });
    expect((await paid(paidOrder(share, order.code, 1001), { shop: OTHER_SHOP })).status).toBe(200);
    const untagged = { ...paidOrder(share, order.code, 1003), tags: 'something-else' };
    expect((await paid(untagged)).status).toBe(200);
    const forged = webhook('orders/paid', paidOrder(share, order.code, 1004));
    forged.headers.set('X-Shopify-Hmac-Sha256', getHmac('{}', API_SECRET_KEY));
    expect((await call(() => paidAction(args(forged)))).status).toBe(401);
    expect(await prisma.guestShare.count({ where: { paymentStatus: 'paid' } })).toBe(0);
  });

  it('a refund makes the share partly refunded, then refunded; a refund before the payment is ignored', async () => {
    const order = await ownShareOrder();
    const share = await prisma.guestShare.findFirstOrThrow({ where: { guest: { name: 'Alex' } } });
    // Each refund has its own id; a delivery is counted once by its webhook id and once by its refund id.
    let refundId = 0;
    const refund = (amount: string, id: string, sameRefund = false) =>
      call(() =>
        refundAction(
          args(
            webhook(
              'refunds/create',
              {
                id: sameRefund ? refundId : (refundId += 1),
                order_id: 1001,
                transactions: [{ kind: 'refund', status: 'success', amount }],
              },
              { id },
            ),
          ),
        ),
      );
    expect((await refund('5.20', 'early')).status).toBe(200);
    expect((await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).refundedCents).toBe(0);
    await paid(paidOrder(share, order.code, 1001));
    await refund('5.20', 'r1');
    await refund('5.20', 'r1', true);
    // The same refund sent again under another delivery id (Shopify's retry after a lost answer).
    await refund('5.20', 'r1-again', true);
    expect(await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).toMatchObject({
      paymentStatus: 'partially-refunded',
      refundedCents: 520,
    });
    await refund('5.20', 'r2');
    expect(await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).toMatchObject({
      paymentStatus: 'refunded',
      refundedCents: 1040,
    });
    // A payment webhook arriving late (out of order) does not undo the refund.
    await paid(paidOrder(share, order.code, 1001), { id: 'late' });
    expect((await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).paymentStatus).toBe(
      'refunded',
    );
  });
});

describe('the pay page closes with the order, and is limited like every read (issue 25, money-proof)', () => {
  it('refuses a checkout opened after ordering closed, with a sentence, and makes no draft', async () => {
    const order = await ownShareOrder();
    const link = (await own(order.id, 'Alex', ALEX)).body.share.payUrl as string;
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const refused = await openPay(link);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ refused: 'closed' });
    // The deadline passed but the order is not submitted yet: closed all the same.
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'active', submittedAt: null, deadlineAt: new Date(Date.now() - 60_000) },
    });
    expect((await openPay(link)).body).toMatchObject({ refused: 'closed' });
    expect(sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP)).toHaveLength(0);
    // A share already paid says it is paid, closed or not.
    await prisma.guestShare.updateMany({
      where: { guest: { name: 'Alex' } },
      data: { paymentStatus: 'paid', paidCents: 1040 },
    });
    expect((await openPay(link)).body).toMatchObject({ refused: 'paid' });
  });

  it('answers 429 with a sentence past the per-client read budget, before it looks at the link', async () => {
    const { LIMITS } = await import('~/models/limits/rateLimitBudgets');
    const { consumeOrRefuse } = await import('~/models/limits/rateLimits.server');
    const order = await ownShareOrder();
    const link = (await own(order.id, 'Alex', ALEX)).body.share.payUrl as string;
    const [shareId, signature] = link.split('/').slice(-2);
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    await consumeOrRefuse('orderReads', `${TEST_SHOP}:198.51.100.44`, LIMITS.orderReads.points);
    const limited = await call(async () =>
      payLoader(args(await proxyRequest(link, from('198.51.100.44')), { shareId, signature })),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain(LIMITS.orderReads.message);
    expect(Number(limited.response?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP)).toHaveLength(0);
    // Another client opens the same link.
    const other = await call(async () =>
      payLoader(args(await proxyRequest(link, from('198.51.100.45')), { shareId, signature })),
    );
    expect(other.status).toBe(303);
  });
});
