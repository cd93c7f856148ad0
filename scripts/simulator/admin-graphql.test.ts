import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../test/support/requests';
import {
  adminGraphqlMiddleware,
  createAdminApiSimulator,
  DEMO_SHOP,
  SIMULATED_CUSTOMERS,
} from './admin-graphql.mjs';
import { DEMO_MENU, DEMO_UNLISTED } from '../../prisma/demo-data';

type Sim = ReturnType<typeof createAdminApiSimulator>;
const TOKEN = { 'X-Shopify-Access-Token': 'shpat_simulated' };

let sim: Sim;
beforeEach(() => {
  sim = createAdminApiSimulator({ shops: [DEMO_SHOP, 'other-cafe.myshopify.com'] });
});

async function gql(query: string, variables?: Record<string, unknown>, shop = DEMO_SHOP): Promise<Answer> {
  const res = await sim.handle(shop, { query, variables }, TOKEN);
  expect(res.status).toBe(200);
  return res.json;
}

const CREATE = `#graphql
  mutation CreateDraft($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        id name status invoiceUrl note2 tags email
        customAttributes { key value }
        shippingLine { title originalPriceSet { shopMoney { amount currencyCode } } }
        subtotalPriceSet { shopMoney { amount currencyCode } }
        totalShippingPriceSet { shopMoney { amount } }
        totalPriceSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
        lineItems(first: 50) {
          nodes {
            title name quantity custom
            variant { id }
            customAttributes { key value }
            originalUnitPriceSet { shopMoney { amount } }
            originalTotalSet { shopMoney { amount } }
          }
        }
      }
      userErrors { field message }
    }
  }`;

const UPDATE = `#graphql
  mutation UpdateDraft($id: ID!, $input: DraftOrderInput!) {
    draftOrderUpdate(id: $id, input: $input) {
      draftOrder {
        id name tags
        totalPriceSet { shopMoney { amount } }
        lineItems(first: 50) { nodes { title quantity } }
      }
      userErrors { field message }
    }
  }`;

async function variantId(productTitle: string, variantTitle: string): Promise<string> {
  const data = await gql(
    `query Find($q: String) { products(first: 5, query: $q) { nodes { title variants(first: 5) { nodes { id title price } } } } }`,
    { q: `title:'${productTitle}'` },
  );
  const product = data.data.products.nodes.find((p: { title: string }) => p.title === productTitle);
  return product.variants.nodes.find((v: { title: string }) => v.title === variantTitle).id;
}

function customLine(title: string, amount: string, quantity: number, guest: string) {
  return {
    title,
    quantity,
    originalUnitPriceWithCurrency: { amount, currencyCode: 'AUD' },
    customAttributes: [{ key: 'Guest', value: guest }],
  };
}

