import { appProcess } from './appProcess';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { adminGraphqlMiddleware, createAdminApiSimulator } from '../../scripts/simulator/admin-graphql.mjs';
import { received } from '../../scripts/simulator/admin-orders.mjs';
import { TEST_SHOP, type Answer } from '../support/requests';
import { webhook } from '../support/webhooks';

// Issue 25, "a SIGKILL mid-payment": the app (its routes and outbox worker in a child process on the
// test's database, as crash.test.ts runs it) is killed between Shopify's answer and the app's write, twice:
// while Shopify's answer to a share's draftOrderCreate is on its way back (the draft exists in Shopify,
// the app has not stored its id), and while Shopify's orders/paid deliveries are being handled. Started
// again, the outbox and Shopify's retries (the same webhook id) finish the work: one draft per share, each
// share paid exactly once for what Shopify took, and the shares still add up to the group total.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Shopify's Admin API, which does the work at once and sends its answer back late: the window in which a
// kill leaves Shopify changed and the app not knowing it.
const adminSim: Answer = createAdminApiSimulator({ shops: [TEST_SHOP] });
const adminHandle = adminGraphqlMiddleware(adminSim);
const adminServer = http.createServer(async (req, res) => {
  const end = res.end.bind(res) as (...args: unknown[]) => void;
  (res as Answer).end = (...args: unknown[]) => setTimeout(() => end(...args), 400);
  if ((await adminHandle(req, res)) === false) res.writeHead(404).end();
});
await new Promise<void>((resolve) => adminServer.listen(0, '127.0.0.1', resolve));
process.env.SHOPIFY_ADMIN_API_ORIGIN = `http://127.0.0.1:${(adminServer.address() as AddressInfo).port}`;

const { default: prisma } = await import('~/db.server');
const { createTestGroupOrder, seedMenu } = await import('../support/factories');
const { refreshShares } = await import('~/models/groupOrder/guestShares.server');
const { queueShareDrafts } = await import('~/models/outbox/shareDraftSync.server');
const { SHARE_ATTRIBUTE } = await import('~/lib/shareDraftInput');

const { startApp, stopApp } = appProcess();
const killApp = () => stopApp('SIGKILL');

afterAll(async () => {
  await killApp();
  await new Promise<void>((resolve) => adminServer.close(() => resolve()));
});

/** Shopify's delivery of an orders/paid body to the app, as its retries send it: the same id each time. */
async function deliver(base: string, body: Answer, id: string) {
  const request = webhook('orders/paid', body, { id });
  try {
    const response = await fetch(`${base}/webhooks/orders/paid`, {
      method: 'POST',
      headers: request.headers,
      body: await request.text(),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // the app died with the request: Shopify sees no answer and retries
  }
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

const ofShare = (list: Answer[], id: number) =>
  list.filter((x: Answer) =>
    (x.customAttributes ?? []).some((a: Answer) => a.key === SHARE_ATTRIBUTE && a.value === String(id)),
  );

describe('SIGKILL mid-payment and restart (issue 25)', () => {
  it('one draft per share, each share paid exactly once, and the totals reconcile', async () => {
    const menu = await seedMenu();
    const { order } = await createTestGroupOrder({
      paymentMode: 'own-share',
      feeSplit: 'pro-rata',
      orderType: 'delivery',
      deliveryAddress: '1 George St',
      deliveryFeeCents: 501,
      tipPercent: 10,
    });
    for (const [index, name] of ['Ada', 'Ben', 'Cy'].entries()) {
      const guest = await prisma.guest.create({
        data: { shop: TEST_SHOP, groupOrderId: order.id, name, nameKey: name.toLowerCase() },
      });
      const item = menu[index];
      await prisma.orderItem.create({
        data: {
          shop: TEST_SHOP,
          groupOrderId: order.id,
          guestId: guest.id,
          guestName: name,
          menuItemId: item.id,
          menuItemName: item.name,
          quantity: index + 1,
          unitPriceCents: item.priceCents,
          totalCents: item.priceCents * (index + 1),
          confirmationKey: `crash-${name}`,
        },
      });
    }
    await prisma.$transaction(async (tx) => {
      await refreshShares(tx, TEST_SHOP, order.id);
      await queueShareDrafts(tx, TEST_SHOP, order.id);
    });
    const shares = await prisma.guestShare.findMany({ where: { shop: TEST_SHOP, groupOrderId: order.id } });
    expect(shares).toHaveLength(3);

    // 1. Killed while Shopify's answer to a draftOrderCreate is on its way: the draft exists, its id is
    // not stored. The restarted worker finds it by its tag and share attribute instead of making another.
    let base = await startApp();
    await until(async () => adminSim.state.draftOrders.length >= 1, 'the first draft in Shopify');
    await killApp();
    expect(
      await prisma.guestShare.count({ where: { groupOrderId: order.id, shopifyDraftOrderId: null } }),
    ).toBe(3);
    base = await startApp();
    await until(
      async () =>
        (await prisma.guestShare.count({ where: { groupOrderId: order.id, shopifyInvoiceUrl: null } })) === 0,
      'every share’s draft stored',
    );
    for (const share of shares) expect(ofShare(adminSim.state.draftOrders, share.id)).toHaveLength(1);

    // 2. Every guest pays at their checkout; Shopify's orders/paid deliveries reach an app that is killed
    // while handling them, and are sent again (same id) until it answers 2xx, once more after that.
    const seen = adminSim.state.events.length;
    for (const share of shares) {
      const stored = await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } });
      const draft = adminSim.state.draftOrders.find((d: Answer) => d.id === stored.shopifyDraftOrderId);
      adminSim.payInvoice(draft.invoiceToken, { gateway: 'shopify_payments', test: true });
    }
    const deliveries = (adminSim.state.events.slice(seen) as Answer[])
      .filter((e) => e.topic === 'orders/paid')
      .map((e, index) => ({ body: e.payload, id: `paid-${index}` }));
    expect(deliveries).toHaveLength(3);
    const inFlight = deliveries.map((d) => deliver(base, d.body, d.id));
    await sleep(15);
    await killApp();
    await Promise.all(inFlight);
    base = await startApp();
    for (const d of deliveries) {
      await until(async () => (await deliver(base, d.body, d.id)) === 200, `delivery ${d.id}`);
      expect(await deliver(base, d.body, d.id)).toBe(200);
    }
    await killApp();

    const after = await prisma.guestShare.findMany({ where: { shop: TEST_SHOP, groupOrderId: order.id } });
    for (const share of after) {
      const paid = ofShare(adminSim.state.orders, share.id);
      expect(paid).toHaveLength(1);
      expect(share).toMatchObject({ paymentStatus: 'paid', shopifyOrderId: paid[0].id });
      expect(share.paidCents).toBe(received(paid[0]).received);
      expect(share.paidCents).toBe(share.guestCents);
    }
    expect(await prisma.webhookReceipt.count()).toBe(3);
    const items = await prisma.orderItem.aggregate({
      where: { groupOrderId: order.id },
      _sum: { totalCents: true },
    });
    const itemsCents = items._sum.totalCents ?? 0;
    const total = itemsCents + 501 + Math.floor((itemsCents * 10 + 50) / 100);
    expect(after.reduce((sum, s) => sum + s.guestCents + s.companyCents, 0)).toBe(total);
  }, 240_000);
});
