import { createClient } from '@libsql/client';
import type { Prisma } from '@prisma/client';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hashSecret, newSecret, randomOrderCode, randomOrderId } from '../app/lib/ids.server';
import { utcToZoned } from '../app/lib/time';
import type { createPrismaClient } from '../app/prismaClient.server';
import { hydrated, urls } from './support';

// How the browser tests get their group orders: an open one written straight to the database (a host token
// the test knows) or created through the page as the create form does (the browser keeping the host token);
// a submitted one for the merchant's side (storedOrder); and a guest's Latte sent through the page's API.

export const SHOP = 'demo-coffee.myshopify.com';
const MINUTE = 60_000;
/** A date as the app's SQLite database stores it. */
export const sqlDate = (date: Date) => date.toISOString().replace('Z', '+00:00');

export type OpenOrderOptions = {
  /** null: an order without a name. */
  name?: string | null;
  hostEmail?: string;
  /** Minutes from now. */
  pickupIn?: number;
  deadlineIn?: number;
  timeZone?: string;
  orderType?: 'pickup' | 'delivery';
  paymentMethod?: string;
};

/** An active order written straight to the database, with a host token this test can hand a browser. */
export async function openOrder({
  name = 'Team Lunch',
  hostEmail = 'hannah@example.com',
  pickupIn = 90,
  deadlineIn = 60,
  timeZone = 'Australia/Sydney',
  orderType = 'pickup',
  paymentMethod = 'pay-in-store',
}: OpenOrderOptions = {}) {
  const id = randomOrderId();
  const code = randomOrderCode();
  const hostToken = newSecret();
  const now = Date.now();
  const pickupAt = new Date(now + pickupIn * MINUTE);
  const deadlineAt = new Date(now + deadlineIn * MINUTE);
  const db = createClient({ url: urls().databaseUrl });
  try {
    await db.execute({
      sql: `INSERT INTO GroupOrder (id, shop, code, name, hostName, hostEmail, companyName, orderType, paymentMethod,
              pickupAt, deadlineAt, timeZone, currency, status, hostTokenHash, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, 'Hannah Host', ?, 'Acme Pty Ltd', ?, ?, ?, ?, ?, 'AUD', 'active', ?, ?, ?)`,
      args: [
        id,
        SHOP,
        code,
        name,
        hostEmail,
        orderType,
        paymentMethod,
        sqlDate(pickupAt),
        sqlDate(deadlineAt),
        timeZone,
        hashSecret(hostToken),
        sqlDate(new Date(now)),
        sqlDate(new Date(now)),
      ],
    });
  } finally {
    db.close();
  }
  return { id, code, hostToken, pickupAt, deadlineAt };
}

/** Wall-clock date and time in Sydney `minutes` from now, as the create form takes them. */
export const zonedIn = (minutes: number) =>
  utcToZoned(new Date(Date.now() + minutes * MINUTE), 'Australia/Sydney');

/**
 * A query or mutation to the simulator's Admin GraphQL API for the demo shop, as the app (`shpat_e2e`) or
 * another caller (`token`: the merchant in Shopify's admin) sends it; answers `data`, there being no errors.
 */