describe('products', () => {
  const PAGE = `query Page($first: Int!, $after: String) {
    products(first: $first, after: $after) {
      edges { cursor node { id title productType status variants(first: 5) { edges { node { id price } } } } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  it('pages through the whole catalogue, each product exactly once', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const data = await gql(PAGE, { first: 7, after });
      const { edges, pageInfo } = data.data.products;
      expect(edges.length).toBeLessThanOrEqual(7);
      seen.push(...edges.map((e: { node: { id: string } }) => e.node.id));
      pages++;
      if (!pageInfo.hasNextPage) break;
      expect(pageInfo.endCursor).toBe(edges[edges.length - 1].cursor);
      after = pageInfo.endCursor;
    }
    const total = sim.state.products.length;
    // The one demo catalogue (prisma/demo-data.ts): the menu, plus the products not sold in group orders.
    expect(total).toBe(DEMO_MENU.length + DEMO_UNLISTED.length);
    expect(pages).toBeGreaterThan(1);
    expect(pages).toBe(Math.ceil(total / 7));
    expect(new Set(seen).size).toBe(total);
    expect(seen).toHaveLength(total);
  });

  it('serves the nodes form, realistic café data and AUD prices as decimal strings', async () => {
    const data = await gql(
      `{ products(first: 100) { nodes { title productType variants(first: 5) { nodes { price } } } } }`,
    );
    const nodes = data.data.products.nodes;
    expect(nodes).toHaveLength(sim.state.products.length);
    const types = new Set(nodes.map((p: { productType: string }) => p.productType));
    expect([...types].sort()).toEqual([
      'Black Coffee',
      'Bottled Drinks',
      'Cold Drinks',
      'Food',
      'Tea',
      'White Coffee',
    ]);
    // Flat White is $5.20 on the demo menu; the demo Size modifiers add 50 and 100 cents.
    const flatWhite = nodes.find((p: { title: string }) => p.title === 'Flat White');
    expect(flatWhite.variants.nodes.map((v: { price: string }) => v.price)).toEqual(['5.20', '5.70', '6.20']);
    expect(data.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it('filters with Shopify search syntax and lists collections', async () => {
    const data = await gql(`{
      tea: products(first: 50, query: "product_type:Tea") { nodes { productType } }
      active: products(first: 250, query: "status:active") { nodes { status } }
      collections(first: 10) { nodes { title productsCount { count } } }
    }`);
    expect(data.data.tea.nodes.length).toBeGreaterThan(3);
    expect(data.data.tea.nodes.every((p: { productType: string }) => p.productType === 'Tea')).toBe(true);
    expect(data.data.active.nodes.length).toBe(
      sim.state.products.filter((p) => p.status === 'ACTIVE').length,
    );
    expect(data.data.active.nodes.length).toBeLessThan(sim.state.products.length);
    expect(data.data.collections.nodes.length).toBeGreaterThanOrEqual(2);
    expect(data.data.collections.nodes[0].productsCount.count).toBeGreaterThan(0);
  });

  it('refuses a page over 250, a connection without first or last, and a query over the cost limit', async () => {
    const tooMany = await gql(`{ products(first: 251) { nodes { id } } }`);
    expect(tooMany.data).toBeNull();
    expect(tooMany.errors[0].path).toEqual(['products']);

    const noSize = await gql(`{ products { nodes { id } } }`);
    expect(noSize.errors[0].message).toBe('you must provide one of first or last');

    const costly = await gql(`{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }`);
    expect(costly.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
    expect(costly.data).toBeUndefined();
  });
});

describe('customer', () => {
  const QUERY = `query C($id: ID!) { customer(id: $id) { id firstName lastName displayName email image { url } } }`;

  it('returns the seeded customers, with null names where only an e-mail exists', async () => {
    // Customer.image is non-null in Shopify's schema: a customer without a photo gets the default avatar.
    expect(SIMULATED_CUSTOMERS.map((c) => c.id)).toEqual([
      'gid://shopify/Customer/1001',
      'gid://shopify/Customer/1002',
      'gid://shopify/Customer/1003',
    ]);
    const olivia = await gql(QUERY, { id: 'gid://shopify/Customer/1001' });
    expect(olivia.data.customer).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Nguyen',
      displayName: 'Olivia Nguyen',
    });
    expect(olivia.data.customer.image.url).toMatch(/^data:image\/svg\+xml/);

    const sam = await gql(QUERY, { id: 'gid://shopify/Customer/1003' });
    expect(sam.data.customer).toEqual({
      id: 'gid://shopify/Customer/1003',
      firstName: null,
      lastName: null,
      displayName: 'sam.taylor@example.com',
      email: 'sam.taylor@example.com',
      image: { url: expect.stringMatching(/^data:image\/svg\+xml/) },
    });
    expect(sam.data.customer.image.url).not.toBe(olivia.data.customer.image.url);
  });

  it('answers null, without errors, for an unknown id', async () => {
    const res = await gql(QUERY, { id: 'gid://shopify/Customer/424242' });
    expect(res.data).toEqual({ customer: null });
    expect(res.errors).toBeUndefined();
  });
});

describe('draftOrderCreate', () => {
  it('creates a draft order with custom and variant lines, attributes, tags and shipping, and totals it', async () => {
    const largeFlatWhite = await variantId('Flat White', 'Large');
    const input = {
      email: 'olivia.nguyen@example.com',
      note: 'Group order ABC234, pickup 12:30 pm',
      tags: ['group-order', 'GO-ABC234'],
      customAttributes: [{ key: 'Group order', value: 'ABC234' }],
      shippingLine: { title: 'Pickup', priceWithCurrency: { amount: '1.50', currencyCode: 'AUD' } },
      lineItems: [
        customLine('Latte (oat milk)', '5.80', 2, 'Ann'),
        customLine('Banana Bread', '5.50', 1, 'Bo'),
        { variantId: largeFlatWhite, quantity: 3, customAttributes: [{ key: 'Guest', value: 'Cy' }] },
      ],
    };
    const res = await gql(CREATE, { input });
    const { draftOrder, userErrors } = res.data.draftOrderCreate;
    expect(userErrors).toEqual([]);
    expect(draftOrder.name).toBe('#D1');
    expect(draftOrder.status).toBe('OPEN');
    expect(draftOrder.id).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    expect(draftOrder.invoiceUrl).toMatch(/^https:\/\/demo-coffee\.myshopify\.com\/.+\/invoices\//);
    expect(draftOrder.note2).toBe(input.note);
    expect(draftOrder.tags).toEqual(['group-order', 'GO-ABC234']);
    expect(draftOrder.customAttributes).toEqual([{ key: 'Group order', value: 'ABC234' }]);
    expect(draftOrder.shippingLine.title).toBe('Pickup');

    // 2 × 5.80 + 5.50 + 3 × 6.20 (a large Flat White) = 35.70; plus 1.50 pickup = 37.20
    expect(draftOrder.subtotalPriceSet.shopMoney).toEqual({ amount: '35.7', currencyCode: 'AUD' });
    expect(draftOrder.totalShippingPriceSet.shopMoney.amount).toBe('1.5');
    expect(draftOrder.totalPriceSet.shopMoney).toEqual({ amount: '37.2', currencyCode: 'AUD' });
    expect(draftOrder.totalPriceSet.presentmentMoney.currencyCode).toBe('AUD');

    const lines = draftOrder.lineItems.nodes;
    expect(lines.map((l: { name: string }) => l.name)).toEqual([
      'Latte (oat milk)',
      'Banana Bread',
      'Flat White - Large',
    ]);
    expect(lines[0]).toMatchObject({ quantity: 2, custom: true, variant: null });
    expect(lines[0].customAttributes).toEqual([{ key: 'Guest', value: 'Ann' }]);
    expect(lines[2]).toMatchObject({ custom: false, variant: { id: largeFlatWhite }, quantity: 3 });
    expect(lines[2].originalUnitPriceSet.shopMoney.amount).toBe('6.2');
    expect(lines[2].originalTotalSet.shopMoney.amount).toBe('18.6');

    expect(sim.state.draftOrders).toHaveLength(1);
    expect(sim.state.draftOrders[0]).toMatchObject({ shop: DEMO_SHOP, name: '#D1', email: input.email });
    const call = sim.state.calls.find((c) => c.rootFields.includes('draftOrderCreate'));
    expect(call).toMatchObject({ operationName: 'CreateDraft', operationType: 'mutation', outcome: 'ok' });
    expect(call?.variables).toEqual({ input });

    const second = await gql(CREATE, { input: { lineItems: [customLine('Tea', '4.50', 1, 'Di')] } });
    expect(second.data.draftOrderCreate.draftOrder.name).toBe('#D2');
  });

  it('accepts the deprecated originalUnitPrice and shipping price as well', async () => {
    const res = await gql(CREATE, {
      input: {
        lineItems: [{ title: 'Cookie', originalUnitPrice: '3.25', quantity: 4 }],
        shippingLine: { title: 'Delivery', price: 7 },
      },
    });
    expect(res.data.draftOrderCreate.userErrors).toEqual([]);
    expect(res.data.draftOrderCreate.draftOrder.totalPriceSet.shopMoney.amount).toBe('20.0');
  });

  it('refuses invalid lines with userErrors and stores nothing', async () => {
    const res = await gql(CREATE, {
      input: {
        lineItems: [
          customLine('Latte', '5.00', 1, 'Ann'),
          { variantId: 'gid://shopify/ProductVariant/1', quantity: 1 },
          { title: 'Free lunch', quantity: 1 },
          { title: 'Mocha', originalUnitPrice: '5.00', quantity: 0 },
        ],
      },
    });
    const { draftOrder, userErrors } = res.data.draftOrderCreate;
    expect(draftOrder).toBeNull();
    const fields = userErrors.map((e: { field: string[] }) => e.field.join('.'));
    expect(fields).toContain('lineItems.1.variantId');
    expect(fields).toContain('lineItems.2.originalUnitPriceWithCurrency');
    expect(fields).toContain('lineItems.3.quantity');
    expect(fields.some((f: string) => f.startsWith('lineItems.0'))).toBe(false);
    expect(sim.state.draftOrders).toHaveLength(0);
    expect(sim.state.calls.at(-1)?.outcome).toBe('userErrors');
  });

  it('does not resolve a variant of another shop', async () => {
    const demoVariant = await variantId('Latte', 'Small');
    const res = await gql(
      CREATE,
      { input: { lineItems: [{ variantId: demoVariant, quantity: 1 }] } },
      'other-cafe.myshopify.com',
    );
    expect(res.data.draftOrderCreate.userErrors[0].field).toEqual(['lineItems', '0', 'variantId']);
    expect(sim.state.draftOrders).toHaveLength(0);
  });

  it('rejects a malformed input variable before running anything, the way Shopify does', async () => {
    const res = await gql(CREATE, {
      input: { lineItems: [{ title: 'Latte', originalUnitPrice: '5.00' }], notes: 'x' },
    });
    expect(res.data).toBeUndefined();
    expect(res.errors[0].extensions.code).toBe('INVALID_VARIABLE');
    const problems = res.errors[0].extensions.problems.map((p: { path: (string | number)[] }) =>
      p.path.join('.'),
    );
    expect(problems).toEqual(expect.arrayContaining(['notes', 'lineItems.0.quantity']));
    expect(sim.state.draftOrders).toHaveLength(0);
  });
});

describe('draftOrderUpdate', () => {
  it('replaces the lines of the same draft order without creating another', async () => {
    const created = await gql(CREATE, {
      input: {
        tags: ['group-order'],
        lineItems: [customLine('Latte', '5.00', 1, 'Ann'), customLine('Tea', '4.50', 1, 'Bo')],
      },
    });
    const { id, name } = created.data.draftOrderCreate.draftOrder;

    const res = await gql(UPDATE, { id, input: { lineItems: [customLine('Mocha', '6.00', 2, 'Cy')] } });
    const { draftOrder, userErrors } = res.data.draftOrderUpdate;
    expect(userErrors).toEqual([]);
    expect(draftOrder).toMatchObject({ id, name, tags: ['group-order'] });
    expect(draftOrder.lineItems.nodes).toEqual([{ title: 'Mocha', quantity: 2 }]);
    expect(draftOrder.totalPriceSet.shopMoney.amount).toBe('12.0');

    expect(sim.state.draftOrders).toHaveLength(1);
    const count = (field: string) =>
      sim.state.calls.filter((c) => c.rootFields.includes(field) && c.outcome === 'ok').length;
    expect(count('draftOrderCreate')).toBe(1);
    expect(count('draftOrderUpdate')).toBe(1);
  });

  it('answers userErrors for an unknown id and for invalid new lines, leaving the draft as it was', async () => {
    const unknown = await gql(UPDATE, { id: 'gid://shopify/DraftOrder/1', input: { note: 'x' } });
    expect(unknown.data.draftOrderUpdate).toEqual({
      draftOrder: null,
      userErrors: [{ field: ['id'], message: expect.any(String) }],
    });

    const created = await gql(CREATE, { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } });
    const { id } = created.data.draftOrderCreate.draftOrder;
    const bad = await gql(UPDATE, {
      id,
      input: { lineItems: [{ title: '', originalUnitPrice: '1.00', quantity: 1 }] },
    });
    expect(bad.data.draftOrderUpdate.userErrors[0].field).toEqual(['lineItems', '0', 'title']);
    expect(sim.state.draftOrders[0].lineItems.map((l: { title: string }) => l.title)).toEqual(['Latte']);
  });
});

describe('draftOrderInvoiceSend', () => {
  const SEND = `mutation Send($id: ID!, $email: EmailInput) {
    draftOrderInvoiceSend(id: $id, email: $email) { draftOrder { id status } userErrors { field message } }
  }`;

  it('marks the draft as invoiced and records the e-mail', async () => {
    const created = await gql(CREATE, {
      input: { email: 'james.wilson@example.com', lineItems: [customLine('Latte', '5.00', 1, 'James')] },
    });
    const { id, invoiceUrl } = created.data.draftOrderCreate.draftOrder;
    const res = await gql(SEND, { id, email: { subject: 'Your group order' } });
    expect(res.data.draftOrderInvoiceSend).toEqual({
      draftOrder: { id, status: 'INVOICE_SENT' },
      userErrors: [],
    });
    expect(sim.state.invoicesSent).toHaveLength(1);
    expect(sim.state.invoicesSent[0]).toMatchObject({
      draftOrderId: id,
      to: 'james.wilson@example.com',
      subject: 'Your group order',
      invoiceUrl,
    });
  });

  it('refuses an unknown draft and a draft with nobody to send to', async () => {
    const unknown = await gql(SEND, { id: 'gid://shopify/DraftOrder/999' });
    expect(unknown.data.draftOrderInvoiceSend.userErrors).toHaveLength(1);

    const created = await gql(CREATE, { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } });
    const res = await gql(SEND, { id: created.data.draftOrderCreate.draftOrder.id });
    expect(res.data.draftOrderInvoiceSend.draftOrder).toBeNull();
    expect(res.data.draftOrderInvoiceSend.userErrors).toHaveLength(1);
    expect(sim.state.invoicesSent).toHaveLength(0);
  });
});

describe('shop and errors', () => {
  it('describes the demo shop', async () => {
    const res = await gql(
      `{ shop { name email currencyCode ianaTimezone myshopifyDomain primaryDomain { url host } } }`,
    );
    expect(res.data.shop).toMatchObject({
      name: 'Demo Coffee',
      currencyCode: 'AUD',
      ianaTimezone: 'Australia/Sydney',
      myshopifyDomain: DEMO_SHOP,
      primaryDomain: { url: `https://${DEMO_SHOP}`, host: DEMO_SHOP },
    });
    expect(res.extensions.cost).toMatchObject({
      requestedQueryCost: expect.any(Number),
      actualQueryCost: expect.any(Number),
    });
  });

  it('answers shopLocales: English alone by default, or the languages a shop is given', async () => {
    const res = await gql(`{ shopLocales { locale name primary published } }`);
    expect(res.data.shopLocales).toEqual([{ locale: 'en', name: 'English', primary: true, published: true }]);

    const multi = createAdminApiSimulator({
      shops: [
        {
          domain: 'lyon-cafe.myshopify.com',
          locales: [{ locale: 'en', published: false }, { locale: 'fr', primary: true }, { locale: 'de' }],
        },
      ],
    });
    const answer = await multi.handle(
      'lyon-cafe.myshopify.com',
      {
        query: `query ShopLocales($published: Boolean) { shopLocales(published: $published) { locale primary } }`,
        variables: { published: true },
      },
      TOKEN,
    );
    expect(answer.json.data.shopLocales).toEqual([
      { locale: 'fr', primary: true },
      { locale: 'de', primary: false },
    ]);
  });

  it('reports an unknown field as undefinedField with status 200 and no data', async () => {
    const res = await sim.handle(DEMO_SHOP, { query: '{ shop { name currency } }' }, TOKEN);
    expect(res.status).toBe(200);
    expect(res.json.data).toBeUndefined();
    expect(res.json.errors).toEqual([
      {
        message: "Field 'currency' doesn't exist on type 'Shop'",
        locations: [{ line: 1, column: 15 }],
        path: ['query', 'shop', 'currency'],
        extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'currency' },
      },
    ]);
  });

  it('reports a syntax error, an unknown root field and a missing required argument', async () => {
    const syntax = await gql('{ shop { name }');
    expect(syntax.errors[0].message).toMatch(/^Parse error on end of file/);
    // (orderCreate, the example here before, is a real mutation in Shopify's schema.)
    const root = await gql('mutation { groupOrderCreate { id } }');
    expect(root.errors[0].extensions).toMatchObject({ code: 'undefinedField', typeName: 'Mutation' });
    const missing = await gql('{ customer { id } }');
    expect(missing.errors[0].extensions).toMatchObject({ code: 'missingRequiredArguments', arguments: 'id' });
  });

  it('fails the next requests on demand: throttled, HTTP 500, dropped connection', async () => {
    sim.failNext('throttled');
    const throttled = await sim.handle(DEMO_SHOP, { query: '{ shop { name } }' }, TOKEN);
    expect(throttled.status).toBe(200);
    expect(throttled.json).toEqual({
      errors: [
        { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: expect.any(String) } },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 1,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
        },
      },
    });

    sim.failNext('http500', 2);
    for (let i = 0; i < 2; i++) {
      const failed = await sim.handle(DEMO_SHOP, { query: '{ shop { name } }' }, TOKEN);
      expect(failed.status).toBe(500);
      expect(failed.headers['content-type']).toMatch(/text\/html/);
    }

    sim.failNext('network');
    const dropped = await sim.handle(
      DEMO_SHOP,
      { query: CREATE, variables: { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } } },
      TOKEN,
    );
    expect(dropped).toMatchObject({ status: 0, dropConnection: true });
    expect(sim.state.draftOrders).toHaveLength(0);

    const ok = await sim.handle(DEMO_SHOP, { query: '{ shop { name } }' }, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.json.data.shop.name).toBe('Demo Coffee');
    expect(sim.state.calls.map((c) => c.outcome)).toEqual([
      'throttled',
      'http500',
      'http500',
      'network',
      'ok',
    ]);
  });

  it('can lose the response after the draft order was stored, so retries must be idempotent', async () => {
    sim.failNext('lostResponse');
    const res = await sim.handle(
      DEMO_SHOP,
      { query: CREATE, variables: { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } } },
      TOKEN,
    );
    expect(res.dropConnection).toBe(true);
    expect(sim.state.draftOrders).toHaveLength(1);
  });

  it('fails only draft-order calls when asked to, lists what is armed, and clears it', async () => {
    sim.failNext('http500', 1, { only: 'draftOrders' });
    expect(sim.pendingFailures()).toEqual([{ kind: 'http500', remaining: 1, only: 'draftOrders' }]);
    // Another call goes through untouched and leaves the failure armed.
    expect((await sim.handle(DEMO_SHOP, { query: '{ shop { name } }' }, TOKEN)).status).toBe(200);
    const failed = await sim.handle(
      DEMO_SHOP,
      { query: CREATE, variables: { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } } },
      TOKEN,
    );
    expect(failed.status).toBe(500);
    expect(sim.pendingFailures()).toEqual([]);
    sim.failNext('throttled', 3);
    sim.clearFailures();
    expect((await sim.handle(DEMO_SHOP, { query: '{ shop { name } }' }, TOKEN)).status).toBe(200);
  });

  it('reset() forgets draft orders, calls and pending failures', async () => {
    await gql(CREATE, { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } });
    sim.failNext('http500');
    sim.reset();
    expect(sim.state.draftOrders).toHaveLength(0);
    expect(sim.state.calls).toHaveLength(0);
    const again = await gql(CREATE, { input: { lineItems: [customLine('Latte', '5.00', 1, 'Ann')] } });
    expect(again.data.draftOrderCreate.draftOrder.name).toBe('#D1');
  });
});

