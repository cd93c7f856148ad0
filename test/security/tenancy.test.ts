import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { adminRequest } from '../support/adminRequests';
import { createTestGroupOrder, seedMenu } from '../support/factories';
import { args, OTHER_SHOP, proxyRequest, TEST_SHOP } from '../support/requests';
import { payPath } from '~/models/groupOrder/payLinks.server';
import { answer, dbSnapshot, importRoute, isStorefrontRoute, routeFiles, routeUrl } from './support';

// Issue 8, "tenancy": shop A's group order, asked for through shop B's storefront or admin by every
// route, by id and by code, with A's host token and A's customer id, finds nothing and writes nothing.
// Shop B is the attacker: TEST_SHOP is A (the victim), OTHER_SHOP is B.

const SHOP_A = TEST_SHOP;
const SHOP_B = OTHER_SHOP;
const STOREFRONT_ROUTES = routeFiles(isStorefrontRoute);

// Texts only A's order holds: none may appear in an answer given to shop B.
const SECRETS = [
  'Alpha Tenant Host',
  'Alpha Industries Pty',
  'Alpha secret lunch',
  'alpha-secret-note',
  'Alphonse',
];

let a: {
  id: number;
  code: string;
  hostToken: string;
  hostEmail: string;
  menuItemId: number;
  groupId: number;
  modifierId: number;
  submittedId: number;
  deviceId: number;
  shareId: string;
  signature: string;
};

beforeAll(async () => {
  const menuA = await seedMenu(SHOP_A);
  await seedMenu(SHOP_B);
  const { order, hostToken } = await createTestGroupOrder({
    shop: SHOP_A,
    hostName: 'Alpha Tenant Host',
    hostEmail: 'alpha.host@example.com',
    companyName: 'Alpha Industries Pty',
    name: 'Alpha secret lunch',
    instructions: 'alpha-secret-note',
    hostCustomerId: '42',
  });
  await prisma.orderItem.create({
    data: {
      shop: SHOP_A,
      groupOrderId: order.id,
      guestName: 'Alphonse',
      guestEmail: 'alphonse@example.com',
      menuItemId: menuA[0].id,
      menuItemName: menuA[0].name,
      quantity: 2,
      unitPriceCents: menuA[0].priceCents,
      totalCents: menuA[0].priceCents * 2,
      specialInstructions: 'alpha-secret-note',
      confirmationKey: 'alpha-k1',
    },
  });
  await prisma.groupOrder.update({
    where: { id: order.id },
    data: { totalItems: 2, totalCents: menuA[0].priceCents * 2, participantCount: 1 },
  });
  const { order: submitted } = await createTestGroupOrder({
    shop: SHOP_A,
    hostName: 'Alpha Tenant Host',
    companyName: 'Alpha Industries Pty',
    status: 'submitted',
    submittedAt: new Date(),
    shopifyState: 'failed',
    hostCustomerId: '42',
  });
  await prisma.usualOrder.create({
    data: { shop: SHOP_A, email: 'alphonse@example.com', name: 'Alphonse', items: '[]' },
  });
  // A second browser that manages shop A's order (issue 11): removable only through shop A.
  const device = await prisma.hostDevice.create({
    data: { shop: SHOP_A, groupOrderId: order.id, tokenHash: 'd'.repeat(64), label: 'Chrome on Android' },
  });
  const group = await prisma.modifierGroup.findFirstOrThrow({ where: { shop: SHOP_A } });
  const modifier = await prisma.modifier.findFirstOrThrow({ where: { shop: SHOP_A } });
  // A share of shop A with its genuine pay link (issue 25): through shop B it opens nothing.
  const payer = await prisma.guest.create({
    data: { shop: SHOP_A, groupOrderId: order.id, name: 'Alphonse Payer', nameKey: 'alphonse payer' },
  });
  const share = await prisma.guestShare.create({
    data: { shop: SHOP_A, groupOrderId: order.id, guestId: payer.id, itemsCents: 520, guestCents: 520 },
  });
  const [shareId, signature] = payPath(SHOP_A, share.id).split('/').slice(-2);
  a = {
    shareId,
    signature,
    id: order.id,
    code: order.code,
    hostToken,
    hostEmail: order.hostEmail,
    menuItemId: menuA[0].id,
    groupId: group.id,
    modifierId: modifier.id,
    submittedId: submitted.id,
    deviceId: device.id,
  };
});

