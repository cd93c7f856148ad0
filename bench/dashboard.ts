// Admin dashboard benchmark: seeds 10,000 group orders with 100,000 items for one shop into a fresh SQLite
// file, then times the real dashboard loader (a signed admin request through authenticate.admin) and, for
// comparison in the same run, a naive "load every order and add up in JavaScript" version of the stats.
// It prints figures; it asserts nothing. `npm run bench` runs it (with --json: one JSON line at the end);
// alone: npx tsx bench/dashboard.ts [--runs 40 --orders 10000]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  API_KEY,
  API_SECRET_KEY,
  APP_URL,
  RequestType,
  setUpValidRequest,
  TEST_SHOP,
} from '@shopify/shopify-api/test-helpers';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const RUNS = arg('runs', 30);
const JSON_OUTPUT = process.argv.includes('--json');
const ORDERS = arg('orders', 10_000);
const ITEMS_PER_ORDER = 10;

const dbFile = path.resolve('data/bench/bench.sqlite');
rmSync(path.dirname(dbFile), { recursive: true, force: true });
mkdirSync(path.dirname(dbFile), { recursive: true });
Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: `file:${dbFile}`,
  SHOPIFY_API_KEY: API_KEY,
  SHOPIFY_API_SECRET: API_SECRET_KEY,
  SHOPIFY_APP_URL: APP_URL,
  // One INFO line per authenticated request would drown the figures.
  LOG_LEVEL: 'warning',
});
delete process.env.SHOPIFY_ADMIN_API_ORIGIN;
execFileSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], {
  stdio: 'pipe',
  env: process.env,
});

const { default: prisma } = await import('../app/db.server');
const { seedDemo } = await import('../prisma/demo-data');
const { getOrderStats } = await import('../app/models/groupOrder/stats.server');
const { listGroupOrders } = await import('../app/models/groupOrder/adminOrders.server');
const { loader } = await import('../app/routes/app._index');

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const codeFor = (n: number) => {
  let code = '';
  for (let i = 0; i < 6; i++) {
    code = CODE_ALPHABET[n % CODE_ALPHABET.length] + code;
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return code;
};
const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
];
const GUESTS = ['Olivia', 'James', 'Priya', 'Marco', 'Aiko', 'Sam', 'Noah', 'Zara', 'Liam', 'Mia'];

async function seed() {
  const started = performance.now();
  await seedDemo(prisma, { shop: TEST_SHOP });
  const menu = await prisma.menuItem.findMany({ where: { shop: TEST_SHOP } });
  const now = Date.now();
  const BATCH = 1000;
  for (let start = 0; start < ORDERS; start += BATCH) {
    const orders = [];
    const items = [];
    for (let i = start; i < Math.min(start + BATCH, ORDERS); i++) {
      const id = 100_000_000 + i;
      const createdAt = new Date(now - ((i * 7919) % (90 * 24 * 60)) * 60_000);
      let total = 0;
      for (let line = 0; line < ITEMS_PER_ORDER; line++) {
        const item = menu[(i + line) % menu.length];
        const quantity = 1 + ((i + line) % 2);
        total += item.priceCents * quantity;
        items.push({
          shop: TEST_SHOP,
          groupOrderId: id,
          guestName: GUESTS[line % GUESTS.length],
          guestEmail: `${GUESTS[line % GUESTS.length].toLowerCase()}.${i}@example.com`,
          menuItemId: item.id,
          menuItemName: item.name,
          quantity,
          unitPriceCents: item.priceCents,
          totalCents: item.priceCents * quantity,
          confirmationKey: `bench-${i}-${line}`,
          createdAt,
        });
      }
      const company = `${COMPANIES[i % COMPANIES.length]} ${i}`;
      orders.push({
        id,
        shop: TEST_SHOP,
        code: codeFor(i),
        name: i % 3 ? `Team order ${i}` : null,
        hostName: `Host ${i}`,
        hostEmail: `host${i}@${COMPANIES[i % COMPANIES.length].toLowerCase()}.example`,
        companyName: company,
        pickupAt: new Date(createdAt.getTime() + 3_600_000),
        deadlineAt: new Date(createdAt.getTime() + 2_700_000),
        timeZone: 'Australia/Sydney',
        status: i % 10 < 3 ? 'active' : 'submitted',
        submittedAt: i % 10 < 3 ? null : createdAt,
        hostTokenHash: 'x'.repeat(64),
        participantCount: GUESTS.length,
        totalItems: ITEMS_PER_ORDER,
        totalCents: total,
        createdAt,
      });
    }
    await prisma.$transaction([
      prisma.groupOrder.createMany({ data: orders }),
      prisma.orderItem.createMany({ data: items }),
    ]);
  }
  return performance.now() - started;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1] };
}

