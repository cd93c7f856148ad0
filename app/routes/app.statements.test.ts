import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { parseCsv } from '../../test/support/csv';
import { payShare, submittedOrder } from '../../test/support/moneyOrders';
import { args, call, OTHER_SHOP, TEST_SHOP } from '../../test/support/requests';
import { PRINT_LINK_TTL_MS } from '~/models/kitchen/printLinks.server';
import { statementLink } from '~/models/groupOrder/statementLinks.server';
import { formatMoney } from '~/lib/money';
import { loader } from './app.statements';
import { loader as csvLoader } from './app_.statement.csv';
import { loader as printLoader } from './app_.statement.print';
import { loader as dashboardLoader } from './app._index';

// The Statements page, its signed CSV and print, and the order detail's money section, signed as Shopify
// signs the embedded admin's requests. A shop never sees another's statement.

let companyOrder: number;
let budgetOrder: number;
let foreignOrder: number;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  for (const shop of [TEST_SHOP, OTHER_SHOP]) {
    // Settings already saved: the page reads the zone and currency without asking Shopify.
    await prisma.shopSettings.upsert({
      where: { shop },
      create: { shop, shopName: 'Bean There', timeZone: 'Australia/Sydney', currency: 'AUD' },
      update: { shopName: 'Bean There', timeZone: 'Australia/Sydney', currency: 'AUD' },
    });
  }
  companyOrder = (
    await submittedOrder(new Date('2026-11-03T01:00:00Z'), [1000], {
      name: 'Board lunch',
      paymentMethod: 'on-account',
      deliveryFeeCents: 500,
      costCode: '=PO-77',
      shopifyDraftOrderName: '#D12',
    })
  ).order.id;
  const budget = await submittedOrder(new Date('2026-11-20T01:00:00Z'), [1000, 2500], {
    name: 'Sales kickoff',
    companyName: 'ACME pty ltd',
    paymentMode: 'budget',
    budgetCents: 1500,
    overagePolicy: 'guest-pays',
    costCode: 'CC 12, "Sales"',
  });
  budgetOrder = budget.order.id;
  await payShare(budget, 1, 'gid://shopify/Order/5550001', 1000);
  foreignOrder = (
    await submittedOrder(new Date('2026-11-05T01:00:00Z'), [9900], { shop: OTHER_SHOP, costCode: 'THEIRS' })
  ).order.id;
});

const page = async (query: string, shop = TEST_SHOP) =>
  call(async () => loader(args(await adminRequest(`/app/statements${query}`, { shop }))));

const open = (link: string, which: typeof csvLoader | typeof printLoader, headers: HeadersInit = {}) =>
  call(async () => which(args(new Request(new URL(link, 'https://my-test-app.myshopify.io'), { headers }))));

describe('statements page', () => {
  it('refuses a request without a session token', async () => {
    const result = await call(() =>
      loader(args(new Request('https://my-test-app.myshopify.io/app/statements?month=2026-11'))),
    );
    expect(result.status).toBeGreaterThanOrEqual(300);
  });

  it("lists the month's companies and one company's orders with what it owes", async () => {
    const { status, body } = await page('?month=2026-11&company=acme%20pty%20ltd');
    expect(status).toBe(200);
    expect(body.companies).toEqual([{ key: 'acme pty ltd', name: 'ACME pty ltd', orders: 2 }]);
    expect(
      body.statement.lines.map((l: { id: number; companyCents: number }) => [l.id, l.companyCents]),
    ).toEqual([
      [companyOrder, 1500],
      [budgetOrder, 2500],
    ]);
    expect(body.statement.totals).toEqual([{ currency: 'AUD', cents: 4000 }]);
    expect(body.links.csv).toMatch(/^\/app\/statement\/csv\?shop=/);
  });

  it('opens on this month with no company chosen', async () => {
    const { status, body } = await page('');
    expect(status).toBe(200);
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
    expect(body.statement).toBeNull();
  });

  it('refuses a month or company it cannot read with a sentence, in the admin language', async () => {
    for (const month of ['2026-13', '11-2026', '2026-1', '1999-01', "2026-11'--"]) {
      const { status, body } = await page(`?month=${encodeURIComponent(month)}`);
      expect(status).toBe(400);
      expect(body.message).toBe('Choose a month such as 2026-11.');
    }
    const german = await page('?month=2026-99&locale=de');
    expect(german.body.message).toBe('Wählen Sie einen Monat, zum Beispiel 2026-11.');
    const french = await page(`?month=2026-11&company=${'x'.repeat(201)}&locale=fr`);
    expect(french).toMatchObject({
      status: 400,
      body: { message: 'Choisissez une entreprise dans la liste.' },
    });
    const control = await page('?month=2026-11&company=Acme%00');
    expect(control.status).toBe(400);
  });

  it('shows a shop only its own orders, whatever company it asks for', async () => {
    const theirs = await page('?month=2026-11&company=Acme%20Pty%20Ltd', OTHER_SHOP);
    expect(theirs.body.statement.lines.map((l: { id: number }) => l.id)).toEqual([foreignOrder]);
    const ours = await page('?month=2026-11&company=Acme%20Pty%20Ltd');
    expect(ours.body.statement.lines.map((l: { id: number }) => l.id)).not.toContain(foreignOrder);
  });
});