/** Rows added, removed or changed between two snapshots, with their table. */
function changedRows(before: Record<string, unknown[]>, after: Record<string, unknown[]>) {
  const changes: { table: string; row: Record<string, unknown> }[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set((before[table] ?? []).map((r) => JSON.stringify(r)));
    const now = new Set((after[table] ?? []).map((r) => JSON.stringify(r)));
    for (const r of now) if (!was.has(r)) changes.push({ table, row: JSON.parse(r) });
    for (const r of was) if (!now.has(r)) changes.push({ table, row: JSON.parse(r) });
  }
  return changes;
}

/** Any write a request through shop B made may only concern shop B, never A's rows or A's order. */
function expectNoWriteToA(before: Record<string, unknown[]>, after: Record<string, unknown[]>, what: string) {
  for (const { table, row } of changedRows(before, after)) {
    const mentionsA =
      JSON.stringify(row).includes(SHOP_A) || [a.id, a.submittedId].includes(row.groupOrderId as number);
    expect(
      row.shop === SHOP_B && !mentionsA,
      `${what} wrote ${table} ${JSON.stringify(row).slice(0, 200)}`,
    ).toBe(true);
  }
}

function expectNothingOfA(result: { status: number; text: string }, what: string) {
  expect(result.status, `${what}: ${result.text.slice(0, 300)}`).toBeLessThan(500);
  for (const secret of SECRETS)
    expect(result.text.includes(secret), `${what} showed "${secret}": ${result.text.slice(0, 300)}`).toBe(
      false,
    );
  if (result.status < 300)
    expect(result.text, `${what} answered as if it found A's order`).not.toMatch(
      /"found":true|"isHost":true/,
    );
}

