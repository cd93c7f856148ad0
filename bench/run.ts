// `npm run bench`: load through the signed app-proxy path against the built app (server/index.mjs, as `npm start`
// runs it). The guest confirm is measured beside two references from the same run, each a bound it can
// only come below (docs/decisions/2026-11-26-bench-references.md): the app's floor (a signed ping, the
// same server and path, a route that checks the signature and answers nothing) and the database's own
// rate for the confirm's writes (bench/database-rate.ts). Prints a table and writes bench/results.json.
// Figures, not assertions. A few minutes on 2 cores.
//
// Options (env): STOREFRONT_PORT/PORT pick the ports; BENCH_DATABASE_URL set to a postgres:// URL runs the
// app and the database reference on PostgreSQL: on that server the bench (re)creates the databases
// <name>_bench and <name>_bench_ref (<name> from the URL) and leaves <name> itself alone; BENCH_QUICK=1
// shortens every phase (a smoke run).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createPrismaClient } from '../app/prismaClient.server';
// @ts-expect-error: autocannon ships no type declarations
import autocannon from 'autocannon';
import { localEnv, LOCAL_DEFAULTS } from '../scripts/local-env.mjs';
import { buildIfStale, migrateAndSeed, serverEnv } from '../scripts/prepare.mjs';
import { databaseRate, type ReferenceLine } from './database-rate';
import { PROXY_PREFIX, signedPath } from './signing.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = QUICK ? 3 : 15;
const SHOP = LOCAL_DEFAULTS.DEMO_SHOP;
const appPort = Number(process.env.PORT ?? 4601);
const storefrontPort = Number(process.env.STOREFRONT_PORT ?? 4600);
const dataDir = path.resolve('data/bench-load');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const sqliteFile = path.join(dataDir, 'app.sqlite');
const onPostgres = /^postgres(ql)?:/.test(process.env.BENCH_DATABASE_URL ?? '');
/** The same server, another database: <name>_bench for the app, <name>_bench_ref for the reference. */
function postgresDatabase(suffix: string) {
  const url = new URL(process.env.BENCH_DATABASE_URL!);
  const name = `${url.pathname.replace(/^\//, '') || 'group_order'}${suffix}`;
  url.pathname = `/${name}`;
  return { name, url: url.href };
}
const pgBench = onPostgres ? postgresDatabase('_bench') : null;
const pgRef = onPostgres ? postgresDatabase('_bench_ref') : null;
const databaseUrl = pgBench?.url ?? `file:${sqliteFile}`;
/** Runs statements on the PostgreSQL server's maintenance database (CREATE/DROP DATABASE). */
async function postgresAdmin(...statements: string[]) {
  const url = new URL(process.env.BENCH_DATABASE_URL!);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}
if (pgBench && pgRef) {
  await postgresAdmin(
    `DROP DATABASE IF EXISTS "${pgRef.name}" WITH (FORCE)`,
    `DROP DATABASE IF EXISTS "${pgBench.name}" WITH (FORCE)`,
    `CREATE DATABASE "${pgBench.name}"`,
  );
}

process.env.GROUP_ORDER_SKIP_DOTENV = '1';
const env = {
  ...localEnv({ storefrontPort, appPort, databaseUrl, buildDir: 'build' }),
  LOG_LEVEL: 'error',
  OUTBOX_POLL_MS: '2000',
} as Record<string, string>;
// Explicit, so the database reference's pool is the app's (app/env.server.ts reads the same variable).
env.DATABASE_POOL_SIZE ??= '10';
for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
const SECRET = env.SHOPIFY_API_SECRET;

const log = (line: string) => console.log(`[bench] ${line}`);

