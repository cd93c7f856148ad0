import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, shopifyApi } from '@shopify/shopify-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../test/support/requests';
import { startSimulator } from './index.mjs';
import { TEST_CARDS } from './checkout.mjs';

// The money path through the simulator over real HTTP: a draft order's invoice paid with each test card,
// the order it becomes, the signed webhooks the app receives, refunds and cancellation.

const SECRET = 'sim-money-secret';
const SHOP = 'demo-coffee.myshopify.com';
const MONEY_TOPICS = [
  'orders/create',
  'orders/paid',
  'orders/cancelled',
  'refunds/create',
  'draft_orders/update',
];

type Received = { topic: string; headers: http.IncomingHttpHeaders; raw: string; body: Answer };
const received: Received[] = [];
/** Topic -> how many deliveries still get a 500. */
const failing = new Map<string, number>();

let app: http.Server;
let simulator: Awaited<ReturnType<typeof startSimulator>>;
let base = '';

beforeAll(async () => {
  app = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const topic = String(req.headers['x-shopify-topic']);
      received.push({ topic, headers: req.headers, raw, body: JSON.parse(raw) });
      const left = failing.get(topic) ?? 0;
      if (left > 0) failing.set(topic, left - 1);
      res.writeHead(left > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  simulator = await startSimulator({
    port: 0,
    appUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    apiKey: 'key',
    apiSecret: SECRET,
    shop: SHOP,
    webhookSubscriptions: MONEY_TOPICS.map((topic) => ({ topics: [topic], uri: `/webhooks/${topic}` })),
    webhookRetryDelaysMs: [20, 40, 80],
    // What the app must ask for in shopify.app.toml to take payments (the toml alone is tested below).
    accessScopes: ['read_products', 'read_customers', 'write_draft_orders', 'write_orders', 'read_locales'],
  });
  base = simulator.url;
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => app.close(resolve));
});

beforeEach(async () => {
  simulator.adminApi.reset();
  simulator.webhooks.hold(false);
  received.length = 0;
  failing.clear();
});

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${base}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Access-Token': 'shpat_sim',
      'X-Shopify-Shop-Domain': SHOP,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

const CREATE = `#graphql
  mutation Create($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder { id invoiceUrl totalPriceSet { shopMoney { amount currencyCode } } }
      userErrors { field message }
    }
  }`;

/** A guest's share: two lines, a company discount, a delivery fee. Total $12.40 - $3.00 + $2.00 = $11.40. */
async function draft() {
  const data = await gql(CREATE, {
    input: {
      email: 'sal@example.com',
      tags: ['group-order', 'GO-ABC234'],
      customAttributes: [{ key: 'Group order', value: 'ABC234' }],
      lineItems: [
        {
          title: 'Flat White',
          quantity: 1,
          originalUnitPriceWithCurrency: { amount: '5.20', currencyCode: 'AUD' },
          customAttributes: [{ key: 'Guest', value: 'Sal' }],
        },
        {
          title: 'Banana Bread',
          quantity: 1,
          originalUnitPriceWithCurrency: { amount: '7.20', currencyCode: 'AUD' },
        },
      ],
      appliedDiscount: { title: 'Company budget', value: 3, valueType: 'FIXED_AMOUNT' },
      shippingLine: {
        title: 'Delivery fee share',
        priceWithCurrency: { amount: '2.00', currencyCode: 'AUD' },
      },
    },
  });
  expect(data.draftOrderCreate.userErrors).toEqual([]);
  expect(data.draftOrderCreate.draftOrder.totalPriceSet.shopMoney).toEqual({
    amount: '11.4',
    currencyCode: 'AUD',
  });
  return data.draftOrderCreate.draftOrder as { id: string; invoiceUrl: string };
}

/** Opens the invoice (a tab) and returns what its form posts. */
async function openInvoice(invoiceUrl: string) {
  const response = await fetch(invoiceUrl);
  const html = await response.text();
  const attempt = /name="attempt" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '';
  return { status: response.status, html, attempt };
}

