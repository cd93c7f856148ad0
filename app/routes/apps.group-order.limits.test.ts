import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { args, call, proxyRequest, TEST_SHOP, type Answer } from '../../test/support/requests';

// Size limits (app/lib/limits.ts) and rate limits (app/models/limits/rateLimits.server.ts): each one hit
// through the real routes answers its 4xx with a sentence, and a legal 200-guest order still works end to
// end, including the Shopify hand-off (the simulated Admin API is the only fake).
const api = await startAdminApi([TEST_SHOP]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { createOrderBody, createTestGroupOrder, seedMenu } = await import('../../test/support/factories');
const { ORDER_LIMITS, ORDER_LIMIT_MESSAGES } = await import('~/lib/limits');
const { consumeOrRefuse } = await import('~/models/limits/rateLimits.server');
const { LIMITS } = await import('~/models/limits/rateLimitBudgets');
const { processOutboxOnce } = await import('~/models/outbox/outbox.server');
await import('~/models/outbox/outbox-handlers.server');
const { action: orderItemsAction } = await import('./apps.group-order.api.order-items');
const { action: itemAction } = await import('./apps.group-order.api.order-items.$id');
const { hashSecret } = await import('~/lib/ids.server');
const guestRoute = await import('./apps.group-order.api.group-orders.$id.guests.$guestName');
const hostRoute = await import('./apps.group-order.api.group-orders.$id.host');
const { action: extendAction } = await import('./apps.group-order.api.group-orders.$id.extend');
const { action: remindAction } = await import('./apps.group-order.api.group-orders.$id.remind');
const { action: scheduleAction } = await import('./apps.group-order.api.group-orders.$id.schedule');
const { action: moneyAction } = await import('./apps.group-order.api.group-orders.$id.money');
const missingRoute = await import('./apps.group-order.api.group-orders.$id.missing');
const { action: deviceAction } = await import('./apps.group-order.api.group-orders.$id.devices.$deviceId');
const { loader: reviewLoader } = await import('./apps.group-order.review.$groupOrderId.$guestName');
const { loader: confirmedLoader } = await import('./apps.group-order.confirmed.$groupOrderId.$guestName');
const { action: createAction } = await import('./apps.group-order.api.group-orders');
const { loader: byIdLoader } = await import('./apps.group-order.api.group-orders.$id');
const { loader: byCodeLoader } = await import('./apps.group-order.api.group-orders.code.$code');
const { loader: summaryLoader } = await import('./apps.group-order.api.group-orders.$id.summary');
const { loader: byEmailLoader } = await import('./apps.group-order.api.group-orders.by-email.$email');
const { action: statusAction } = await import('./apps.group-order.api.group-orders.$id.status');
const { action: inviteAction } = await import('./apps.group-order.api.group-orders.$id.invite');
const { action: claimAction } = await import('./apps.group-order.api.group-orders.$id.claim');
const { loader: dashboardLoader } = await import('./apps.group-order.host.dashboard.$id');
const { loader: joinLoader } = await import('./apps.group-order.join.$code');
const { loader: menuPageLoader } = await import('./apps.group-order.order.$groupOrderId');

afterAll(() => api.close());

const BASE = '/apps/group-order/api';
let menu: Awaited<ReturnType<typeof seedMenu>>;
const item = (name: string) => menu.find((m) => m.name === name)!;

beforeEach(async () => {
  api.sim.reset();
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.outboxMessage.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  menu = await seedMenu();
});

/** A client as Shopify's proxy reports it: whatever X-Forwarded-For it sent, then the address it has. */
function from(address: string, claimed?: string) {
  return { 'X-Forwarded-For': claimed ? `${claimed}, ${address}` : address };
}

async function confirm(body: Record<string, unknown>, address = '198.51.100.1') {
  const request = await proxyRequest(`${BASE}/order-items`, { body, headers: from(address) });
  return call(() => orderItemsAction(args(request)));
}

function cart(groupOrderId: number, guestName: string, lines: { name: string; quantity: number }[]) {
  return {
    groupOrderId,
    guestName,
    confirmationKey: `key-${guestName.replace(/\W/g, '')}-${Math.random().toString(36).slice(2, 10)}`,
    items: lines.map((line) => ({ menuItemId: item(line.name).id, quantity: line.quantity })),
  };
}

/**
 * Writes `lines` items for `guests` guests (people, each with a guest row) straight to the database, as
 * if they had confirmed (the order's participant count included).
 */
async function fill(
  groupOrderId: number,
  guests: number,
  linesEach: number,
  nameOf = (g: number) => `Guest ${g}`,
) {
  const latte = item('Latte');
  const data = [];
  for (let g = 0; g < guests; g++) {
    const guestName = nameOf(g);
    const guest = await prisma.guest.create({
      data: { shop: TEST_SHOP, groupOrderId, name: guestName, nameKey: guestName.trim().toLowerCase() },
    });
    for (let l = 0; l < linesEach; l++) {
      data.push({
        shop: TEST_SHOP,
        groupOrderId,
        guestId: guest.id,
        guestName,
        menuItemId: latte.id,
        menuItemName: latte.name,
        quantity: 1,
        unitPriceCents: latte.priceCents,
        totalCents: latte.priceCents,
        confirmationKey: `fill-${g}`,
        line: l,
      });
    }
  }
  await prisma.orderItem.createMany({ data });
  // As a confirm keeps it: the people with items in the order.
  if (linesEach > 0) {
    await prisma.groupOrder.update({
      where: { id: groupOrderId },
      data: { participantCount: { increment: guests } },
    });
  }
}

/** The create form's fields: pickup in two hours, the deadline in 90 minutes (Sydney wall clock). */
function orderForm(fields: Record<string, unknown> = {}) {
  return createOrderBody({ pickupIn: 120, deadlineIn: 90, companyName: 'Acme', ...fields });
}

function expectRetryAfter(result: { status: number; body: Answer; response?: Response }, sentence: string) {
  expect(result.status).toBe(429);
  expect(result.body.message).toContain(sentence);
  expect(result.body.message).toMatch(/Please try again in \d+ minutes?\./);
  expect(Number(result.response?.headers.get('Retry-After'))).toBeGreaterThan(0);
}

describe('order size limits', () => {
  it('refuses a line that would pass the order line limit with "This group order is full"', async () => {
    const { order } = await createTestGroupOrder();
    await fill(order.id, ORDER_LIMITS.linesPerOrder / 2, 2); // the limit
    const result = await confirm(cart(order.id, 'Guest 3', [{ name: 'Flat White', quantity: 1 }]));
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(ORDER_LIMIT_MESSAGES.linesPerOrder);
    expect(result.body.message).toMatch(/^This group order is full/);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(
      ORDER_LIMITS.linesPerOrder,
    );
    // The same Latte again merges into one of Guest 3's lines: no new line, so it still fits.
    const merged = await confirm(cart(order.id, 'Guest 3', [{ name: 'Latte', quantity: 1 }]));
    expect(merged.status).toBe(201);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(
      ORDER_LIMITS.linesPerOrder,
    );
  });

  it('refuses a new guest once the order has its most guests, and still takes items from a guest in it', async () => {
    const { order } = await createTestGroupOrder();
    await fill(order.id, ORDER_LIMITS.guestsPerOrder, 1);
    const newcomer = await confirm(cart(order.id, 'Newcomer', [{ name: 'Latte', quantity: 1 }]));
    expect(newcomer.status).toBe(409);
    expect(newcomer.body.message).toBe(ORDER_LIMIT_MESSAGES.guestsPerOrder);
    const known = await confirm(cart(order.id, 'guest 7', [{ name: 'Latte', quantity: 1 }]));
    expect(known.status).toBe(201);
  });

  it('refuses more lines or units for one guest than a person orders, across confirms', async () => {
    const { order } = await createTestGroupOrder();
    const tooMany = Array.from({ length: ORDER_LIMITS.linesPerGuest + 1 }, () => ({
      name: 'Latte',
      quantity: 1,
    }));
    const oneCart = await confirm(cart(order.id, 'Sam', tooMany));
    expect(oneCart).toMatchObject({ status: 400, body: { message: ORDER_LIMIT_MESSAGES.linesPerGuest } });

    // Sam already has the most lines a guest may have (the same item again would merge into a line).
    await fill(order.id, 1, ORDER_LIMITS.linesPerGuest, () => 'Sam');
    const more = await confirm(cart(order.id, 'SAM', [{ name: 'Flat White', quantity: 1 }]));
    expect(more).toMatchObject({ status: 422, body: { message: ORDER_LIMIT_MESSAGES.linesPerGuest } });

    const units = await confirm(
      cart(order.id, 'Kim', [
        { name: 'Latte', quantity: 20 },
        { name: 'Flat White', quantity: 20 },
        { name: 'Banana Bread', quantity: 20 },
      ]),
    );
    expect(units.status).toBe(201);
    const oneMore = await confirm(cart(order.id, 'Kim', [{ name: 'Latte', quantity: 1 }]));
    expect(oneMore).toMatchObject({ status: 422, body: { message: ORDER_LIMIT_MESSAGES.quantityPerGuest } });
  });

  it('holds the order line limit when guests confirm at the same moment', async () => {
    const { order } = await createTestGroupOrder();
    await fill(order.id, ORDER_LIMITS.linesPerOrder / 2 - 1, 2); // room for two more lines
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        confirm(cart(order.id, `Racer ${i}`, [{ name: 'Latte', quantity: 1 }]), `203.0.113.${i + 1}`),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(
      ORDER_LIMITS.linesPerOrder,
    );
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.participantCount).toBe(ORDER_LIMITS.linesPerOrder / 2 + 1);
  });
});