// ---------- database and fixtures ----------
log(`preparing ${onPostgres ? 'PostgreSQL' : 'SQLite'} database and building the app…`);
migrateAndSeed(env);
buildIfStale(env);
const prisma = createPrismaClient(databaseUrl);
const menu = await prisma.menuItem.findMany({ where: { shop: SHOP, active: true } });
const modifiers = await prisma.modifier.findMany({ where: { shop: SHOP }, include: { group: true } });
const byName = (name: string) => menu.find((m) => m.name === name)!;
const mod = (name: string) => modifiers.find((m) => m.name === name)!.id;
// A 3-item cart: a customised latte, a flat white with a size and a food item. Size, milk and blend are
// required on the demo menu, so each coffee answers all three as the customise dialog has it.
const CART_ITEMS = [
  {
    menuItemId: byName('Latte').id,
    quantity: 2,
    selectedModifiers: [mod('Large'), mod('Oat'), mod('House Blend')],
  },
  {
    menuItemId: byName('Flat White').id,
    quantity: 1,
    selectedModifiers: [mod('Large'), mod('Full Cream'), mod('House Blend')],
  },
  { menuItemId: byName('Banana Bread').id, quantity: 1, selectedModifiers: [] },
];
// The same cart as the confirm writes its lines, priced, for the database reference.
const REFERENCE_LINES: ReferenceLine[] = CART_ITEMS.map((line) => {
  const item = menu.find((m) => m.id === line.menuItemId)!;
  const chosen = line.selectedModifiers.map((id) => modifiers.find((m) => m.id === id)!);
  return {
    menuItemId: item.id,
    menuItemName: item.name,
    quantity: line.quantity,
    selectedModifiers: JSON.stringify(
      chosen.map((m) => ({ id: m.id, name: m.name, type: m.group.type, priceDeltaCents: m.priceDeltaCents })),
    ),
    unitPriceCents: chosen.reduce((sum, m) => sum + m.priceDeltaCents, item.priceCents),
  };
});

let orderSeq = 0;
/**
 * An open order, optionally already holding `existingItems` lines (written behind the app's back, three
 * lines per guest, each guest a Guest row as the app keeps them), with matching running totals.
 */
async function newOrder(existingItems = 0) {
  orderSeq += 1;
  const id = 700_000_000 + orderSeq;
  // Six characters, as join codes are (app/lib/code.ts).
  const code = `B${String(orderSeq).padStart(5, '0')}`;
  const now = Date.now();
  await prisma.groupOrder.create({
    data: {
      id,
      shop: SHOP,
      code,
      hostName: 'Bench Host',
      hostEmail: 'host@bench.example',
      companyName: 'Bench Pty Ltd',
      pickupAt: new Date(now + 6 * 3_600_000),
      deadlineAt: new Date(now + 5 * 3_600_000),
      timeZone: 'Australia/Sydney',
      hostTokenHash: 'x'.repeat(64),
    },
  });
  if (!existingItems) return { id, code };
  const guestCount = Math.ceil(existingItems / 3);
  await prisma.guest.createMany({
    data: Array.from({ length: guestCount }, (_, g) => ({
      shop: SHOP,
      groupOrderId: id,
      name: `Seed guest ${g}`,
      nameKey: `seed guest ${g}`,
    })),
  });
  const guests = await prisma.guest.findMany({ where: { groupOrderId: id }, orderBy: { id: 'asc' } });
  const rows = [];
  for (let i = 0; i < existingItems; i++) {
    const guest = guests[Math.floor(i / 3)];
    rows.push({
      shop: SHOP,
      groupOrderId: id,
      guestId: guest.id,
      guestName: guest.name,
      menuItemId: menu[i % menu.length].id,
      menuItemName: menu[i % menu.length].name,
      quantity: 1,
      unitPriceCents: menu[i % menu.length].priceCents,
      totalCents: menu[i % menu.length].priceCents,
      confirmationKey: `seed-${i}`,
    });
  }
  await prisma.orderItem.createMany({ data: rows });
  const sums = await prisma.orderItem.aggregate({
    where: { groupOrderId: id },
    _sum: { quantity: true, totalCents: true },
  });
  await prisma.groupOrder.update({
    where: { id },
    data: {
      participantCount: guestCount,
      totalItems: sums._sum.quantity ?? 0,
      totalCents: sums._sum.totalCents ?? 0,
    },
  });
  return { id, code };
}
const newOrders = async (count: number, existingItems = 0) => {
  const ids = [];
  for (let i = 0; i < count; i++) ids.push((await newOrder(existingItems)).id);
  return ids;
};

