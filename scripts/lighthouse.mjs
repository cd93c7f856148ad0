// `npm run lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone on a slow
// 4G link, simulated) of the storefront's join and menu pages, served as `npm start` serves them: the
// production build behind the local Shopify simulator's app proxy. Prints score, LCP, FCP, TBT, CLS
// and Speed Index per page and writes bench/results-lighthouse.json (git-ignored). Figures, not a test.
//
// Lighthouse is not a dependency of the app (it is large): npm fetches the pinned version on first
// use (`npm exec`). It drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
// Options (env): STOREFRONT_PORT/PORT (default 4630/4631); the database is a fresh data/lighthouse file.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DEFAULTS, localEnv } from './local-env.mjs';
import { createPrismaClient } from '../app/prismaClient.server';
import { buildIfStale, migrateAndSeed, startStack } from './prepare.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const dataDir = path.resolve('data/lighthouse');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.GROUP_ORDER_SKIP_DOTENV = '1';
const env = {
  ...localEnv({
    storefrontPort: Number(process.env.STOREFRONT_PORT ?? 4630),
    appPort: Number(process.env.PORT ?? 4631),
    databaseUrl: `file:${path.join(dataDir, 'app.sqlite')}`,
    buildDir: 'build',
  }),
  LOG_LEVEL: 'error',
};
for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
Object.assign(process.env, env);

migrateAndSeed(env);
buildIfStale(env);

// An open order with a few guests' items, as a guest would find it.
const prisma = createPrismaClient(env.DATABASE_URL);
const order = await prisma.groupOrder.create({
  data: {
    id: 424_242_001,
    shop: LOCAL_DEFAULTS.DEMO_SHOP,
    code: 'LHJOIN',
    hostName: 'Lighthouse Host',
    hostEmail: 'host@lighthouse.example',
    companyName: 'Lighthouse Pty Ltd',
    pickupAt: new Date(Date.now() + 6 * 3_600_000),
    deadlineAt: new Date(Date.now() + 5 * 3_600_000),
    timeZone: 'Australia/Sydney',
    hostTokenHash: 'x'.repeat(64),
  },
});
await prisma.$disconnect();

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

const stack = await startStack(env);
const base = stack.simulator.url;
const pages = {
  join: `${base}/apps/group-order/join/${order.code}`,
  menu: `${base}/apps/group-order/order/${order.id}?guest=${encodeURIComponent('Lighthouse Guest')}`,
};

const results = { when: new Date().toISOString(), lighthouse: LIGHTHOUSE, pages: {} };
try {
  for (const appUrl of stack.appUrls) await waitFor(`${appUrl}/healthz`);
  // Warm the server (first render, asset cache) before measuring.
  for (const url of Object.values(pages)) await fetch(url).then((r) => r.text());
  for (const [name, url] of Object.entries(pages)) {
    const output = path.join(dataDir, `${name}.json`);
    // Not spawnSync: the simulator runs in this process and must keep answering meanwhile.
    const child = spawn(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${LIGHTHOUSE}`,
        '--',
        'lighthouse',
        url,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--chrome-flags=--headless --no-sandbox --disable-gpu',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      // Only what npm and Chrome need: the app's variables (NODE_ENV, ports…) are not theirs. npm's own
      // settings and a machine's extra CA certificates (a registry behind a TLS proxy) pass through.
      {
        env: {
          ...Object.fromEntries(
            Object.entries(process.env).filter(([key]) =>
              /^(npm_config_|NODE_EXTRA_CA_CERTS$|SSL_CERT_FILE$|SSL_CERT_DIR$)/i.test(key),
            ),
          ),
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          CHROME_PATH: chrome,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const status = await new Promise((resolve) => child.on('exit', resolve));
    if (status !== 0) throw new Error(`lighthouse failed on ${name} (exit ${status})`);
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const audit = (id) => report.audits[id].numericValue;
    results.pages[name] = {
      score: Math.round(report.categories.performance.score * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: +audit('cumulative-layout-shift').toFixed(3),
      speedIndexMs: Math.round(audit('speed-index')),
    };
  }
} finally {
  await stack.close();
}

console.log(`\nLighthouse mobile (${LIGHTHOUSE}, simulated slow 4G, 4x CPU slowdown) — ${results.when}`);
console.log(
  `${''.padEnd(8)}${['score', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'SI ms'].map((h) => h.padStart(9)).join('')}`,
);
for (const [name, r] of Object.entries(results.pages)) {
  const cells = [r.score, r.lcpMs, r.fcpMs, r.tbtMs, r.cls, r.speedIndexMs];
  console.log(`${name.padEnd(8)}${cells.map((c) => String(c).padStart(9)).join('')}`);
}
writeFileSync('bench/results-lighthouse.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to bench/results-lighthouse.json');
process.exit(0);