async function pay(url: string, attempt: string, card: string, expected = '1140') {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      attempt,
      expected,
      email: 'sal@example.com',
      number: card,
      expiry: '12 / 34',
      cvc: '123',
      name: 'Sal',
    }),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const ORDER = `#graphql
  query Paid($id: ID!) {
    draftOrder(id: $id) {
      status
      order {
        id name email tags sourceName displayFinancialStatus cancelledAt
        customAttributes { key value }
        totalPriceSet { shopMoney { amount currencyCode } }
        currentTotalPriceSet { shopMoney { amount } }
        totalReceivedSet { shopMoney { amount } }
        netPaymentSet { shopMoney { amount } }
        totalRefundedSet { shopMoney { amount } }
        totalDiscountsSet { shopMoney { amount } }
        lineItems(first: 10) { nodes { id title quantity currentQuantity customAttributes { key value } } }
        transactions { id kind status gateway test amountSet { shopMoney { amount } } }
        refunds { id note totalRefundedSet { shopMoney { amount } } }
      }
    }
  }`;

async function settle() {
  await simulator.webhooks.idle();
}

/** Shopify's own library, as the app's `authenticate.webhook` uses it, accepts the delivery. */
async function libraryAccepts(r: Received) {
  const shopify = shopifyApi({
    apiKey: 'key',
    apiSecretKey: SECRET,
    apiVersion: ApiVersion.October26,
    hostName: 'app.example',
    isEmbeddedApp: true,
    logger: { level: 0 },
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(r.headers))
    if (typeof value === 'string') headers.set(key, value);
  const rawRequest = new Request('https://app.example/webhooks', { method: 'POST', headers, body: r.raw });
  return shopify.webhooks.validate({ rawBody: r.raw, rawRequest });
}

function verifies(r: Received) {
  return (
    createHmac('sha256', SECRET).update(r.raw, 'utf8').digest('base64') === r.headers['x-shopify-hmac-sha256']
  );
}

describe('checkout at the invoice URL', () => {
  it('shows the share and pays it with 4242: a paid order, one sale, signed webhooks', async () => {
    const { id, invoiceUrl } = await draft();
    expect(invoiceUrl.startsWith(`${base}/`)).toBe(true);
    const tab = await openInvoice(invoiceUrl);
    expect(tab.status).toBe(200);
    for (const text of [
      'Flat White',
      'Guest: Sal',
      'Banana Bread',
      'Company budget',
      '−$3.00',
      'Delivery fee share',
      '$2.00',
      'Including $1.04 in taxes',
      'AUD',
      '$11.40',
      'Card number',
    ])
      expect(tab.html).toContain(text);

    const paid = await pay(invoiceUrl, tab.attempt, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const thanks = await fetch(new URL(String(paid.location), base));
    expect(await thanks.text()).toContain('is confirmed and paid');

    const { draftOrder } = await gql(ORDER, { id });
    expect(draftOrder.status).toBe('COMPLETED');
    const order = draftOrder.order;
    expect(order).toMatchObject({
      name: '#1001',
      email: 'sal@example.com',
      tags: ['group-order', 'GO-ABC234'],
      sourceName: 'shopify_draft_order',
      displayFinancialStatus: 'PAID',
      totalPriceSet: { shopMoney: { amount: '11.4', currencyCode: 'AUD' } },
      totalReceivedSet: { shopMoney: { amount: '11.4' } },
      netPaymentSet: { shopMoney: { amount: '11.4' } },
      totalDiscountsSet: { shopMoney: { amount: '3.0' } },
    });
    expect(order.transactions).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        status: 'SUCCESS',
        gateway: 'shopify_payments',
        test: true,
        amountSet: { shopMoney: { amount: '11.4' } },
      }),
    ]);

    await settle();
    expect(received.map((r) => r.topic)).toEqual(['orders/create', 'orders/paid', 'draft_orders/update']);
    for (const r of received) {
      expect(verifies(r)).toBe(true);
      expect(await libraryAccepts(r)).toMatchObject({
        valid: true,
        // The library names topics as the GraphQL enum does.
        topic: r.topic.toUpperCase().replace('/', '_'),
        domain: SHOP,
        apiVersion: '2026-10',
      });
      expect(r.headers).toMatchObject({
        'x-shopify-shop-domain': SHOP,
        'x-shopify-api-version': '2026-10',
        'content-type': 'application/json',
      });
      expect(r.headers['x-shopify-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(String(r.headers['x-shopify-triggered-at']))).not.toBeNaN();
    }
    const paidHook = received[1].body;
    expect(paidHook).toMatchObject({
      admin_graphql_api_id: order.id,
      name: '#1001',
      order_number: 1001,
      financial_status: 'paid',
      total_price: '11.40',
      current_total_price: '11.40',
      subtotal_price: '9.40',
      total_discounts: '3.00',
      currency: 'AUD',
      tags: 'group-order, GO-ABC234',
      note_attributes: [{ name: 'Group order', value: 'ABC234' }],
      source_name: 'shopify_draft_order',
      refunds: [],
    });
    expect(paidHook.line_items[0]).toMatchObject({
      title: 'Flat White',
      price: '5.20',
      quantity: 1,
      properties: [{ name: 'Guest', value: 'Sal' }],
    });
    // Shares of the $3.00 discount, in whole cents that add up.
    expect(paidHook.line_items.map((l: Answer) => l.discount_allocations[0].amount)).toEqual([
      '1.26',
      '1.74',
    ]);
    expect(received[2].body).toMatchObject({
      status: 'completed',
      order_id: paidHook.id,
      invoice_url: invoiceUrl,
    });
  });

  it('declines 4000 0000 0000 0002 with a sentence and takes nothing; a good card then pays', async () => {
    const { id, invoiceUrl } = await draft();
    const tab = await openInvoice(invoiceUrl);
    const declined = await pay(invoiceUrl, tab.attempt, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined. No payment was taken.');
    expect((await gql(ORDER, { id })).draftOrder).toMatchObject({ status: 'OPEN', order: null });
    await settle();
    expect(received).toEqual([]);

    const retry = /name="attempt" value="([0-9a-f]+)"/.exec(declined.html)?.[1] ?? '';
    expect(retry).not.toBe(tab.attempt);
    expect((await pay(invoiceUrl, retry, TEST_CARDS.success)).status).toBe(303);
    expect((await gql(ORDER, { id })).draftOrder.order.displayFinancialStatus).toBe('PAID');
  });

  it('asks the bank to confirm 4000 0027 6000 3184: failing takes nothing, completing pays', async () => {
    const { id, invoiceUrl } = await draft();
    const first = await pay(invoiceUrl, (await openInvoice(invoiceUrl)).attempt, '4000 0027 6000 3184');
    expect(first.status).toBe(303);
    const step = new URL(String(first.location), base).href;
    expect(await (await fetch(step)).text()).toContain('Complete authentication');
    const failed = await fetch(step, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'result=fail',
    });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('No payment was taken');
    expect((await gql(ORDER, { id })).draftOrder.status).toBe('OPEN');

    const second = await pay(invoiceUrl, (await openInvoice(invoiceUrl)).attempt, TEST_CARDS.authentication);
    const confirmed = await fetch(new URL(String(second.location), base), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'result=complete',
    });
    expect(confirmed.status).toBe(303);
    expect((await gql(ORDER, { id })).draftOrder.order.displayFinancialStatus).toBe('PAID');
  });

  it('charges once when two tabs pay at the same moment and when a payment is sent again', async () => {
    const { id, invoiceUrl } = await draft();
    const [tabA, tabB] = await Promise.all([openInvoice(invoiceUrl), openInvoice(invoiceUrl)]);
    const answers = await Promise.all([
      pay(invoiceUrl, tabA.attempt, TEST_CARDS.success),
      pay(invoiceUrl, tabB.attempt, TEST_CARDS.success),
      pay(invoiceUrl, tabA.attempt, TEST_CARDS.success),
    ]);
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.html.includes('This invoice has already been paid'))).toHaveLength(2);
    const order = (await gql(ORDER, { id })).draftOrder.order;
    expect(order.transactions).toHaveLength(1);
    expect(simulator.adminApi.state.orders).toHaveLength(1);
    const token = invoiceUrl.split('/').pop();
    const tries = simulator.checkout.attempts.filter((a) => a.token === token);
    expect(tries.filter((a) => a.outcome === 'paid')).toHaveLength(1);
    // Opening the invoice afterwards says so too.
    expect((await openInvoice(invoiceUrl)).html).toContain('This invoice has already been paid');
    await settle();
    expect(received.filter((r) => r.topic === 'orders/paid')).toHaveLength(1);
  });

  it('takes nothing when the shop changed the total after the page opened, or the card number is wrong', async () => {
    const { id, invoiceUrl } = await draft();
    const tab = await openInvoice(invoiceUrl);
    expect(tab.html).toContain('name="expected" value="1140"');
    // The host's budget went up: the app lowers the guest's share while the checkout is open.
    const updated = await gql(
      `mutation U($id: ID!, $input: DraftOrderInput!) { draftOrderUpdate(id: $id, input: $input) { userErrors { message } } }`,
      { id, input: { appliedDiscount: { title: 'Company budget', value: 5, valueType: 'FIXED_AMOUNT' } } },
    );
    expect(updated.draftOrderUpdate.userErrors).toEqual([]);
    const stale = await pay(invoiceUrl, tab.attempt, TEST_CARDS.success);
    expect(stale.status).toBe(409);
    expect(stale.html).toContain(
      'The amount to pay is now AUD $9.40. Check your order and pay again. No payment was taken.',
    );
    expect((await gql(ORDER, { id })).draftOrder.status).toBe('OPEN');

    const wrong = await pay(invoiceUrl, tab.attempt, '4242 4242 4242 4241', '940');
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Enter a valid card number.');
    expect((await pay(invoiceUrl, tab.attempt, TEST_CARDS.success, '940')).status).toBe(303);
    const order = (await gql(ORDER, { id })).draftOrder.order;
    expect(order.totalReceivedSet.shopMoney.amount).toBe('9.4');
  });

  it('says clearly when the draft was deleted or the link is wrong', async () => {
    const { id, invoiceUrl } = await draft();
    await gql(
      `mutation Del($input: DraftOrderDeleteInput!) { draftOrderDelete(input: $input) { deletedId } }`,
      {
        input: { id },
      },
    );
    const gone = await fetch(invoiceUrl);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('This invoice was cancelled by the shop and can no longer be paid.');
    const wrong = await fetch(invoiceUrl.replace(/invoices\/[0-9a-f]+/, `invoices/${'0'.repeat(32)}`));
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('This invoice link is not valid.');
  });
});