export async function simulatorAdmin(
  query: string,
  variables: Record<string, unknown> = {},
  token = 'shpat_e2e',
) {
  const response = await fetch(`${urls().storefront}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Access-Token': token,
      'X-Shopify-Shop-Domain': SHOP,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

/**
 * An order created by a host on the create page (Hannah Host, an e-mail of her own), `fill` choosing what
 * else the test needs (who pays, a budget, delivery); answers its code and the dashboard's address.
 */
export async function createOrderInForm(page: Page, company: string, fill: (page: Page) => Promise<void>) {
  await page.goto('/apps/group-order/host/create');
  await hydrated(page);
  await page.getByLabel('Your name').fill('Hannah Host');
  const slug = company.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await page.getByLabel('Your email').fill(`${slug}-${Date.now()}@example.com`);
  await page.getByLabel('Company name').fill(company);
  await fill(page);
  await page.getByRole('button', { name: 'Create Group Order' }).click();
  await page.waitForURL('**/apps/group-order/host/dashboard/*');
  return { code: (await page.getByTestId('order-code').textContent())!.trim(), dashboard: page.url() };
}

/** An order created as the create page does (POST /api/group-orders), this browser keeping the host token. */
export async function createOrderThroughPage(
  page: Page,
  {
    name,
    hostName = 'Hannah Host',
    hostEmail = `hannah-${Date.now()}@example.com`,
    pickupIn = 90,
    deadlineIn = 60,
  }: { name: string; hostName?: string; hostEmail?: string; pickupIn?: number; deadlineIn?: number },
) {
  await page.goto('/apps/group-order/find-order');
  const pickup = zonedIn(pickupIn);
  const deadline = zonedIn(deadlineIn);
  return page.evaluate(
    async (body) => {
      const response = await fetch('/apps/group-order/api/group-orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      localStorage.setItem(`group-order:host-token:${json.id}`, json.hostToken);
      return json as { id: number; code: string };
    },
    {
      hostName,
      hostEmail,
      companyName: 'Acme Pty Ltd',
      name,
      orderType: 'pickup',
      pickupDate: pickup.date,
      pickupTime: pickup.time,
      deadlineDate: deadline.date,
      deadlineTime: deadline.time,
      paymentMethod: 'pay-in-store',
    },
  );
}

/**
 * The demo menu's Latte as a guest's page adds it: its id and each required group's default modifier
 * (the demo menu requires Size, Milk and Blend), read from the storefront API as the dialog reads them.
 */
export async function latteWithDefaults(page: Page) {
  return page.evaluate(async () => {
    const menu = await (await fetch('/apps/group-order/api/menu-items')).json();
    const list = Array.isArray(menu) ? menu : menu.items;
    const latte = list.find((item: { name: string }) => item.name === 'Latte') ?? list[0];
    const modifiers: {
      id: number;
      isDefault: boolean;
      minSelections: number;
      applicableCategories: string[];
    }[] = await (await fetch('/apps/group-order/api/menu-modifiers')).json();
    const defaults = modifiers
      .filter((m) => m.minSelections > 0 && m.isDefault)
      .filter((m) => !m.applicableCategories.length || m.applicableCategories.includes(latte.category))
      .map((m) => m.id);
    return { menuItemId: latte.id as number, defaults };
  });
}

/** A JSON POST from the page (through the app proxy, with the page's cookies): its status and answer. */
export async function postFromPage(page: Page, url: string, body: unknown) {
  return page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { url, body },
  );
}

type Db = ReturnType<typeof createPrismaClient>;
type OrderFields = Omit<
  Prisma.GroupOrderUncheckedCreateInput,
  'id' | 'code' | 'shop' | 'pickupAt' | 'timeZone' | 'hostTokenHash'
> &
  Partial<Pick<Prisma.GroupOrderUncheckedCreateInput, 'pickupAt' | 'timeZone' | 'hostTokenHash'>>;

/**
 * A group order row for the merchant's side, written with Prisma: submitted (unless `fields` say otherwise),
 * picked up in two hours, in Sydney, with a host token nobody holds. Its code is `codePrefix` and random code
 * characters, six in all (the prefix's few digits alone made codes that the same run repeated); a code or
 * id already taken is drawn again. `fields` may be made from the id (a key that names the order).
 */
export async function storedOrder(
  prisma: Db,
  codePrefix: string,
  fields: OrderFields | ((id: number) => OrderFields),
) {
  for (let attempt = 1; ; attempt++) {
    const id = 500_000_000 + Math.floor(Math.random() * 300_000_000);
    const code = `${codePrefix}${randomOrderCode().slice(codePrefix.length)}`;
    try {
      return await prisma.groupOrder.create({
        data: {
          id,
          code,
          shop: SHOP,
          pickupAt: new Date(Date.now() + 2 * 3600_000),
          timeZone: 'Australia/Sydney',
          status: 'submitted',
          hostTokenHash: 'x'.repeat(64),
          ...(typeof fields === 'function' ? fields(id) : fields),
        },
      });
    } catch (error) {
      const taken = (error as { code?: string }).code === 'P2002';
      if (!taken || attempt === 5) throw error;
    }
  }
}

/** A guest's add through the spec's API call (one call per cart item), as the guest's own page would send it. */
export async function addItemAsGuest(page: Page, groupOrderId: number, guestName: string) {
  const latte = await latteWithDefaults(page);
  return postFromPage(page, '/apps/group-order/api/order-items', {
    groupOrderId,
    guestName,
    guestInitials: 'GG',
    menuItemId: latte.menuItemId,
    quantity: 2,
    selectedModifiers: latte.defaults,
    specialInstructions: 'Extra hot please',
  });
}
