import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { utcToZoned } from '../app/lib/time';
import { withRequiredDefaults } from '../app/lib/modifiers';
import { createDatabase, dropDatabase, withDatabase } from '../scripts/db/postgres.mjs';
import { postgresForTests } from '../scripts/db/test-server.mjs';
import { LOCAL_DEFAULTS, localEnv } from '../scripts/local-env.mjs';
import { migrateAndSeed, startStack } from '../scripts/prepare.mjs';
import { appProxySignature } from '../scripts/simulator/signing.mjs';
import { USER_AGENT } from './support';

// Scale-out proof: two app processes on one PostgreSQL database behind the simulator's round-robin
// proxy serve one group order while many guests confirm at once. Ports: the e2e app port + 1 (the
// simulator) and + 2, + 3 (the two instances); the build is the one e2e/global-setup.ts made. PostgreSQL
// is the server at TEST_POSTGRES_URL (default 127.0.0.1:5432), else a temporary one (db/test-server.mjs).
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3101);
const STOREFRONT_PORT = APP_PORT + 1;
const INSTANCE_PORTS = [APP_PORT + 2, APP_PORT + 3];
const SHOP = LOCAL_DEFAULTS.DEMO_SHOP;
const GUESTS = 60;
const LINES = 3;

const skip = process.env.SKIP_POSTGRES_TESTS === '1';
if (skip)
  console.warn('\n### scale-out test SKIPPED (SKIP_POSTGRES_TESTS=1): two instances not proven ###\n');

