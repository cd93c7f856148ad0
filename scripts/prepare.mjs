// Shared by `npm start`, the browser tests and the benchmark: migrate and seed the database, and build
// the app when its sources (or the URL its assets are served from) changed since the last build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DEFAULTS } from './local-env.mjs';

const bin = (name) => path.join('node_modules', '.bin', name);

/**
 * The V8 heap settings the app server runs with here, in the browser tests and in the benchmark: the
 * ones docs/deploying.md recommends for production, where they are the deployment's NODE_OPTIONS. Small
 * semi-spaces keep the young generation from staying at the size a burst grew it to; an old-space limit
 * well above the live heap (but far below V8's default) keeps the heap's high-water mark under a burst
 * low. A NODE_OPTIONS already set comes after them, so its own values win.
 */
export const SERVER_HEAP_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=512';

/** The environment for an app server process: `env` with SERVER_HEAP_OPTIONS in front of its NODE_OPTIONS. */
export function serverEnv(env) {
  return { ...env, NODE_OPTIONS: [SERVER_HEAP_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ') };
}

export function run(command, args, env, label = command) {
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
}

/**
 * Like run(), but shows the tool's output only when it fails. Prisma prints a long "values from your schema
 * will NOT be used" warning on every run: the schema's url is only there for Prisma's CLI, and the libSQL
 * adapter in prisma.config.ts gets the same DATABASE_URL, so nothing is wrong.
 */
export function runQuiet(command, args, env, label = command) {
  const result = spawnSync(command, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${label} failed (exit ${result.status})`);
  }
  return result.stdout ?? '';
}

export function migrateAndSeed(env) {
  // SQLite: prisma migrate deploy; PostgreSQL: the migration runner (scripts/db/postgres.mjs).
  runQuiet(process.execPath, ['scripts/db/migrate.mjs'], env, 'migrate');
  console.log(`Database ready: ${env.DATABASE_URL}`);
  run(bin('tsx'), ['prisma/seed.ts'], env, 'seed');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfStale(env, { force = false } = {}) {
  const buildDir = env.REMIX_BUILD_DIR;
  const marker = path.join(buildDir, '.built-for');
  const stamp = `${env.SHOPIFY_APP_URL}`;
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sourcesChanged =
    Math.max(
      newestMtime('app'),
      newestMtime('server'),
      statSync('vite.config.ts').mtimeMs,
      statSync('remix.config.js').mtimeMs,
    ) > builtAt;
  const sameTarget = existsSync(marker) && readFileSync(marker, 'utf8') === stamp;
  if (!force && sameTarget && !sourcesChanged) return false;
  // A build started from inside a test run must not look like a Vitest process to vite.config.ts.
  const buildEnv = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('VITEST')));
  run(bin('remix'), ['vite:build'], { ...buildEnv, NODE_ENV: 'production' }, 'build');
  writeFileSync(marker, stamp);
  return true;
}

/**
 * Starts the built app (server/index.mjs, child processes) and the local Shopify simulator in front of it,
 * for the demo shop, with the ports and database named in `env` (see localEnv). `APP_INSTANCES=n` (or
 * `instances`) starts n app processes on PORT, PORT+1, ... sharing the database; the simulator sends
 * requests to them in turn, like a load balancer. Several instances want PostgreSQL (docs/deploying.md).
 */
export async function startStack(env, { instances = Number(env.APP_INSTANCES || 1) } = {}) {
  const firstPort = Number(env.PORT);
  const ports = Array.from({ length: Math.max(1, instances) }, (_, index) => firstPort + index);
  // The app runs as it runs in production (React's production build, Remix production mode); only the
  // simulator in front of it is a development tool. `npm run dev` is the development mode.
  const appEnv = { ...env, NODE_ENV: env.NODE_ENV === 'test' ? 'test' : 'production' };
  // Without an SMTP server of its own, the app sends its e-mail to the simulator's mailbox (a real SMTP
  // server, shown at /mailbox).
  const { startMailbox } = await import('./simulator/mailbox.mjs');
  const mailbox = env.SMTP_URL ? null : await startMailbox();
  if (mailbox) appEnv.SMTP_URL = mailbox.url;
  const apps = ports.map((port) =>
    spawn(process.execPath, ['server/index.mjs'], {
      env: serverEnv({ ...appEnv, PORT: String(port) }),
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  const { startSimulator } = await import('./simulator/index.mjs');
  const simulator = await startSimulator({
    port: Number(env.STOREFRONT_PORT),
    appUrl: env.SHOPIFY_APP_URL,
    appUrls: ports.map((port) => `http://localhost:${port}`),
    apiKey: env.SHOPIFY_API_KEY,
    apiSecret: env.SHOPIFY_API_SECRET,
    shop: LOCAL_DEFAULTS.DEMO_SHOP,
    mailbox,
    log: (line) => console.error(line),
  });
  return {
    app: apps[0],
    apps,
    appUrls: ports.map((port) => `http://localhost:${port}`),
    simulator,
    async close() {
      for (const app of apps) app.kill('SIGTERM');
      await simulator.close();
      await mailbox?.close();
    },
  };
}