// An order holds at most 250 lines and 220 guests (app/lib/limits.ts), so load spreads over a pool of
// orders: each takes CONFIRMS_PER_ORDER 3-line carts from new guests (240 lines), then the next order.
const CONFIRMS_PER_ORDER = 80;
// Order sizes for the latency-by-size phase: the largest is as full as an order can get and still take
// a 3-line cart. Each timed confirm goes to an order of its own, so every one sees exactly that size.
const SIZES = [10, 120, 240] as const;
const SIZE_RUNS = QUICK ? 20 : 100;
// Orders per saturation phase: enough that no phase comes back to an order it filled (a full order
// refuses further confirms with 409, which would count as errors and, being cheap, inflate req/s).
// 500 orders take 40,000 confirms: 2,666/s for the 15 s a phase lasts.
const POOL = QUICK ? 100 : 500;

// Every order the run uses is written now, before the servers start: one writer at a time on the file.
log('writing fixture orders…');
// The database reference writes no more than the app to an order (CONFIRMS_PER_ORDER), wrapping round its
// pool when it is faster than POOL orders can take.
const orders = {
  warmApp: await newOrders(3),
  warmRef: await newOrders(3),
  rateApp: await newOrders(15),
  sat10App: await newOrders(POOL),
  sat10Ref: await newOrders(POOL),
  sat200App: await newOrders(POOL),
  sat200Ref: await newOrders(POOL),
  size10: await newOrders(SIZE_RUNS + 1, 10),
  size120: await newOrders(SIZE_RUNS + 1, 120),
  size240: await newOrders(SIZE_RUNS + 1, 240),
  pages: await newOrder(30),
};
// The database reference gets its own copy of the database, so it never waits for the app's locks or
// grows the app's tables.
const refFile = path.join(dataDir, 'ref.sqlite');
if (pgBench && pgRef) {
  await prisma.$disconnect();
  await postgresAdmin(`CREATE DATABASE "${pgRef.name}" TEMPLATE "${pgBench.name}"`);
} else {
  await prisma.$executeRawUnsafe(`VACUUM INTO '${refFile}'`);
  await prisma.$disconnect();
}
const refUrl = pgRef?.url ?? `file:${refFile}`;
const refOptions = {
  synchronous: env.SQLITE_SYNCHRONOUS === 'FULL' ? ('FULL' as const) : ('NORMAL' as const),
  poolSize: Number(env.DATABASE_POOL_SIZE),
};

// ---------- processes ----------
function startProcess(command: string, args: string[], extraEnv: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    env: { ...env, ...extraEnv } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`Timed out waiting for ${url}`);
}
function processFigures(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const fds = readdirSync(`/proc/${child.pid}/fd`).length;
  return { rssMiB: Math.round(rss), fds };
}
function sampler(child: ChildProcess) {
  const peak = { rssMiB: 0, fds: 0 };
  const timer = setInterval(() => {
    try {
      const now = processFigures(child);
      peak.rssMiB = Math.max(peak.rssMiB, now.rssMiB);
      peak.fds = Math.max(peak.fds, now.fds);
    } catch {
      /* process gone */
    }
  }, 250);
  return { peak, stop: () => clearInterval(timer) };
}

// As `npm start` runs it (scripts/prepare.mjs): the production build in production mode.
const app = startProcess(
  process.execPath,
  ['server/index.mjs'],
  serverEnv({ ...env, NODE_ENV: 'production' }),
);
process.on('exit', () => app.kill('SIGTERM'));
const APP = `http://127.0.0.1:${appPort}`;
await waitFor(`${APP}/healthz`);
const appSampler = sampler(app);
const startFigures = processFigures(app);

// ---------- load helpers ----------
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
type Load = { connections: number; duration?: number; amount?: number; overallRate?: number };
let guestSeq = 0;
/**
 * New guests confirming a 3-item cart, `perOrder` of them per order of the pool, each from an address of
 * its own (confirms are rate-limited per client address, as an office of people would not be). `route`
 * 'ping' posts the same requests to the app's floor (app/routes/apps.group-order.api.ping.tsx).
 */