describe('HTTP middleware', () => {
  let server: http.Server;
  let base: string;

  beforeEach(async () => {
    const graphql = adminGraphqlMiddleware(sim, {
      shopFromRequest: (req) => String(req.headers['x-shopify-shop-domain'] ?? ''),
    });
    server = http.createServer(async (req, res) => {
      if ((await graphql(req, res)) !== false) return;
      res.writeHead(404, { 'content-type': 'text/plain' }).end('parent server');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (headers: Record<string, string>, body = { query: '{ shop { name } }' }) =>
    fetch(`${base}/admin/api/2025-07/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-shop-domain': DEMO_SHOP, ...headers },
      body: JSON.stringify(body),
    });

  it('answers 401 with Shopify’s message when the access token is missing or empty', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-shopify-access-token': '' }];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    expect(sim.state.calls.every((c) => c.outcome === 'unauthorized')).toBe(true);
  });

  it('serves queries with a token and leaves other paths to the parent server', async () => {
    const res = await post({ 'x-shopify-access-token': 'shpat_simulated' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-shopify-api-version')).toBe('2025-07');
    expect((await res.json()).data.shop.name).toBe('Demo Coffee');

    const other = await fetch(`${base}/admin/api/2025-07/products.json`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe('parent server');
  });

  it('destroys the socket for a simulated network failure', async () => {
    sim.failNext('network');
    await expect(post({ 'x-shopify-access-token': 'shpat_simulated' })).rejects.toThrow();
    const after = await post({ 'x-shopify-access-token': 'shpat_simulated' });
    expect(after.status).toBe(200);
  });
});

describe('draft order discounts', () => {
  const TOTALS = `#graphql
    mutation Discounted($input: DraftOrderInput!) {
      draftOrderCreate(input: $input) {
        draftOrder {
          appliedDiscount { title value valueType amountSet { shopMoney { amount } } }
          totalLineItemsPriceSet { shopMoney { amount } }
          totalDiscountsSet { shopMoney { amount } }
          subtotalPriceSet { shopMoney { amount } }
          totalPriceSet { shopMoney { amount } }
        }
        userErrors { field message }
      }
    }`;

  it('takes an order discount off the lines, a percentage rounded to the cent and never more than the lines', async () => {
    const lines = [customLine('Flat White', '5.20', 3, 'Sal')];
    const percent = await gql(TOTALS, {
      input: { lineItems: lines, appliedDiscount: { title: 'Budget', value: 12.5, valueType: 'PERCENTAGE' } },
    });
    expect(percent.data.draftOrderCreate.draftOrder).toEqual({
      appliedDiscount: {
        title: 'Budget',
        value: 12.5,
        valueType: 'PERCENTAGE',
        amountSet: { shopMoney: { amount: '1.95' } },
      },
      totalLineItemsPriceSet: { shopMoney: { amount: '15.6' } },
      totalDiscountsSet: { shopMoney: { amount: '1.95' } },
      subtotalPriceSet: { shopMoney: { amount: '13.65' } },
      totalPriceSet: { shopMoney: { amount: '13.65' } },
    });
    const capped = await gql(TOTALS, {
      input: { lineItems: lines, appliedDiscount: { value: 20, valueType: 'FIXED_AMOUNT' } },
    });
    expect(capped.data.draftOrderCreate.draftOrder.totalPriceSet.shopMoney.amount).toBe('0.0');
  });

  it('refuses by name a line discount it does not model, instead of ignoring it', async () => {
    const res = await sim.handle(
      DEMO_SHOP,
      {
        query: TOTALS,
        variables: {
          input: {
            lineItems: [
              {
                ...customLine('Flat White', '5.20', 1, 'Sal'),
                appliedDiscount: { value: 1, valueType: 'FIXED_AMOUNT' },
              },
            ],
          },
        },
      },
      TOKEN,
    );
    expect(res.json.errors[0]).toMatchObject({ extensions: { code: 'NOT_SIMULATED' } });
    expect(res.json.errors[0].message).toContain('DraftOrderInput.lineItems.appliedDiscount');
    expect(sim.state.draftOrders).toEqual([]);
  });
});