describe('statement CSV and print', () => {
  const query = { company: 'Acme Pty Ltd', month: '2026-11' };

  it('downloads the CSV, quoted, with the month total', async () => {
    const { status, response, body } = await open(statementLink('csv', TEST_SHOP, query), csvLoader);
    expect(status).toBe(200);
    expect(response!.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response!.headers.get('Content-Disposition')).toBe(
      'attachment; filename="statement-acme-pty-ltd-2026-11.csv"',
    );
    expect(response!.headers.get('Cache-Control')).toBe('no-store');
    const rows = parseCsv(body as string);
    expect(rows[0]).toEqual([
      'Date',
      'Order',
      'Code',
      'Shopify order',
      'Host',
      'Host e-mail',
      'PO number or cost code',
      'Who pays',
      'Order total',
      'Company part',
      'Currency',
    ]);
    expect(rows[1]).toMatchObject({ 0: '2026-11-03', 1: 'Board lunch', 3: '#D12', 6: "'=PO-77", 9: '15.00' });
    expect(rows[2]).toMatchObject({ 1: 'Sales kickoff', 6: 'CC 12, "Sales"', 7: 'Budget per person' });
    expect(rows[2].slice(8)).toEqual(['35.00', '25.00', 'AUD']);
    expect(rows[3]).toEqual(["Month's total", '', '', '', '', '', '', '', '', '40.00', 'AUD']);
    expect(rows).toHaveLength(4);
  });

  it('says the CSV headings in the language the link carries', async () => {
    const { body } = await open(`${statementLink('csv', TEST_SHOP, query)}&locale=de`, csvLoader);
    // Response.text() drops the byte order mark (lib/csv.test.ts checks it is written).
    expect(parseCsv(body as string)[0].slice(0, 3)).toEqual(['Datum', 'Bestellung', 'Code']);
  });

  it('prints the statement in the reader language', async () => {
    const { status, body } = await open(`${statementLink('print', TEST_SHOP, query)}&locale=fr`, printLoader);
    expect(status).toBe(200);
    expect(body.page.title).toBe('Relevé : ACME pty ltd, novembre 2026');
    expect(body.page.rows.map((r: { company: string }) => r.company)).toEqual([
      formatMoney(1500, 'AUD', 'fr-FR'),
      formatMoney(2500, 'AUD', 'fr-FR'),
    ]);
    expect(body.page.totals[0].text).toBe(`L'entreprise doit ${formatMoney(4000, 'AUD', 'fr-FR')}`);
  });

  it('refuses a changed, expired, foreign or misused link with a sentence, and shows nothing', async () => {
    const good = statementLink('csv', TEST_SHOP, query);
    const refused = async (link: string, which: typeof csvLoader | typeof printLoader = csvLoader) => {
      const result = await open(link, which);
      expect(result.status).toBe(403);
      expect(result.body.message).toBe(
        'This statement link is not valid or has expired. Open it again from Statements.',
      );
    };
    await refused(good.replace(`shop=${TEST_SHOP}`, `shop=${OTHER_SHOP}`));
    await refused(good.replace('company=Acme', 'company=Globex'));
    await refused(good.replace('month=2026-11', 'month=2026-10'));
    await refused(good.replace(/signature=[^&]+/, 'signature=abc'));
    await refused(good, printLoader);
    await refused(statementLink('csv', TEST_SHOP, query, Date.now() - PRINT_LINK_TTL_MS - 1000));
    const bad = await open(good.replace('month=2026-11', 'month=2026-13'), csvLoader);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Choose a month such as 2026-11.' } });
  });

  it('opens the same statement for any spelling of the company', async () => {
    const { body } = await open(
      statementLink('csv', TEST_SHOP, { ...query, company: '  acme   PTY ltd' }),
      csvLoader,
    );
    expect(parseCsv(body as string)).toHaveLength(4);
  });
});

describe("the order detail's money", () => {
  it('shows each guest share, the totals and the reconciliation', async () => {
    const { status, body } = await call(async () =>
      dashboardLoader(args(await adminRequest(`/app?tab=submitted&order=${budgetOrder}`))),
    );
    expect(status).toBe(200);
    const money = body.detail.moneyDetail;
    expect(money).toMatchObject({
      mode: 'budget',
      budgetCents: 1500,
      costCode: 'CC 12, "Sales"',
      reconciles: true,
    });
    expect(money.guests.map((g: { name: string; state: string }) => [g.name, g.state])).toEqual([
      ['Guest 0', 'company'],
      ['Guest 1', 'paid'],
    ]);
    expect(money.guests[1].shopifyOrderUrl).toBe(
      'https://admin.shopify.com/store/test-shop/orders/5550001'.replace(
        'test-shop',
        TEST_SHOP.split('.')[0],
      ),
    );
    expect(money.totals).toMatchObject({
      paidCents: 1000,
      pendingCents: 0,
      companyCents: 2500,
      totalCents: 3500,
    });
    const row = body.list.orders.find((o: { id: number }) => o.id === budgetOrder);
    expect(row.money).toEqual({ mode: 'budget', paid: 1, payers: 1, pendingCents: 0 });
  });

  it("does not open another shop's order", async () => {
    const { body } = await call(async () =>
      dashboardLoader(args(await adminRequest(`/app?order=${foreignOrder}`))),
    );
    expect(body.detail).toBeNull();
  });
});