function confirmLoad(
  base: string,
  orderIds: number[],
  load: Load,
  perOrder = CONFIRMS_PER_ORDER,
  route: 'order-items' | 'ping' = 'order-items',
) {
  let sent = 0;
  const request = {
    method: 'POST',
    path: '/',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': SHOP },
    setupRequest(req: { path: string; body: string; headers: Record<string, string> }) {
      guestSeq += 1;
      const orderId = orderIds[Math.floor(sent / perOrder) % orderIds.length];
      sent += 1;
      req.path = signedPath(`${PROXY_PREFIX}/api/${route}`, { shop: SHOP, secret: SECRET });
      req.headers = {
        ...req.headers,
        'x-forwarded-for': clientAddress(guestSeq),
      };
      req.body = JSON.stringify({
        groupOrderId: orderId,
        confirmationKey: `bench-${process.pid}-${guestSeq}`,
        guestName: `Guest ${guestSeq}`,
        guestInitials: 'GB',
        items: CART_ITEMS,
      });
      return req;
    },
  };
  return run(base, load, [request]);
}
type Page = { path: string; query?: Record<string, string> };
function pageLoad(base: string, page: Page, load: Load) {
  const request = {
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-host': SHOP, 'accept-encoding': 'gzip, br' },
    setupRequest(req: { path: string; headers: Record<string, string> }) {
      guestSeq += 1;
      req.path = signedPath(page.path, { shop: SHOP, secret: SECRET, query: page.query });
      // Many visitors, not one client hammering an order (reads are rate-limited per client address).
      req.headers = { ...req.headers, 'x-forwarded-for': clientAddress(guestSeq) };
      return req;
    },
  };
  return run(base, load, [request]);
}
async function run(base: string, load: Load, requests: unknown[]) {
  const times: number[] = [];
  // The fields of autocannon's result this report reads.
  type Result = {
    requests: { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        requests,
        connections: load.connections,
        ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? SECONDS }),
        ...(load.overallRate ? { overallRate: load.overallRate } : {}),
        timeout: 30,
      },
      (error: Error | null, value: unknown) => (error ? reject(error) : resolve(value as Result)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
      times.push(ms),
    );
  });
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  return {
    reqPerSec: Math.round(result.requests.total / result.duration),
    mean: +(times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length)).toFixed(2),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const results: Record<string, unknown> = {
  when: new Date().toISOString(),
  database: onPostgres ? 'postgresql' : 'sqlite',
  quick: QUICK,
};

// ---------- (1)+(2) guest confirm: fixed rate, and saturation beside the two references ----------
log('confirm at an offered 50/s…');
await confirmLoad(APP, orders.warmApp, { connections: 10, amount: 200 });
await confirmLoad(APP, orders.warmApp, { connections: 10, amount: 200 }, CONFIRMS_PER_ORDER, 'ping');
await databaseRate(
  refUrl,
  {
    shop: SHOP,
    orderIds: orders.warmRef,
    perOrder: CONFIRMS_PER_ORDER,
    lines: REFERENCE_LINES,
    concurrency: 10,
    amount: 200,
    tag: 'warm',
  },
  refOptions,
);
const rate = await confirmLoad(APP, orders.rateApp, { connections: 10, overallRate: 50 });
log('confirm, app floor and database rate at 10 and 200 connections…');
type LoadResult = Awaited<ReturnType<typeof run>>;
type Saturation = {
  confirm: LoadResult;
  appFloor: LoadResult;
  database: LoadResult;
  confirmPercentOfAppFloor: number;
  confirmPercentOfDatabase: number;
};
const percent = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);
const saturation: Record<string, Saturation> = {};
for (const connections of [10, 200] as const) {
  const confirm = await confirmLoad(APP, orders[`sat${connections}App`], { connections });
  // The same requests (body, headers, one address each) to the signed ping: what the path costs alone.
  const appFloor = await confirmLoad(
    APP,
    orders[`sat${connections}App`],
    { connections },
    CONFIRMS_PER_ORDER,
    'ping',
  );
  const database = await databaseRate(
    refUrl,
    {
      shop: SHOP,
      orderIds: orders[`sat${connections}Ref`],
      perOrder: CONFIRMS_PER_ORDER,
      lines: REFERENCE_LINES,
      concurrency: connections,
      seconds: SECONDS,
      tag: `c${connections}`,
    },
    refOptions,
  );
  saturation[connections] = {
    confirm,
    appFloor,
    database,
    confirmPercentOfAppFloor: percent(confirm.reqPerSec, appFloor.reqPerSec),
    confirmPercentOfDatabase: percent(confirm.reqPerSec, database.reqPerSec),
  };
}
results.confirmAt50PerSecond = rate;
results.confirmSaturation = saturation;