async function time(runs: number, fn: () => Promise<unknown>) {
  await fn(); // warm-up: module caches, SQLite page cache, prepared statements
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summary(samples);
}

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
async function dashboard(query: string) {
  const request = await setUpValidRequest(
    { type: RequestType.Admin, store: 'test-shop', apiKey: API_KEY, apiSecretKey: API_SECRET_KEY },
    new Request(`${APP_URL}/app${query}`, { headers: { 'User-Agent': BROWSER_UA } }),
  );
  const result = (await loader({ request, params: {}, context: {} })) as Awaited<ReturnType<typeof loader>>;
  if (!result.list) throw new Error('The loader did not answer with a list.');
  return result;
}

/** What the dashboard would cost without aggregates: every order and item loaded, summed in JavaScript. */
async function naiveStats() {
  const orders = await prisma.groupOrder.findMany({ where: { shop: TEST_SHOP }, include: { items: true } });
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  // Revenue as the dashboard counts it: submitted orders the kitchen did not cancel (stats.server.ts).
  const paid = orders.filter((o) => o.status === 'submitted' && o.kitchenState !== 'cancelled');
  const revenue = paid.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.totalCents, 0), 0);
  return {
    total: orders.length,
    active: orders.filter((o) => o.status === 'active').length,
    submitted: orders.filter((o) => o.status === 'submitted').length,
    revenue,
    today: orders.filter((o) => o.createdAt >= startOfToday).length,
    average: paid.length ? revenue / paid.length : 0,
  };
}

const seedMs = await seed();
const counts = {
  orders: await prisma.groupOrder.count({ where: { shop: TEST_SHOP } }),
  items: await prisma.orderItem.count({ where: { shop: TEST_SHOP } }),
};
const check = await dashboard('');
const naive = await naiveStats();
if (check.stats.total !== naive.total || check.stats.revenueCents !== naive.revenue) {
  throw new Error('Aggregate stats and the naive sums disagree: the benchmark would compare different work.');
}

const results = {
  'loader: stats + Active Orders page 1': await time(RUNS, () => dashboard('')),
  'loader: stats + Submitted Orders page 1': await time(RUNS, () => dashboard('?tab=submitted')),
  'loader: stats + Submitted, page 50': await time(RUNS, () => dashboard('?tab=submitted&page=50')),
  'loader: stats + search "initech 77"': await time(RUNS, () => dashboard('?tab=submitted&q=initech%2077')),
  'loader: stats + search by e-mail': await time(RUNS, () => dashboard('?tab=submitted&q=host4242%40')),
  'stats alone (aggregates)': await time(RUNS, () => getOrderStats(TEST_SHOP, 'Australia/Sydney')),
  'first page alone': await time(RUNS, () => listGroupOrders(TEST_SHOP, { tab: 'submitted' })),
  'naive stats (load all + sum in JS)': await time(Math.max(3, Math.round(RUNS / 6)), naiveStats),
};

const fmt = (ms: number) => ms.toFixed(1).padStart(8);
console.log(`\nAdmin dashboard benchmark — ${counts.orders} group orders, ${counts.items} items, one shop`);
console.log(
  `Seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} timed runs per row after one warm-up; times in ms.\n`,
);
console.log(
  `${'case'.padEnd(42)}  ${'median'.padStart(8)}  ${'p95'.padStart(8)}  ${'min'.padStart(8)}  ${'max'.padStart(8)}`,
);
for (const [name, s] of Object.entries(results)) {
  console.log(`${name.padEnd(42)}  ${fmt(s.median)}  ${fmt(s.p95)}  ${fmt(s.min)}  ${fmt(s.max)}`);
}
const stats = results['stats alone (aggregates)'].median;
const naiveMs = results['naive stats (load all + sum in JS)'].median;
const full = results['loader: stats + Active Orders page 1'].median;
console.log(`\nnaive stats / aggregate stats: ${(naiveMs / stats).toFixed(1)}x slower`);
console.log(`naive stats / whole dashboard loader: ${(naiveMs / full).toFixed(1)}x slower`);
console.log(
  `search / plain first page (loader): ${(results['loader: stats + search "initech 77"'].median / full).toFixed(2)}x`,
);

await prisma.$disconnect();
rmSync(path.dirname(dbFile), { recursive: true, force: true });

if (JSON_OUTPUT) console.log(JSON.stringify({ orders: counts.orders, items: counts.items, cases: results }));