const PAT_PHONE = 'pat-phone-token-000000001';

/** Pat with `lines` lines of one Latte each, as if confirmed from the browser holding PAT_PHONE. */
async function patWithLines(groupOrderId: number, lines: number) {
  await fill(groupOrderId, 1, lines, () => 'Pat');
  const guest = await prisma.guest.findFirstOrThrow({ where: { groupOrderId, nameKey: 'pat' } });
  await prisma.guestToken.create({ data: { guestId: guest.id, tokenHash: hashSecret(PAT_PHONE) } });
  return prisma.orderItem.findMany({ where: { groupOrderId, guestId: guest.id }, orderBy: { id: 'asc' } });
}

async function patch(itemId: number, quantity: number, address = '198.51.100.40') {
  const request = await proxyRequest(`${BASE}/order-items/${itemId}`, {
    method: 'PATCH',
    body: { guestName: 'Pat', quantity },
    headers: { 'X-Guest-Token': PAT_PHONE, ...from(address) },
  });
  return call(() => itemAction(args(request, { id: String(itemId) })));
}

async function patUnits(groupOrderId: number) {
  const sum = await prisma.orderItem.aggregate({
    where: { groupOrderId, guestName: 'Pat' },
    _sum: { quantity: true },
  });
  return sum._sum.quantity ?? 0;
}