// ---------- (3) confirm latency against order size ----------
log(`confirm latency with ${SIZES.join(' / ')} items in the order…`);
const bySize: Record<string, number> = {};
for (const size of SIZES) {
  const [warm, ...timed] = orders[`size${size}`];
  await confirmLoad(APP, [warm], { connections: 1, amount: 1 }, 1);
  // The mean of each request's own time (autocannon's wall time rounds up to its 1 s sampling tick).
  const r = await confirmLoad(APP, timed, { connections: 1, amount: timed.length }, 1);
  bySize[size] = r.mean;
  if (r.errors) log(`  ${r.errors} errors at ${size} items`);
}
const [smallest, largest] = [SIZES[0], SIZES[SIZES.length - 1]];
results.confirmMsByOrderSize = {
  ...bySize,
  [`ratio${largest}to${smallest}`]: +(bySize[largest] / bySize[smallest]).toFixed(2),
};

// ---------- (4) SSR pages ----------
log('SSR join and menu pages at 10 connections…');
const pageOrder = orders.pages;
const pages: Record<string, Page> = {
  join: { path: `${PROXY_PREFIX}/join/${pageOrder.code}` },
  menu: { path: `${PROXY_PREFIX}/order/${pageOrder.id}`, query: { guest: 'Bench Guest' } },
  review: { path: `${PROXY_PREFIX}/review/${pageOrder.id}/Bench%20Guest` },
  dashboard: { path: `${PROXY_PREFIX}/host/dashboard/${pageOrder.id}` },
  create: { path: `${PROXY_PREFIX}/host/create` },
};
results.ssr = {
  join: await pageLoad(APP, pages.join, { connections: 10 }),
  menu: await pageLoad(APP, pages.menu, { connections: 10 }),
};

// ---------- (5) bytes per page ----------
log('JS and CSS per page…');
async function pageWeight(target: Page) {
  const url = `${APP}${signedPath(target.path, { shop: SHOP, secret: SECRET, query: target.query })}`;
  const page = await fetch(url, {
    headers: {
      'x-forwarded-host': SHOP,
      'accept-encoding': 'gzip, br',
      'x-forwarded-for': clientAddress(++guestSeq),
    },
  });
  const html = await page.text();
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:https?:\/\/[^"'\s]+)?\/assets\/[A-Za-z0-9._-]+\.(?:js|css)/g)) {
    assets.add(match[0].replace(/^https?:\/\/[^/]+/, ''));
  }
  let jsRaw = 0;
  let jsGz = 0;
  let cssGz = 0;
  // The middleware leaves bodies under 1 KB as they are (not worth a header): count the rest.
  let worthCompressing = 0;
  let compressed = 0;
  for (const asset of assets) {
    const response = await fetch(`${APP}${asset}`, { headers: { 'accept-encoding': 'gzip, br' } });
    const body = Buffer.from(await response.arrayBuffer());
    // fetch decodes; re-measure the plain body so both columns compare the same bytes
    const gz = gzipSync(body).length;
    if (body.length >= 1024) {
      worthCompressing += 1;
      if (response.headers.get('content-encoding')) compressed += 1;
    }
    if (asset.endsWith('.js')) {
      jsRaw += body.length;
      jsGz += gz;
    } else cssGz += gz;
  }
  return {
    status: page.status,
    jsKB: +(jsRaw / 1024).toFixed(1),
    jsGzKB: +(jsGz / 1024).toFixed(1),
    cssGzKB: +(cssGz / 1024).toFixed(1),
    htmlCompressed: page.headers.get('content-encoding') ?? 'no',
    assetsCompressed: `${compressed}/${worthCompressing}`,
  };
}
const weights: Record<string, Awaited<ReturnType<typeof pageWeight>>> = {};
for (const [name, page] of Object.entries(pages)) weights[name] = await pageWeight(page);
results.pages = weights;

// ---------- (6) memory and descriptors ----------
const afterLoad = processFigures(app);
log(`app after load: ${afterLoad.rssMiB} MiB RSS, ${afterLoad.fds} fds; waiting 60 s…`);
await sleep(QUICK ? 5_000 : 60_000);
const later = processFigures(app);
appSampler.stop();
results.appProcess = { atStart: startFigures, peak: appSampler.peak, afterLoad, after60s: later };

app.kill('SIGTERM');

