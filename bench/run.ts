// `npm run bench`: load through the signed app-proxy path against the built app (server/index.mjs, as `npm start`
// runs it). The guest confirm is measured beside two references from the same run, each a bound it can
// only come below (docs/decisions/2026-11-26-bench-references.md): the app's floor (a signed ping, the
// same server and path, a route that checks the signature and answers nothing) and the database's own
// rate for the confirm's writes (bench/database-rate.ts). The storefront pages are measured by the server
// CPU each costs, beside the app's plain 404 page from the same run (bench/pages.ts), and a lunch rush of
// many shops finds the guests a minute one app process sustains (bench/lunch-rush.ts). Both again on two
// processes, as a 2-core machine runs the app: the pages on one instance of two (WEB_CONCURRENCY=2, on
// PORT+1); the rush on SQLite on that same instance, on PostgreSQL on two instances (the first and one
// on PORT+2, the same database, the guests spread over both in turn as a load balancer would); the CPU
// per guest sums every process. Prints a table and writes bench/results.json
// (bench/results-postgresql.json on PostgreSQL). Figures, not assertions. About fifteen minutes on 2 cores.
// Options (env): see bench/setup.ts.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient } from '../app/prismaClient.server';
import { buildIfStale, migrateAndSeed, serverEnv } from '../scripts/prepare.mjs';
import { confirmLoad } from './confirm';
import { databaseRate, type ReferenceLine } from './database-rate';
import { benchCart, orderWriter, plannerStatistics } from './fixtures';
import { rushFixtures, rushSearch } from './lunch-rush';
import { measurePages, storefrontPages } from './pages';
import { processFigures, sampler, scriptOutput, startProcess, waitFor } from './processes';
import { printReport, type Results } from './report';
import * as setup from './setup';
import { env, log, QUICK, SECONDS, SECRET, SHOP } from './setup';
import { PROXY_PREFIX } from './signing.mjs';
import { pageWeight } from './weights';

await setup.freshDatabases();

// ---------- database and fixtures ----------
log(`preparing ${setup.onPostgres ? 'PostgreSQL' : 'SQLite'} database and building the app…`);
migrateAndSeed(env);
buildIfStale(env);
const prisma = createPrismaClient(setup.databaseUrl);
const { menu, modifiers, items: CART_ITEMS } = await benchCart(prisma, SHOP);
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
const { newOrder, newOrders } = orderWriter(prisma, SHOP, menu);

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
// The lunch rush: 200 shops (the "many"), one order per shop for each step of the search; the
// second search, on two processes, takes as many orders again.
const RUSH_SHOPS = QUICK ? 20 : 200;
const RUSH_RATES = QUICK ? [300, 600] : [300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000, 3600, 4200];
const RUSH_SECONDS = QUICK ? 10 : 20;
const RUSH_ORDERS = RUSH_RATES.length + 1;

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
log(`writing ${RUSH_SHOPS} shops for the lunch rush…`);
const rushShops = await rushFixtures(prisma, RUSH_SHOPS, RUSH_ORDERS * 2);
await plannerStatistics(prisma, setup.onPostgres);
// The database reference gets its own copy of the database, so it never waits for the app's locks or
// grows the app's tables.
if (setup.pgBench && setup.pgRef) {
  await prisma.$disconnect();
  await setup.postgresAdmin(`CREATE DATABASE "${setup.pgRef.name}" TEMPLATE "${setup.pgBench.name}"`);
} else {
  await prisma.$executeRawUnsafe(`VACUUM INTO '${setup.refFile}'`);
  await prisma.$disconnect();
}