describe('every route that adds or changes quantities keeps the per-guest limits', () => {
  it('PATCH cannot raise a guest past the units limit: 20 lines of 1, each patched to 20', async () => {
    const { order } = await createTestGroupOrder();
    const lines = await patWithLines(order.id, 20);
    const answers = [];
    for (const line of lines) answers.push(await patch(line.id, 20));
    // 20 units, then +19 and +19 fit under 60; the third +19 would make 77.
    expect(answers.slice(0, 2).map((a) => a.status)).toEqual([200, 200]);
    for (const refused of answers.slice(2)) {
      expect(refused).toMatchObject({
        status: 422,
        body: { message: ORDER_LIMIT_MESSAGES.quantityPerGuest },
      });
    }
    expect(await patUnits(order.id)).toBe(58);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.totalItems).toBe(58);
    // Lowering a quantity is always allowed.
    expect((await patch(lines[0].id, 5)).status).toBe(200);
    expect(await patUnits(order.id)).toBe(43);
  });

  it('holds the units limit when one guest sends many PATCHes at the same moment', async () => {
    const { order } = await createTestGroupOrder();
    const lines = await patWithLines(order.id, 20);
    const answers = await Promise.all(lines.map((line) => patch(line.id, 20)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(18);
    expect(await patUnits(order.id)).toBe(58);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(saved.totalItems).toBe(58);
  });

  it('holds the units limit when PATCHes and confirms of one guest race', async () => {
    const { order } = await createTestGroupOrder();
    const lines = await patWithLines(order.id, 10);
    const answers = await Promise.all([
      ...lines.slice(0, 5).map((line) => patch(line.id, 20)),
      ...[1, 2, 3].map((n) =>
        confirm(
          { ...cart(order.id, 'Pat', [{ name: 'Flat White', quantity: 20 }]), guestToken: PAT_PHONE },
          `198.51.100.4${n}`,
        ),
      ),
    ]);
    expect(answers.every((a) => [200, 201, 422].includes(a.status))).toBe(true);
    expect(await patUnits(order.id)).toBeLessThanOrEqual(ORDER_LIMITS.quantityPerGuest);
  });

  it('the one-item add counts against the same units limit', async () => {
    const { order } = await createTestGroupOrder();
    await patWithLines(order.id, 3);
    await prisma.orderItem.updateMany({ where: { groupOrderId: order.id }, data: { quantity: 20 } });
    const single = (quantity: number) =>
      confirm({
        groupOrderId: order.id,
        guestName: 'Pat',
        guestToken: PAT_PHONE,
        menuItemId: item('Flat White').id,
        quantity,
        selectedModifiers: [],
      });
    expect(await single(1)).toMatchObject({
      status: 422,
      body: { message: ORDER_LIMIT_MESSAGES.quantityPerGuest },
    });
    expect(await patUnits(order.id)).toBe(60);
  });

  it('counts a line merged into an earlier one once: at the most lines, the same item again still fits', async () => {
    const { order } = await createTestGroupOrder();
    await patWithLines(order.id, ORDER_LIMITS.linesPerGuest);
    const again = (name: string) =>
      confirm({ ...cart(order.id, 'Pat', [{ name, quantity: 1 }]), guestToken: PAT_PHONE });
    // The same Latte merges into one of Pat's lines: no new line, so the line limit is not passed.
    expect((await again('Latte')).status).toBe(201);
    expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(
      ORDER_LIMITS.linesPerGuest,
    );
    // A new item would be a 31st line.
    expect(await again('Flat White')).toMatchObject({
      status: 422,
      body: { message: ORDER_LIMIT_MESSAGES.linesPerGuest },
    });
  });
});

describe('a legal 200-guest order', () => {
  it('takes 200 guests (the first 50 with a second item), stays small to read, and reaches Shopify as one draft order', async () => {
    const created = await call(async () =>
      createAction(
        args(
          await proxyRequest(`${BASE}/group-orders`, {
            headers: from('198.51.100.50'),
            body: orderForm({ companyName: 'Acme Pty Ltd', name: 'All-hands lunch' }),
          }),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const { id, hostToken, code } = created.body;

    for (let g = 0; g < 200; g++) {
      const result = await confirm(
        {
          ...cart(id, `Guest ${g} 😀`, [
            { name: 'Latte', quantity: 1 },
            ...(g < 50 ? [{ name: 'Banana Bread', quantity: 2 }] : []),
          ]),
          specialInstructions: 'n'.repeat(500),
        },
        // A whole office behind a handful of addresses.
        `198.51.100.${g % 4}`,
      );
      expect(result.status).toBe(201);
    }
    const full = await confirm(cart(id, 'Guest 201', [{ name: 'Latte', quantity: 1 }]));
    expect(full.status).toBe(409);

    // What pages and the API send for the biggest legal order stays bounded.
    const get = async (loader: Answer, path: string, params: Record<string, string>) => {
      const result = await call(async () => loader(args(await proxyRequest(path), params)));
      expect(result.status).toBe(200);
      return JSON.stringify(result.body).length;
    };
    const apiSize = await get(byIdLoader, `${BASE}/group-orders/${id}`, { id: String(id) });
    const codeSize = await get(byCodeLoader, `${BASE}/group-orders/code/${code}`, { code });
    const summarySize = await get(summaryLoader, `${BASE}/group-orders/${id}/summary`, { id: String(id) });
    const dashboardSize = await get(dashboardLoader, `/apps/group-order/host/dashboard/${id}`, {
      id: String(id),
    });
    console.log(
      `200 guests, 250 lines: API ${apiSize} B, by code ${codeSize} B, summary ${summarySize} B, dashboard ${dashboardSize} B`,
    );
    for (const size of [apiSize, codeSize, summarySize, dashboardSize]) expect(size).toBeLessThan(600_000);

    const submitted = await call(async () =>
      statusAction(
        args(
          await proxyRequest(`${BASE}/group-orders/${id}/status`, {
            method: 'PATCH',
            body: { status: 'submitted' },
            headers: { 'X-Host-Token': hostToken },
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(submitted.status).toBe(200);
    await processOutboxOnce({ now: new Date(Date.now() + 60_000), kinds: ['shopify.draftOrder'] });
    const drafts = api.sim.state.draftOrders.filter((d: Answer) => d.shop === TEST_SHOP);
    expect(drafts).toHaveLength(1);
    expect(drafts[0].lineItems).toHaveLength(250);
    const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({ shopifyState: 'sent', participantCount: 200, totalItems: 300 });
  }, 120_000);
});

describe('rate limits', () => {
  it('counts look-ups by the address the proxy appended: a rotated X-Forwarded-For does not reset them', async () => {
    const lookup = async (claimed: string) =>
      call(async () =>
        byEmailLoader(
          args(
            await proxyRequest(`${BASE}/group-orders/by-email/hannah@example.com`, {
              headers: from('198.51.100.9', claimed),
            }),
            { email: 'hannah@example.com' },
          ),
        ),
      );
    for (let i = 0; i < LIMITS.lookups.points; i++) expect((await lookup(`10.0.0.${i}`)).status).toBe(200);
    expectRetryAfter(await lookup('10.0.1.1'), LIMITS.lookups.message);
  });

  it('limits reads by id and code per client, and misses (codes or ids that find nothing) much sooner', async () => {
    const { order } = await createTestGroupOrder();
    const byId = async (id: number, address: string) =>
      call(async () =>
        byIdLoader(
          args(await proxyRequest(`${BASE}/group-orders/${id}`, { headers: from(address) }), {
            id: String(id),
          }),
        ),
      );
    const byCode = async (code: string, address: string) =>
      call(async () =>
        byCodeLoader(
          args(await proxyRequest(`${BASE}/group-orders/code/${code}`, { headers: from(address) }), { code }),
        ),
      );
    for (let i = 0; i < LIMITS.orderMisses.points; i++) {
      expect(
        (
          await (i % 2
            ? byCode(`ZZZ${String(i).padStart(3, '0')}`, '198.51.100.7')
            : byId(1000 + i, '198.51.100.7'))
        ).status,
      ).toBe(404);
    }
    expectRetryAfter(await byCode('QQQ999', '198.51.100.7'), LIMITS.orderMisses.message);
    // Another client is not affected.
    expect((await byId(order.id, '198.51.100.8')).status).toBe(200);

    await consumeOrRefuse('orderReads', `${TEST_SHOP}:198.51.100.8`, LIMITS.orderReads.points - 1);
    expect((await byCode(order.code, '198.51.100.8')).status).toBe(429);
    expectRetryAfter(await byId(order.id, '198.51.100.8'), LIMITS.orderReads.message);
    const summary = await call(async () =>
      summaryLoader(
        args(
          await proxyRequest(`${BASE}/group-orders/${order.id}/summary`, { headers: from('198.51.100.8') }),
          {
            id: String(order.id),
          },
        ),
      ),
    );
    expect(summary.status).toBe(429);
  });

  it('counts misses on the join, menu and dashboard pages too, so pages are no way around the limit', async () => {
    const page = async (loader: Answer, path: string, params: Record<string, string>) =>
      call(async () => loader(args(await proxyRequest(path, { headers: from('198.51.100.90') }), params)));
    for (let i = 0; i < LIMITS.orderMisses.points; i++) {
      const which = i % 3;
      const result =
        which === 0
          ? await page(joinLoader, `/apps/group-order/join/ZZZ${i}`, { code: `ZZZ${i}` })
          : which === 1
            ? await page(menuPageLoader, `/apps/group-order/order/${1000 + i}`, {
                groupOrderId: String(1000 + i),
              })
            : await page(dashboardLoader, `/apps/group-order/host/dashboard/${1000 + i}`, {
                id: String(1000 + i),
              });
      expect((result.body as Answer)?.init?.status ?? result.status).toBe(404);
    }
    expectRetryAfter(
      await page(joinLoader, '/apps/group-order/join/QQQ999', { code: 'QQQ999' }),
      LIMITS.orderMisses.message,
    );
  });

  // Every look-up by id, code or name that can miss, with a request that misses: each must count the miss
  // against the one budget (60 per 10 minutes) and answer 429 past it. A new look-up route gets a row.
  type Lookup = (address: string, i: number) => Promise<{ status: number; body: Answer }>;
  const unknownId = (i: number) => String(900_000_000 + i);
  const get = (loader: Answer, path: string, params: Record<string, string>, init = {}) =>
    async function (address: string) {
      const request = await proxyRequest(path, { ...init, headers: from(address) });
      const result = await call(async () => loader(args(request, params)));
      // A page's data() answer carries its status inside.
      return { ...result, status: result.body?.init?.status ?? result.status };
    };
  /** A look-up of `${BASE}/group-orders/<unknown id>/<rest>`, its route params beside the id. */
  const onOrder =
    (loader: Answer, rest: string, params: Record<string, string> = {}, init = {}): Lookup =>
    (a, i) =>
      get(loader, `${BASE}/group-orders/${unknownId(i)}/${rest}`, { id: unknownId(i), ...params }, init)(a);
  const LOOKUPS: [string, Lookup][] = [
    [
      'the review page',
      (a, i) =>
        get(reviewLoader, `/apps/group-order/review/${unknownId(i)}/x`, {
          groupOrderId: unknownId(i),
          guestName: 'x',
        })(a),
    ],
    [
      'the confirmed page',
      (a, i) =>
        get(confirmedLoader, `/apps/group-order/confirmed/${unknownId(i)}/x`, {
          groupOrderId: unknownId(i),
          guestName: 'x',
        })(a),
    ],
    ['GET a guest of an order', onOrder(guestRoute.loader, 'guests/x', { guestName: 'x' })],
    ['POST claim', onOrder(claimAction, 'claim', {}, { method: 'POST' })],
    ['GET host', onOrder(hostRoute.loader, 'host')],
    ['POST host', onOrder(hostRoute.action, 'host', {}, { body: {} })],
    [
      'a confirm to an unknown order',
      (a, i) => confirm(cart(Number(unknownId(i)), 'Sam', [{ name: 'Latte', quantity: 1 }]), a),
    ],
    [
      'a one-item add to an unknown order',
      (a, i) =>
        confirm(
          { groupOrderId: Number(unknownId(i)), guestName: 'Sam', menuItemId: item('Latte').id, quantity: 1 },
          a,
        ),
    ],
    [
      'PATCH an unknown item',
      (a, i) =>
        get(
          itemAction,
          `${BASE}/order-items/${unknownId(i)}`,
          { id: unknownId(i) },
          { method: 'PATCH', body: { guestName: 'Sam', quantity: 1 } },
        )(a),
    ],
    [
      'DELETE an unknown item',
      (a, i) =>
        get(
          itemAction,
          `${BASE}/order-items/${unknownId(i)}`,
          { id: unknownId(i) },
          { method: 'DELETE', body: { guestName: 'Sam' } },
        )(a),
    ],
    [
      'PATCH a guest note',
      onOrder(
        guestRoute.action,
        'guests/x',
        { guestName: 'x' },
        { method: 'PATCH', body: { specialInstructions: 'Oat milk' } },
      ),
    ],
    // Host actions: an unknown id answers 404 where a known one without the host answers 401 or 403.
    ['PATCH status', onOrder(statusAction, 'status', {}, { method: 'PATCH', body: { status: 'submitted' } })],
    ['POST invite', onOrder(inviteAction, 'invite', {}, { body: { emails: ['ann@example.com'] } })],
    ['POST extend', onOrder(extendAction, 'extend', {}, { body: {} })],
    ['POST remind', onOrder(remindAction, 'remind', {}, { body: {} })],
    [
      'POST schedule',
      onOrder(scheduleAction, 'schedule', {}, { body: { autoSubmit: false, reminderMinutes: null } }),
    ],
    ['POST money', onOrder(moneyAction, 'money', {}, { body: { paymentMode: 'own-share' } })],
    [
      'GET missing',
      (a, i) =>
        get(missingRoute.loader, `${BASE}/group-orders/${unknownId(i)}/missing`, { id: unknownId(i) })(a),
    ],
    ['POST missing', onOrder(missingRoute.action, 'missing', {}, { body: {} })],
    ['POST a device', onOrder(deviceAction, 'devices/1', { deviceId: '1' }, { body: {} })],
  ];

  it.each(LOOKUPS.map(([name, lookUp], row) => ({ name, lookUp, row })))(
    'counts misses on $name: the 60th answered 404, the 61st 429',
    async ({ lookUp, row }) => {
      // 59 misses elsewhere (as a walk of the other look-ups would leave them), then this route's own:
      // it must count each of its misses once, so the 60th is a 404 and the 61st is refused.
      const address = `198.51.101.${row + 1}`;
      const key = `${TEST_SHOP}:${address}`;
      await consumeOrRefuse('orderMisses', key, LIMITS.orderMisses.points - 1);
      expect((await lookUp(address, 0)).status).toBe(404);
      const counted = await prisma.rateLimiterFlexible.findUniqueOrThrow({
        where: { key: `orderMisses:${key}` },
      });
      expect(counted.points).toBe(LIMITS.orderMisses.points);
      expectRetryAfter(
        (await lookUp(address, 1)) as Awaited<ReturnType<typeof call>>,
        LIMITS.orderMisses.message,
      );
    },
  );

  it('a visitor walking unknown ids through one look-up gets 60 answers, then 429', async () => {
    const [, lookUp] = LOOKUPS.find(([name]) => name === 'GET host')!;
    for (let i = 0; i < LIMITS.orderMisses.points; i++)
      expect((await lookUp('198.51.101.200', i)).status).toBe(404);
    expectRetryAfter(
      (await lookUp('198.51.101.200', LIMITS.orderMisses.points)) as Awaited<ReturnType<typeof call>>,
      LIMITS.orderMisses.message,
    );
  });

  it('limits orders created per client; another client can still create', async () => {
    const body = orderForm();
    const create = async (address: string, data: Record<string, unknown> = body) =>
      call(async () =>
        createAction(
          args(await proxyRequest(`${BASE}/group-orders`, { body: data, headers: from(address) })),
        ),
      );
    // A form the host must correct does not count.
    expect((await create('198.51.100.20', { ...body, hostName: '' })).status).toBe(400);
    for (let i = 0; i < LIMITS.ordersPerClient.points; i++) {
      expect((await create('198.51.100.20')).status).toBe(201);
    }
    expectRetryAfter(await create('198.51.100.20'), LIMITS.ordersPerClient.message);
    expect((await create('198.51.100.21')).status).toBe(201);
    expect(LIMITS.ordersPerShop.points).toBeGreaterThanOrEqual(10 * LIMITS.ordersPerClient.points);
  });

  it('strangers who spent the shop’s anonymous ceiling do not stop a logged-in customer from starting an order', async () => {
    const body = orderForm();
    const create = async (address: string, customerId = '') =>
      call(async () =>
        createAction(
          args(await proxyRequest(`${BASE}/group-orders`, { body, customerId, headers: from(address) })),
        ),
      );
    // As ~25 addresses at their own limits would leave it.
    await consumeOrRefuse('ordersPerShop', TEST_SHOP, LIMITS.ordersPerShop.points);
    const stranger = await create('203.0.113.90');
    expectRetryAfter(stranger, LIMITS.ordersPerShop.message);
    expect(stranger.body.message).toContain('Customers who log in to the store can still start one.');
    expect(await create('203.0.113.91', '8812')).toMatchObject({ status: 201 });
  });

  it('limits confirms per client per minute', async () => {
    const { order } = await createTestGroupOrder();
    await consumeOrRefuse('confirmsPerClient', `${TEST_SHOP}:198.51.100.30`, LIMITS.confirmsPerClient.points);
    const refused = await confirm(cart(order.id, 'Sam', [{ name: 'Latte', quantity: 1 }]), '198.51.100.30');
    expectRetryAfter(refused, LIMITS.confirmsPerClient.message);
    expect(await prisma.orderItem.count()).toBe(0);
    const other = await confirm(cart(order.id, 'Sam', [{ name: 'Latte', quantity: 1 }]), '198.51.100.31');
    expect(other.status).toBe(201);
  });

  it('counts every confirm against the client, the refused and the repeated ones too', async () => {
    const { order } = await createTestGroupOrder();
    const closed = await createTestGroupOrder({ status: 'submitted' });
    const address = '198.51.100.32';
    const points = async () =>
      (
        await prisma.rateLimiterFlexible.findUnique({
          where: { key: `confirmsPerClient:${TEST_SHOP}:${address}` },
        })
      )?.points ?? 0;
    const first = cart(order.id, 'Ana', [{ name: 'Latte', quantity: 1 }]);
    const attempts: [string, Record<string, unknown>, number][] = [
      ['written', first, 201],
      ['the same key again (answered from what it wrote)', first, 200],
      ['a body that is not a cart', { groupOrderId: order.id, items: 'latte' }, 400],
      [
        'an item not on the menu',
        { ...cart(order.id, 'Bo', []), items: [{ menuItemId: 999_999, quantity: 1 }] },
        400,
      ],
      ['an order that is closed', cart(closed.order.id, 'Cy', [{ name: 'Latte', quantity: 1 }]), 409],
    ];
    for (const [index, [what, body, status]] of attempts.entries()) {
      expect({ what, status: (await confirm(body, address)).status }).toEqual({ what, status });
      expect({ what, points: await points() }).toEqual({ what, points: index + 1 });
    }
    // Nothing but the first confirm wrote items.
    expect(await prisma.orderItem.count()).toBe(1);
  });

  it('one visitor cannot spend the shop’s invitation budget and lock other hosts out', async () => {
    const invite = async (id: number, token: string, emails: string[], address: string) =>
      call(async () =>
        inviteAction(
          args(
            await proxyRequest(`${BASE}/group-orders/${id}/invite`, {
              body: { emails },
              headers: { 'X-Host-Token': token, ...from(address) },
            }),
            { id: String(id) },
          ),
        ),
      );
    const batch = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
    // The visitor makes orders of its own (anyone can) and invites from each until its own budget is spent.
    let spent = 0;
    let refused;
    for (let n = 0; n < 10 && !refused; n++) {
      const { order, hostToken } = await createTestGroupOrder();
      const result = await invite(order.id, hostToken, batch(`spam${n}-`, 50), '198.51.100.66');
      if (result.status === 429) refused = result;
      else spent += result.body.sent;
    }
    expect(spent).toBe(LIMITS.invitesPerClient.points);
    expectRetryAfter(refused!, LIMITS.invitesPerClient.message);
    // A real host of the same shop, elsewhere, still sends invitations.
    const { order, hostToken } = await createTestGroupOrder();
    const real = await invite(order.id, hostToken, batch('colleague', 20), '203.0.113.200');
    expect(real).toMatchObject({ status: 200, body: { sent: 20 } });
  });

  it('one visitor cannot spend the shop’s ownership-link budget and lock other hosts out', async () => {
    const claim = async (id: number, address: string) =>
      call(async () =>
        claimAction(
          args(
            await proxyRequest(`${BASE}/group-orders/${id}/claim`, {
              method: 'POST',
              headers: from(address),
            }),
            {
              id: String(id),
            },
          ),
        ),
      );
    const orders = await Promise.all(Array.from({ length: 6 }, () => createTestGroupOrder()));
    let granted = 0;
    let refused;
    for (const { order } of orders) {
      for (let i = 0; i < 3 && !refused; i++) {
        const result = await claim(order.id, '198.51.100.77');
        if (result.status === 429) refused = result;
        else granted += 1;
      }
    }
    expect(granted).toBe(LIMITS.claimsPerClient.points);
    expectRetryAfter(refused!, LIMITS.claimsPerClient.message);
    const { order } = await createTestGroupOrder();
    expect((await claim(order.id, '203.0.113.201')).status).toBe(200);
    expect(LIMITS.claimsPerShop.points).toBeGreaterThanOrEqual(10 * LIMITS.claimsPerClient.points);
    expect(LIMITS.invitesPerShop.points).toBeGreaterThanOrEqual(10 * LIMITS.invitesPerClient.points);
  });
});