// Generous time limits: the burst queues on one order's lock, and CI machines are shared.
describe.skipIf(skip)('two app instances on one PostgreSQL database', { timeout: 300_000 }, () => {
  const database = `go_scale_${process.pid}`;
  const mail: { to: string[]; subject: string }[] = [];
  let smtp: SMTPServer;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let db: PrismaClient;
  let storefront: string;
  let postgres: Awaited<ReturnType<typeof postgresForTests>> | undefined;
  let adminUrl: string;

  beforeAll(async () => {
    try {
      postgres = await postgresForTests();
    } catch (error) {
      throw new Error(
        `No PostgreSQL server answered and a temporary one did not start (${(error as Error).message}): ` +
          'the scale-out test needs one. Start it, set TEST_POSTGRES_URL, or skip knowingly with ' +
          'SKIP_POSTGRES_TESTS=1.',
      );
    }
    adminUrl = postgres.url;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk.toString()));
        stream.on('end', () => {
          mail.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(data)?.[1] ?? '',
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));

    await dropDatabase(adminUrl, database);
    await createDatabase(adminUrl, database);
    const databaseUrl = withDatabase(adminUrl, database);
    process.env.GROUP_ORDER_SKIP_DOTENV = '1';
    const env = {
      ...localEnv({
        storefrontPort: STOREFRONT_PORT,
        appPort: INSTANCE_PORTS[0],
        databaseUrl,
        buildDir: `build-e2e-${APP_PORT}`,
      }),
      NODE_ENV: 'development',
      // Built assets point at the browser-test instance; this test only speaks JSON.
      SHOPIFY_APP_URL: `http://localhost:${APP_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      // Both instances' outbox workers poll often, so they really compete for the same messages.
      OUTBOX_POLL_MS: '100',
    } as NodeJS.ProcessEnv & Record<string, string>;
    for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
    migrateAndSeed(env);
    stack = await startStack(env, { instances: 2 });
    storefront = stack.simulator.url;
    for (const url of stack.appUrls) await waitFor(`${url}/healthz`, 180_000);
    db = createPrismaClient(databaseUrl);
  });

  afterAll(async () => {
    await db?.$disconnect();
    await stack?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    if (adminUrl) await dropDatabase(adminUrl, database).catch(() => {});
    await postgres?.stop();
  });

  /** Through the simulated storefront: Shopify's proxy signs it, the simulator picks the instance. */
  function viaShop(path: string, init: { method?: string; body?: unknown; headers?: object } = {}) {
    return fetch(`${storefront}/apps/group-order${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT, ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  }

  /** Straight to one instance, signed as Shopify's app proxy signs. */
  function viaInstance(
    instance: number,
    path: string,
    init: { method?: string; body?: unknown; headers?: object } = {},
  ) {
    const params = new URLSearchParams({
      shop: SHOP,
      logged_in_customer_id: '',
      path_prefix: '/apps/group-order',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    params.set('signature', appProxySignature(params, LOCAL_DEFAULTS.SHOPIFY_API_SECRET));
    return fetch(`${stack.appUrls[instance]}/apps/group-order${path}?${params}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        'X-Forwarded-Host': new URL(storefront).host,
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  }

  it('stores every confirmed item once with exact totals, and a submit on one closes the other at once', async () => {
    const zoned = (minutes: number) =>
      utcToZoned(new Date(Date.now() + minutes * 60_000), 'Australia/Sydney');
    const created = await viaShop('/api/group-orders', {
      body: {
        hostName: 'Hannah Host',
        hostEmail: 'hannah@example.com',
        companyName: 'Acme Pty Ltd',
        name: 'Lunch rush',
        orderType: 'pickup',
        pickupDate: zoned(90).date,
        pickupTime: zoned(90).time,
        deadlineDate: zoned(60).date,
        deadlineTime: zoned(60).time,
        paymentMethod: 'pay-in-store',
      },
    });
    expect(created.status).toBe(201);
    const { id, hostToken } = (await created.json()) as { id: number; hostToken: string };

    const menu = await db.menuItem.findMany({ where: { shop: SHOP, active: true }, orderBy: { id: 'asc' } });
    // The demo menu requires Size, Milk and Blend: each line carries its required groups' defaults (no
    // price change), as the customise dialog preselects them.
    const modifiers = (
      await db.modifier.findMany({
        where: { shop: SHOP, active: true, group: { active: true } },
        include: { group: true },
      })
    ).map((m) => ({
      id: m.id,
      name: m.name,
      type: m.group.type,
      isDefault: m.isDefault,
      minSelections: m.group.minSelections,
      maxSelections: m.group.maxSelections,
      applicableCategories: m.applicableCategories.split(',').filter(Boolean),
      priceDelta: '0.00',
      priceDeltaCents: m.priceDeltaCents,
      groupId: m.groupId,
      groupName: m.group.name,
      allergens: [],
      removesDiets: [],
    }));
    const carts = Array.from({ length: GUESTS }, (_, guest) => ({
      groupOrderId: id,
      guestName: `Guest ${guest + 1}`,
      confirmationKey: `scale-${guest}-${randomUUID()}`,
      items: Array.from({ length: LINES }, (_, line) => ({
        menuItemId: menu[(guest + line) % menu.length].id,
        quantity: 1 + ((guest + line) % 3),
        selectedModifiers: withRequiredDefaults(modifiers, menu[(guest + line) % menu.length].category, []),
      })),
    }));
    const expectedCents = carts
      .flatMap((cart) => cart.items)
      .reduce((sum, line) => sum + menu.find((m) => m.id === line.menuItemId)!.priceCents * line.quantity, 0);
    const expectedQuantity = carts.flatMap((c) => c.items).reduce((sum, line) => sum + line.quantity, 0);

    // Every guest at once, and every fifth one's confirm sent twice (a double tap, a retry) as well.
    const sends = [...carts, ...carts.filter((_, i) => i % 5 === 0)].map((cart) =>
      viaShop('/api/order-items', { body: cart }),
    );
    const started = Date.now();
    const statuses = (await Promise.all(sends)).map((response) => response.status);
    console.log(`${sends.length} confirms at once through 2 instances: ${Date.now() - started} ms`);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(GUESTS);

    const items = await db.orderItem.findMany({ where: { shop: SHOP, groupOrderId: id } });
    expect(items).toHaveLength(GUESTS * LINES);
    expect(new Set(items.map((i) => `${i.confirmationKey}/${i.line}`)).size).toBe(GUESTS * LINES);
    const order = await db.groupOrder.findUniqueOrThrow({ where: { id } });
    expect(order.totalCents).toBe(expectedCents);
    expect(order.totalItems).toBe(expectedQuantity);
    expect(order.participantCount).toBe(GUESTS);
    // What the host sees: the summary's lines add up to the same total, whichever instance answers.
    const summary = (await (await viaShop(`/api/group-orders/${id}/summary`)).json()) as {
      items: { totalPrice: string }[];
    }[];
    const shownCents = summary
      .flatMap((guest) => guest.items)
      .reduce((sum, item) => sum + Math.round(Number(item.totalPrice) * 100), 0);
    expect(shownCents).toBe(expectedCents);

    // Submit on instance 0; instance 1 refuses the next confirm straight away.
    const submitted = await viaInstance(0, `/api/group-orders/${id}/status`, {
      method: 'PATCH',
      body: { status: 'submitted' },
      headers: { 'X-Host-Token': hostToken },
    });
    expect(submitted.status).toBe(200);
    const late = await viaInstance(1, '/api/order-items', {
      body: { ...carts[0], guestName: 'Late Larry', confirmationKey: `late-${randomUUID()}` },
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/submitted/i);
    expect(await db.orderItem.count({ where: { groupOrderId: id } })).toBe(GUESTS * LINES);

    // Both outbox workers compete for the draft-order hand-off: Shopify gets exactly one draft order.
    await until(
      async () => (await db.groupOrder.findUniqueOrThrow({ where: { id } })).shopifyState === 'sent',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const drafts = stack.simulator.adminApi.state.draftOrders as { lineItems?: unknown[] }[];
    expect(drafts).toHaveLength(1);
  });

  it('shares rate limits across instances: exactly the budget gets through a burst', async () => {
    // 'lookups': 30 per 10 minutes per shop and shopper address, whichever instance answers.
    const responses = await Promise.all(
      Array.from({ length: 45 }, () => viaShop('/api/group-orders/by-email/nobody%40example.com')),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('sends each invitation once although both instances deliver the outbox', async () => {
    const zoned = (minutes: number) =>
      utcToZoned(new Date(Date.now() + minutes * 60_000), 'Australia/Sydney');
    const created = await viaShop('/api/group-orders', {
      body: {
        hostName: 'Ian Inviter',
        hostEmail: 'ian@example.com',
        companyName: 'Acme Pty Ltd',
        orderType: 'pickup',
        pickupDate: zoned(90).date,
        pickupTime: zoned(90).time,
        deadlineDate: zoned(60).date,
        deadlineTime: zoned(60).time,
        paymentMethod: 'pay-in-store',
      },
    });
    const { id, hostToken } = (await created.json()) as { id: number; hostToken: string };
    const batches = [0, 1, 2, 3].map((batch) =>
      Array.from({ length: 10 }, (_, i) => `colleague${batch * 10 + i}@example.com`),
    );
    // Four invitation batches at once, to both instances, while both workers poll the outbox.
    const sent = await Promise.all(
      batches.map((emails, batch) =>
        viaInstance(batch % 2, `/api/group-orders/${id}/invite`, {
          body: { emails },
          headers: { 'X-Host-Token': hostToken },
        }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await until(async () => mail.filter((m) => m.subject.includes('Ian Inviter')).length >= 40);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const invitations = mail.filter((m) => m.subject.includes('Ian Inviter')).flatMap((m) => m.to);
    expect(invitations).toHaveLength(40);
    expect(new Set(invitations).size).toBe(40);
    // Each invitation was claimed and delivered once (other tests here queue their own submit e-mails).
    expect(
      await db.outboxMessage.count({
        where: { kind: 'email', status: 'sent', attempts: 1, payload: { contains: 'Ian Inviter' } },
      }),
    ).toBe(40);
  });
});

async function waitFor(url: string, timeoutMs = 60_000) {
  await until(async () => (await fetch(url).catch(() => null))?.ok === true, timeoutMs);
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