// ---------- (4b) admin dashboard loader at 10,000 orders / 100,000 items (in-process, SQLite) ----------
log('admin dashboard loader at 10,000 orders / 100,000 items…');
const dashboardJson = onPostgres
  ? JSON.stringify({ cases: {} })
  : await new Promise<string>((resolve, reject) => {
      const child = spawn(
        path.resolve('node_modules/.bin/tsx'),
        ['bench/dashboard.ts', '--json', '--runs', QUICK ? '3' : '15', '--orders', QUICK ? '1000' : '10000'],
        { env: { ...process.env, GROUP_ORDER_SKIP_DOTENV: '1' }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`dashboard bench exit ${code}`)),
      );
    });
results.dashboard = JSON.parse(dashboardJson.trim().split('\n').pop()!);
if (pgBench && pgRef) {
  await postgresAdmin(
    `DROP DATABASE IF EXISTS "${pgRef.name}" WITH (FORCE)`,
    `DROP DATABASE IF EXISTS "${pgBench.name}" WITH (FORCE)`,
  );
}

const resultsFile = onPostgres ? 'bench/results-postgresql.json' : 'bench/results.json';
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

// ---------- table ----------
const pad = (value: unknown, width: number) => String(value).padStart(width);
const row = (label: string, ...cells: unknown[]) =>
  console.log(`${label.padEnd(44)}${cells.map((c) => pad(c, 12)).join('')}`);
console.log(`\nGroup Order benchmark (${results.database}${QUICK ? ', quick' : ''}) — ${results.when}`);
console.log('\n1-2. Guest confirm, 3-item cart, through the signed app-proxy path');
row('', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors');
row('offered 50/s — confirm', rate.reqPerSec, rate.p50, rate.p95, rate.p99, rate.errors);
for (const [connections, s] of Object.entries(saturation)) {
  row(
    `${connections} conn. — confirm`,
    s.confirm.reqPerSec,
    s.confirm.p50,
    s.confirm.p95,
    s.confirm.p99,
    s.confirm.errors,
  );
  const f = s.appFloor;
  row(`${connections} conn. — app floor (signed ping)`, f.reqPerSec, f.p50, f.p95, f.p99, f.errors);
  const d = s.database;
  row(`${connections} conn. — database's own rate`, d.reqPerSec, d.p50, d.p95, d.p99, d.errors);
  console.log(
    `   ${connections} connections: confirm = ${s.confirmPercentOfAppFloor} % of the app floor, ${s.confirmPercentOfDatabase} % of the database's own rate`,
  );
}
console.log('\n3. Confirm latency by items already in the order (mean ms per request, one at a time)');
row('', ...SIZES.map(String), 'ratio');
row('app', ...SIZES.map((size) => bySize[size]), +(bySize[largest] / bySize[smallest]).toFixed(2));
console.log('\n4. SSR pages at 10 connections');
row('', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors');
for (const [name, r] of Object.entries(results.ssr as Record<string, Awaited<ReturnType<typeof run>>>)) {
  row(name, r.reqPerSec, r.p50, r.p95, r.p99, r.errors);
}
console.log(
  onPostgres
    ? '   Admin dashboard loader: measured on SQLite only (bench/dashboard.ts; see the SQLite run)'
    : '   Admin dashboard loader (in-process), 10,000 orders / 100,000 items',
);
type DashboardCase = { median: number; p95: number };
for (const [name, s] of Object.entries(
  (results.dashboard as { cases: Record<string, DashboardCase> }).cases,
)) {
  row(`   ${name}`.slice(0, 44), `${s.median.toFixed(1)} med`, `${s.p95.toFixed(1)} p95`);
}
console.log('\n5. Storefront pages: JS and CSS on first load');
row('', 'status', 'JS KB', 'JS gz KB', 'CSS gz KB', 'HTML enc.', 'assets enc.');
// assets enc.: compressed / assets of 1 KB or more
for (const [name, w] of Object.entries(weights)) {
  row(name, w.status, w.jsKB, w.jsGzKB, w.cssGzKB, w.htmlCompressed, w.assetsCompressed);
}
console.log('\n6. App process');
row('', 'RSS MiB', 'open fds');
row('at start', startFigures.rssMiB, startFigures.fds);
row('peak under load', appSampler.peak.rssMiB, appSampler.peak.fds);
row('after load', afterLoad.rssMiB, afterLoad.fds);
row('60 s later', later.rssMiB, later.fds);
console.log(`\nWritten to ${resultsFile}`);
process.exit(0);