describe('webhook deliveries', () => {
  it('retries a failed delivery with the same webhook id until the app answers 2xx', async () => {
    failing.set('orders/paid', 2);
    const { invoiceUrl } = await draft();
    await pay(invoiceUrl, (await openInvoice(invoiceUrl)).attempt, TEST_CARDS.success);
    await expect.poll(() => received.filter((r) => r.topic === 'orders/paid').length).toBe(3);
    const tries = received.filter((r) => r.topic === 'orders/paid');
    expect(new Set(tries.map((r) => r.headers['x-shopify-webhook-id'])).size).toBe(1);
    expect(tries.every(verifies)).toBe(true);
    const delivery = simulator.webhooks.deliveries.find(
      (d) => d.id === tries[0].headers['x-shopify-webhook-id'],
    );
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('holds deliveries and releases them in the order asked; replays one with its id', async () => {
    const held = await fetch(`${base}/simulator/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'action=hold',
    });
    expect((await held.json()).holding).toBe(true);
    const { invoiceUrl } = await draft();
    await pay(invoiceUrl, (await openInvoice(invoiceUrl)).attempt, TEST_CARDS.success);
    await settle();
    expect(received).toEqual([]);

    const list = await (await fetch(`${base}/simulator/webhooks.json`)).json();
    const waiting = list.deliveries.filter((d: Answer) => d.state === 'held');
    expect(waiting.map((d: Answer) => d.topic)).toEqual([
      'orders/create',
      'orders/paid',
      'draft_orders/update',
    ]);
    const reversed = waiting.map((d: Answer) => d.id).reverse();
    const released = await fetch(`${base}/simulator/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ action: 'release', ids: reversed.join(',') }),
    });
    expect(released.status).toBe(200);
    expect(received.map((r) => r.topic)).toEqual(['draft_orders/update', 'orders/paid', 'orders/create']);

    const paidId = String(received[1].headers['x-shopify-webhook-id']);
    await fetch(`${base}/simulator/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ action: 'redeliver', id: paidId }),
    });
    expect(received).toHaveLength(4);
    expect(received[3]).toMatchObject({ topic: 'orders/paid', raw: received[1].raw });
    expect(received[3].headers['x-shopify-webhook-id']).toBe(paidId);
  });

  it('records a topic the app does not subscribe to, and sends nothing for it', async () => {
    const { id } = await draft();
    await gql(`mutation Done($id: ID!) { draftOrderComplete(id: $id) { draftOrder { status } } }`, { id });
    const { deliveries } = await (await fetch(`${base}/simulator/webhooks.json`)).json();
    const create = deliveries.find((d: Answer) => d.topic === 'draft_orders/create');
    expect(create).toMatchObject({ state: 'not subscribed', uri: null, headers: null });
    await settle();
    expect(received.map((r) => r.topic)).toEqual(['orders/create', 'orders/paid', 'draft_orders/update']);
    // "Mark as paid" in the admin: the manual gateway.
    expect(received[1].body).toMatchObject({ financial_status: 'paid', payment_gateway_names: ['manual'] });
  });
});

const REFUND = `#graphql
  mutation Refund($input: RefundInput!) {
    refundCreate(input: $input) {
      refund { id totalRefundedSet { shopMoney { amount currencyCode } } transactions(first: 5) { nodes { kind gateway amountSet { shopMoney { amount } } parentTransaction { kind } } } }
      order { displayFinancialStatus netPaymentSet { shopMoney { amount } } currentTotalPriceSet { shopMoney { amount } } }
      userErrors { field message }
    }
  }`;

async function paidOrder() {
  const { id, invoiceUrl } = await draft();
  await pay(invoiceUrl, (await openInvoice(invoiceUrl)).attempt, TEST_CARDS.success);
  const order = (await gql(ORDER, { id })).draftOrder.order;
  await settle();
  received.length = 0;
  return { draftId: id, order };
}

describe("the app's own configuration", () => {
  it('without read_orders, orders are refused as Shopify refuses them and their webhooks are not sent', async () => {
    const plain = await startSimulator({
      port: 0,
      appUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
      apiKey: 'key',
      apiSecret: SECRET,
      shop: SHOP,
      webhookSubscriptions: [{ topics: ['orders/paid'], uri: '/webhooks/orders/paid' }],
      // An app that asks for draft orders but not orders (shopify.app.toml itself now asks for write_orders).
      accessScopes: ['read_products', 'write_draft_orders'],
    });
    try {
      const ask = (query: string) =>
        fetch(`${plain.url}/admin/api/2026-10/graphql.json`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Shopify-Access-Token': 'x',
            'X-Shopify-Shop-Domain': SHOP,
          },
          body: JSON.stringify({ query }),
        }).then((r) => r.json());
      // B2B: a customer's company profiles need read_customers or read_companies (money-gaps).
      const b2b = await ask(
        '{ customer(id: "gid://shopify/Customer/1002") { companyContactProfiles { id } } }',
      );
      expect(b2b.errors[0]).toMatchObject({
        message:
          'Access denied for companyContactProfiles field. Required access: `read_customers` access scope or `read_companies` access scope.',
        extensions: { code: 'ACCESS_DENIED' },
      });
      const denied = await ask('{ orders(first: 1) { nodes { id } } }');
      expect(denied.errors[0]).toMatchObject({
        message: 'Access denied for orders field. Required access: `read_orders` access scope.',
        extensions: { code: 'ACCESS_DENIED' },
      });
      const created = await ask(
        `mutation { draftOrderCreate(input: { lineItems: [{ title: "Tea", quantity: 1, originalUnitPriceWithCurrency: { amount: "4.00", currencyCode: AUD } }] }) { draftOrder { id } } }`,
      );
      await ask(
        `mutation { draftOrderComplete(id: "${created.data.draftOrderCreate.draftOrder.id}") { draftOrder { status } } }`,
      );
      await plain.webhooks.idle();
      expect(plain.webhooks.deliveries.find((d) => d.topic === 'orders/paid')?.state).toBe('missing scope');
      expect(received).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('refunds and cancellation', () => {
  it('refuses to refund more than was paid and changes nothing', async () => {
    const { draftId, order } = await paidOrder();
    const data = await gql(REFUND, {
      input: {
        orderId: order.id,
        transactions: [{ orderId: order.id, kind: 'REFUND', gateway: 'shopify_payments', amount: '11.41' }],
      },
    });
    expect(data.refundCreate.refund).toBeNull();
    expect(data.refundCreate.userErrors).toEqual([
      {
        field: ['transactions'],
        message: 'Refund amount $11.41 AUD is greater than the refundable amount $11.40 AUD',
      },
    ]);
    const after = (await gql(ORDER, { id: draftId })).draftOrder.order;
    expect(after).toMatchObject({
      displayFinancialStatus: 'PAID',
      refunds: [],
      totalRefundedSet: { shopMoney: { amount: '0.0' } },
    });
    await settle();
    expect(received).toEqual([]);
  });

  it('refunds one line: the money back on the card, the line out of the current total, refunds/create sent once per key', async () => {
    const { draftId, order } = await paidOrder();
    const flatWhite = order.lineItems.nodes[0];
    const sale = order.transactions[0];
    const input = {
      orderId: order.id,
      note: 'Host removed the Flat White',
      refundLineItems: [{ lineItemId: flatWhite.id, quantity: 1 }],
      transactions: [
        { orderId: order.id, parentId: sale.id, kind: 'REFUND', gateway: 'shopify_payments', amount: '3.94' },
      ],
    };
    const query = REFUND.replace(
      'refundCreate(input: $input)',
      'refundCreate(input: $input) @idempotent(key: "share-41-refund-1")',
    );
    const first = await gql(query, { input });
    expect(first.refundCreate.userErrors).toEqual([]);
    expect(first.refundCreate.refund.totalRefundedSet.shopMoney).toEqual({
      amount: '3.94',
      currencyCode: 'AUD',
    });
    expect(first.refundCreate.refund.transactions.nodes).toEqual([
      {
        kind: 'REFUND',
        gateway: 'shopify_payments',
        amountSet: { shopMoney: { amount: '3.94' } },
        parentTransaction: { kind: 'SALE' },
      },
    ]);
    expect(first.refundCreate.order).toEqual({
      displayFinancialStatus: 'PARTIALLY_REFUNDED',
      netPaymentSet: { shopMoney: { amount: '7.46' } },
      currentTotalPriceSet: { shopMoney: { amount: '7.46' } },
    });
    // The same key again (a retry after a lost answer): the same refund, nothing more refunded.
    const again = await gql(query, { input });
    expect(again.refundCreate.refund.id).toBe(first.refundCreate.refund.id);
    const after = (await gql(ORDER, { id: draftId })).draftOrder.order;
    expect(after.refunds).toHaveLength(1);
    expect(after.lineItems.nodes[0].currentQuantity).toBe(0);

    await settle();
    const refunds = received.filter((r) => r.topic === 'refunds/create');
    expect(refunds).toHaveLength(1);
    expect(verifies(refunds[0])).toBe(true);
    expect(refunds[0].body).toMatchObject({
      admin_graphql_api_id: first.refundCreate.refund.id,
      order_id: Number(order.id.split('/').pop()),
      note: 'Host removed the Flat White',
      transactions: [
        { kind: 'refund', status: 'success', amount: '3.94', gateway: 'shopify_payments', currency: 'AUD' },
      ],
      refund_line_items: [{ quantity: 1, subtotal: 3.94, line_item: { title: 'Flat White' } }],
    });
  });

  it('cancels with a refund of what is left: orders/cancelled and refunds/create', async () => {
    const { draftId, order } = await paidOrder();
    const data = await gql(
      `mutation Cancel($id: ID!) {
        orderCancel(orderId: $id, reason: CUSTOMER, restock: false, refundMethod: { originalPaymentMethodsRefund: true }, staffNote: "Café closed") {
          job { id done }
          orderCancelUserErrors { code field message }
        }
      }`,
      { id: order.id },
    );
    expect(data.orderCancel.orderCancelUserErrors).toEqual([]);
    expect(data.orderCancel.job.done).toBe(true);
    const after = (await gql(ORDER, { id: draftId })).draftOrder.order;
    expect(after).toMatchObject({
      displayFinancialStatus: 'REFUNDED',
      totalRefundedSet: { shopMoney: { amount: '11.4' } },
      netPaymentSet: { shopMoney: { amount: '0.0' } },
      currentTotalPriceSet: { shopMoney: { amount: '0.0' } },
    });
    expect(after.cancelledAt).not.toBeNull();
    const twice = await gql(
      `mutation Cancel($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, restock: false) { orderCancelUserErrors { code message } } }`,
      { id: order.id },
    );
    expect(twice.orderCancel.orderCancelUserErrors).toEqual([
      { code: 'INVALID', message: 'Order has already been cancelled' },
    ]);
    await settle();
    expect(received.map((r) => r.topic)).toEqual(['refunds/create', 'orders/cancelled']);
    expect(received[1].body).toMatchObject({
      cancel_reason: 'customer',
      financial_status: 'refunded',
      current_total_price: '0.00',
    });
    expect(received[1].body.refunds).toHaveLength(1);
  });

  it('refunds a line unit by unit in whole cents that add up to the line, and no unit more', async () => {
    const created = await gql(CREATE, {
      input: {
        lineItems: [
          {
            title: 'Muffin',
            quantity: 3,
            originalUnitPriceWithCurrency: { amount: '4.00', currencyCode: 'AUD' },
          },
        ],
        appliedDiscount: { title: 'Company budget', value: 0.01, valueType: 'FIXED_AMOUNT' },
      },
    });
    const id = created.draftOrderCreate.draftOrder.id;
    await gql(`mutation Done($id: ID!) { draftOrderComplete(id: $id) { draftOrder { status } } }`, { id });
    const order = (await gql(ORDER, { id })).draftOrder.order;
    const lineItemId = order.lineItems.nodes[0].id;
    const LINES = `#graphql
      mutation Lines($input: RefundInput!) {
        refundCreate(input: $input) {
          refund { refundLineItems(first: 5) { nodes { quantity subtotalSet { shopMoney { amount } } } } }
          userErrors { field message }
        }
      }`;
    const amounts: string[] = [];
    for (let unit = 0; unit < 3; unit++) {
      const data = await gql(LINES, {
        input: { orderId: order.id, refundLineItems: [{ lineItemId, quantity: 1 }] },
      });
      amounts.push(data.refundCreate.refund.refundLineItems.nodes[0].subtotalSet.shopMoney.amount);
    }
    // $11.99 over three units.
    expect(amounts).toEqual(['4.0', '3.99', '4.0']);
    const more = await gql(LINES, {
      input: { orderId: order.id, refundLineItems: [{ lineItemId, quantity: 1 }] },
    });
    expect(more.refundCreate.userErrors).toEqual([
      {
        field: ['refundLineItems', '0', 'quantity'],
        message: 'Quantity cannot refund more items than were purchased (0 left to refund)',
      },
    ]);
    // Lines alone give no money back (as on Shopify): the order is still paid, with nothing current left.
    const after = (await gql(ORDER, { id })).draftOrder.order;
    expect(after).toMatchObject({
      displayFinancialStatus: 'PAID',
      currentTotalPriceSet: { shopMoney: { amount: '0.0' } },
    });
  });

  it('finds the orders of a group order by tag, with the figures to reconcile', async () => {
    await paidOrder();
    await paidOrder();
    const data = await gql(`{
      tagged: orders(first: 10, query: "tag:GO-ABC234 financial_status:paid") { nodes { name totalReceivedSet { shopMoney { amount } } } }
      none: orders(first: 10, query: "tag:GO-OTHER") { nodes { name } }
      ordersCount(query: "tag:GO-ABC234") { count precision }
    }`);
    expect(data.tagged.nodes.map((o: Answer) => o.name)).toEqual(['#1001', '#1002']);
    expect(data.none.nodes).toEqual([]);
    expect(data.ordersCount).toEqual({ count: 2, precision: 'EXACT' });
  });
});
