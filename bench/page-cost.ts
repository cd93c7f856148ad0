// `tsx bench/page-cost.ts`: the server CPU each storefront page costs (ms per request, from /proc), beside
// the app's cheapest answers in the same run (/healthz, the signed ping, the plain 404 page). A short run
// of its own (about a minute) for working on the pages; `npm run bench` reports the same figures.
// Options (env): PORT picks the app's port; PAGE_REQUESTS the requests per page (default 1500);
// PAGE_COST_ROOT another checkout whose built app (its server/index.mjs and build/, built beforehand) is
// measured instead, on the same database and load: the figures of main before a change, say;
// PAGE_COST_RUSH=<shops> adds the lunch rush (bench/lunch-rush.ts) over that many shops;
// PAGE_COST_DATABASE_URL a postgres:// URL runs it on PostgreSQL, in a database it (re)creates there;
// PAGE_COST_PROFILE=<folder> has the app server write a V8 CPU profile of the whole run there (node
// --cpu-prof, written when the server exits after the run; open it in Chrome DevTools' Performance panel).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient } from '../app/prismaClient.server';
import { localEnv, LOCAL_DEFAULTS } from '../scripts/local-env.mjs';
import { buildIfStale, migrateAndSeed, serverEnv } from '../scripts/prepare.mjs';
import { orderWriter, plannerStatistics } from './fixtures';
import { freshPostgres } from './setup';
import { rushFixtures, rushSearch } from './lunch-rush';
import { measurePages, storefrontPages } from './pages';

const SHOP = LOCAL_DEFAULTS.DEMO_SHOP;
const appPort = Number(process.env.PORT ?? 4611);
const amount = Number(process.env.PAGE_REQUESTS ?? 1500);
const dataDir = path.resolve('data/bench-pages');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const postgresUrl = process.env.PAGE_COST_DATABASE_URL;
const databaseUrl = postgresUrl
  ? await freshPostgres(postgresUrl)
  : `file:${path.join(dataDir, 'app.sqlite')}`;
const database = postgresUrl ? 'PostgreSQL' : 'SQLite';
process.env.GROUP_ORDER_SKIP_DOTENV = '1';
const env = {
  ...localEnv({ storefrontPort: appPort - 1, appPort, databaseUrl, buildDir: 'build' }),
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
} as Record<string, string>;
for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];

migrateAndSeed(env);
buildIfStale(env);
const prisma = createPrismaClient(databaseUrl);
const menu = await prisma.menuItem.findMany({ where: { shop: SHOP, active: true } });
const order = await orderWriter(prisma, SHOP, menu).newOrder(30);
const RUSH_RATES = [300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000, 3600, 4200];
const rushShops = Number(process.env.PAGE_COST_RUSH ?? 0);
const shops = rushShops ? await rushFixtures(prisma, rushShops, RUSH_RATES.length + 1) : [];
await plannerStatistics(prisma, Boolean(postgresUrl));
await prisma.$disconnect();

const profileDir = process.env.PAGE_COST_PROFILE ? path.resolve(process.env.PAGE_COST_PROFILE) : null;
const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const app = spawn(process.execPath, [...profiling, 'server/index.mjs'], {
  cwd: process.env.PAGE_COST_ROOT ?? process.cwd(),
  env: serverEnv(env) as NodeJS.ProcessEnv,
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => app.kill('SIGTERM'));
const base = `http://127.0.0.1:${appPort}`;
for (let i = 0; i < 240; i++) {
  if (
    await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
  )
    break;
  await sleep(250);
}
const figures = await measurePages(base, app.pid!, storefrontPages(order), {
  shop: SHOP,
  secret: env.SHOPIFY_API_SECRET,
  amount,
});
const rush = shops.length
  ? await rushSearch([{ base, pid: app.pid! }], shops, {
      rates: RUSH_RATES,
      seconds: 20,
      secret: env.SHOPIFY_API_SECRET,
    })
  : null;
app.kill('SIGTERM');
// The server says it stops (server/shutdown.mjs) before the figures are printed, not in their midst.
await once(app, 'exit');
if (profileDir) {
  console.log(`CPU profile of the app server: ${profileDir}/${readdirSync(profileDir).sort().at(-1)}`);
}
if (rush) console.log(JSON.stringify(rush, null, 1));
console.log(
  `\nServer CPU per request, 10 connections, ${database} (${process.env.PAGE_COST_ROOT ?? 'this checkout'})`,
);
console.log(
  `${'page'.padEnd(12)}${['CPU ms', '× 404', 'req/s', 'p95 ms', 'errors'].map((h) => h.padStart(10)).join('')}`,
);
for (const [name, f] of Object.entries(figures)) {
  const cells = [f.cpuMsPerRequest, f.ofNotFound, f.reqPerSec, f.p95, f.errors];
  console.log(`${name.padEnd(12)}${cells.map((c) => String(c).padStart(10)).join('')}`);
}
process.exit(0);