describe("shop A's order through shop B's storefront", () => {
  it.each(STOREFRONT_ROUTES)('%s finds nothing and writes nothing, by id and by code', async (name) => {
    const mod = await importRoute(name);
    const paramSets = [
      {
        id: String(a.id),
        groupOrderId: String(a.id),
        code: a.code,
        guestName: 'Alphonse',
        email: a.hostEmail,
        token: 'x'.repeat(43),
        deviceId: String(a.deviceId),
        shareId: a.shareId,
        signature: a.signature,
      },
      {
        id: String(a.submittedId),
        groupOrderId: String(a.submittedId),
        code: a.code,
        guestName: 'Alphonse',
        email: 'alphonse@example.com',
        token: 'x'.repeat(43),
        deviceId: String(a.deviceId),
        shareId: a.shareId,
        signature: a.signature,
      },
    ];
    const queries: Record<string, string>[] = [
      {},
      { code: a.code },
      { method: 'email', email: a.hostEmail },
      { order: String(a.id), email: 'alphonse@example.com' },
    ];
    const jsonBody = {
      groupOrderId: a.id,
      guestName: 'Mallory',
      guestInitials: 'MB',
      guestEmail: 'mallory@example.com',
      confirmationKey: 'mallory-k1',
      menuItemId: a.menuItemId,
      quantity: 1,
      selectedModifiers: [],
      items: [{ menuItemId: a.menuItemId, quantity: 1, selectedModifiers: [] }],
      status: 'submitted',
      hostToken: a.hostToken,
      emails: ['mallory@example.com'],
      email: a.hostEmail,
      code: a.code,
      minutes: 30,
    };
    const before = await dbSnapshot({ exclude: ['RateLimiterFlexible'] });
    let calls = 0;
    for (const values of paramSets) {
      const { path, params } = routeUrl(name, values);
      const isApi = path.includes('/api/');
      for (const customerId of ['42', '']) {
        if (mod.loader) {
          for (const query of queries) {
            const request = await proxyRequest(path, {
              shop: SHOP_B,
              customerId,
              query,
              headers: { 'X-Host-Token': a.hostToken },
            });
            expectNothingOfA(
              await answer(() => mod.loader!(args(request, params))),
              `GET ${path} ${JSON.stringify(query)}`,
            );
            calls++;
          }
        }
        if (mod.action) {
          for (const method of ['POST', 'PATCH', 'DELETE']) {
            const form = new URLSearchParams(
              Object.entries(jsonBody).map(([k, v]) => [
                k,
                typeof v === 'object' ? JSON.stringify(v) : String(v),
              ]),
            ).toString();
            const request = await proxyRequest(path, {
              shop: SHOP_B,
              customerId,
              method,
              body: isApi ? jsonBody : form,
              headers: {
                'X-Host-Token': a.hostToken,
                ...(isApi ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
              },
            });
            expectNothingOfA(await answer(() => mod.action!(args(request, params))), `${method} ${path}`);
            calls++;
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(0);
    expectNoWriteToA(before, await dbSnapshot({ exclude: ['RateLimiterFlexible'] }), name);
    // A's order is untouched and still A's alone.
    const order = await prisma.groupOrder.findUniqueOrThrow({
      where: { id: a.id },
      include: { items: true },
    });
    expect(order).toMatchObject({ shop: SHOP_A, status: 'active', totalItems: 2 });
    expect(order.items.map((i) => i.guestName)).toEqual(['Alphonse']);
  });

  it('the control: the same requests through shop A do find the order (so the refusals above mean something)', async () => {
    const dashboard = await importRoute('apps.group-order.api.group-orders.$id');
    const byId = await answer(async () =>
      dashboard.loader!(
        args(await proxyRequest(`/apps/group-order/api/group-orders/${a.id}`), { id: String(a.id) }),
      ),
    );
    expect(byId.text).toContain('Alpha Tenant Host');
    const byCodeRoute = await importRoute('apps.group-order.api.group-orders.code.$code');
    const byCode = await answer(async () =>
      byCodeRoute.loader!(
        args(await proxyRequest(`/apps/group-order/api/group-orders/code/${a.code}`), { code: a.code }),
      ),
    );
    expect(byCode.text).toContain('Alpha Tenant Host');
  });
});

describe("shop A's order and menu through shop B's admin", () => {
  it("the dashboard finds nothing of A by id or search, and B's actions cannot touch A's order or menu", async () => {
    const dashboard = await importRoute('app._index');
    const menu = await importRoute('app.menu');
    const before = await dbSnapshot({ exclude: ['RateLimiterFlexible'] });
    for (const query of [
      `?order=${a.id}`,
      `?order=${a.submittedId}`,
      `?q=${a.code}`,
      '?q=Alpha',
      '?tab=submitted&q=Alpha',
    ]) {
      const result = await answer(async () =>
        dashboard.loader!(args(await adminRequest(`/app${query}`, { shop: SHOP_B }))),
      );
      expect(result.status).toBe(200);
      expectNothingOfA(result, `admin /app${query}`);
    }
    const retry = await answer(async () =>
      dashboard.action!(
        args(
          await adminRequest('/app', {
            shop: SHOP_B,
            form: { intent: 'retry-shopify', id: String(a.submittedId) },
          }),
        ),
      ),
    );
    expect(retry.status).toBe(404);
    const targets: [string, number][] = [
      ['item', a.menuItemId],
      ['group', a.groupId],
      ['modifier', a.modifierId],
    ];
    for (const [subject, id] of targets) {
      for (const verb of ['update', 'archive', 'move', 'restore', 'delete']) {
        const result = await answer(async () =>
          menu.action!(
            args(
              await adminRequest('/app/menu', {
                shop: SHOP_B,
                form: {
                  intent: `${subject}.${verb}`,
                  id: String(id),
                  name: 'Hacked',
                  category: 'x',
                  price: '1',
                  direction: 'up',
                },
              }),
            ),
          ),
        );
        expect(result.status, `${subject}.${verb}: ${result.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }
    }
    expectNoWriteToA(before, await dbSnapshot({ exclude: ['RateLimiterFlexible'] }), 'admin of shop B');
  });
});