// ---------- processes ----------
// As `npm start` runs it (scripts/prepare.mjs): the production build in production mode, listening.
async function serve(port: number, processes = 1) {
  const child = startProcess(
    process.execPath,
    ['server/index.mjs'],
    serverEnv({ ...env, NODE_ENV: 'production', PORT: String(port), WEB_CONCURRENCY: String(processes) }),
  );
  process.on('exit', () => child.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`);
  return { child, base, pid: child.pid!, processes };
}
const first = await serve(setup.appPort);
const app = first.child;
const APP = first.base;
const appSampler = sampler(app);
const startFigures = processFigures(app);

const confirms = (
  orderIds: number[],
  load: Parameters<typeof confirmLoad>[2],
  perOrder = CONFIRMS_PER_ORDER,
  route: 'order-items' | 'ping' = 'order-items',
) =>
  // A phase without a fixed amount lasts SECONDS (shorter in a quick run, so the pool of orders holds).
  confirmLoad(
    APP,
    { shop: SHOP, secret: SECRET, items: CART_ITEMS },
    load.amount ? load : { duration: SECONDS, ...load },
    {
      orderIds,
      perOrder,
      route,
    },
  );
const reference = (
  orderIds: number[],
  extra: { concurrency: number; amount?: number; seconds?: number; tag: string },
) =>
  databaseRate(
    setup.refUrl,
    { shop: SHOP, orderIds, perOrder: CONFIRMS_PER_ORDER, lines: REFERENCE_LINES, ...extra },
    setup.refOptions,
  );

// ---------- (1)+(2) guest confirm: fixed rate, and saturation beside the two references ----------
log('confirm at an offered 50/s…');
await confirms(orders.warmApp, { connections: 10, amount: 200 });
await confirms(orders.warmApp, { connections: 10, amount: 200 }, CONFIRMS_PER_ORDER, 'ping');
await reference(orders.warmRef, { concurrency: 10, amount: 200, tag: 'warm' });
const rate = await confirms(orders.rateApp, { connections: 10, overallRate: 50 });
log('confirm, app floor and database rate at 10 and 200 connections…');
const percent = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : 0);
const saturation: Results['confirmSaturation'] = {};
for (const connections of [10, 200] as const) {
  const confirm = await confirms(orders[`sat${connections}App`], { connections });
  // The same requests (body, headers, one address each) to the signed ping: what the path costs alone.
  const appFloor = await confirms(
    orders[`sat${connections}App`],
    { connections },
    CONFIRMS_PER_ORDER,
    'ping',
  );
  const database = await reference(orders[`sat${connections}Ref`], {
    concurrency: connections,
    seconds: SECONDS,
    tag: `c${connections}`,
  });
  saturation[connections] = {
    confirm,
    appFloor,
    database,
    confirmPercentOfAppFloor: percent(confirm.reqPerSec, appFloor.reqPerSec),
    confirmPercentOfDatabase: percent(confirm.reqPerSec, database.reqPerSec),
  };
}

// ---------- (3) confirm latency against order size ----------
log(`confirm latency with ${SIZES.join(' / ')} items in the order…`);
const bySize: Record<string, number> = {};
for (const size of SIZES) {
  const [warm, ...timed] = orders[`size${size}`];
  await confirms([warm], { connections: 1, amount: 1 }, 1);
  // The mean of each request's own time (autocannon's wall time rounds up to its 1 s sampling tick).
  const r = await confirms(timed, { connections: 1, amount: timed.length }, 1);
  bySize[size] = r.mean;
  if (r.errors) log(`  ${r.errors} errors at ${size} items`);
}
const [smallest, largest] = [SIZES[0], SIZES[SIZES.length - 1]];

// ---------- (4) SSR pages: server CPU per page beside the app's own cheapest answers ----------
log('SSR pages at 10 connections: server CPU per request…');
const pages = storefrontPages(orders.pages);
const ssr = await measurePages(APP, app.pid!, pages, {
  shop: SHOP,
  secret: SECRET,
  amount: QUICK ? 300 : 1500,
});

// ---------- (4b) the lunch rush on one process ----------
log(`lunch rush over ${RUSH_SHOPS} shops, stepping up from ${RUSH_RATES[0]} guests a minute…`);
const rush = { rates: RUSH_RATES, seconds: RUSH_SECONDS, secret: SECRET };
const lunchRush = await rushSearch([first], rushShops, rush);

// ---------- (4c) the pages and the rush again on two processes, as a 2-core machine runs the app ----------
// One instance of two (WEB_CONCURRENCY=2) for the pages; the rush on the shops' next orders, on SQLite on
// that instance (the file is one machine's), on PostgreSQL on two instances, a second one beside the first.
const port = setup.appPort + 1;
log(`SSR pages on one instance of two processes (WEB_CONCURRENCY=2, on ${port})…`);
const pair = await serve(port, 2);
const ssrTwoProcesses = await measurePages(pair.base, pair.pid, pages, {
  shop: SHOP,
  secret: SECRET,
  amount: QUICK ? 300 : 1500,
});
if (setup.onPostgres) pair.child.kill('SIGTERM');
log(`lunch rush on two processes (${setup.onPostgres ? 'a second instance' : 'one instance of two'})…`);
const second = setup.onPostgres ? await serve(port + 1) : pair;
const lunchRushTwoProcesses = await rushSearch(setup.onPostgres ? [first, second] : [pair], rushShops, {
  ...rush,
  firstOrder: RUSH_ORDERS,
});
second.child.kill('SIGTERM');

// ---------- (5) bytes per page ----------
log('JS and CSS per page…');
const weights: Results['pages'] = {};
const weighed = {
  ...pages,
  create: { path: `${PROXY_PREFIX}/host/create` },
  'my orders': { path: `${PROXY_PREFIX}/my-orders` },
  'find order': { path: `${PROXY_PREFIX}/find-order` },
};
for (const [name, page] of Object.entries(weighed)) {
  weights[name] = await pageWeight(APP, page, { shop: SHOP, secret: SECRET });
}

// ---------- (6) memory and descriptors ----------
const afterLoad = processFigures(app);
log(`app after load: ${afterLoad.rssMiB} MiB RSS, ${afterLoad.fds} fds; waiting 60 s…`);
await sleep(QUICK ? 5_000 : 60_000);
const later = processFigures(app);
appSampler.stop();
app.kill('SIGTERM');

// ---------- (4c) admin dashboard loader at 10,000 orders / 100,000 items (in-process, SQLite) ----------
log('admin dashboard loader at 10,000 orders / 100,000 items…');
const dashboardJson = setup.onPostgres
  ? JSON.stringify({ cases: {} })
  : await scriptOutput('bench/dashboard.ts', [
      '--json',
      '--runs',
      QUICK ? '3' : '15',
      '--orders',
      QUICK ? '1000' : '10000',
    ]);
if (setup.pgBench && setup.pgRef) {
  await setup.postgresAdmin(
    `DROP DATABASE IF EXISTS "${setup.pgRef.name}" WITH (FORCE)`,
    `DROP DATABASE IF EXISTS "${setup.pgBench.name}" WITH (FORCE)`,
  );
}

const results: Results = {
  when: new Date().toISOString(),
  database: setup.onPostgres ? 'postgresql' : 'sqlite',
  quick: QUICK,
  confirmAt50PerSecond: rate,
  confirmSaturation: saturation,
  confirmMsByOrderSize: {
    ...bySize,
    [`ratio${largest}to${smallest}`]: +(bySize[largest] / bySize[smallest]).toFixed(2),
  },
  ssr,
  lunchRush,
  lunchRushTwoProcesses,
  ssrTwoProcesses,
  pages: weights,
  appProcess: { atStart: startFigures, peak: appSampler.peak, afterLoad, after60s: later },
  dashboard: JSON.parse(dashboardJson.trim().split('\n').pop()!),
};
const resultsFile = setup.onPostgres ? 'bench/results-postgresql.json' : 'bench/results.json';
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
printReport(results, SIZES, resultsFile);
process.exit(0);
