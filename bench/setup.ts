// The bench's settings, environment and databases (bench/run.ts). Options (env): STOREFRONT_PORT/PORT pick
// the ports (the instance of two processes takes PORT+1, on PostgreSQL a second instance PORT+2);
// BENCH_DATABASE_URL set to a postgres:// URL runs the app and the database reference on PostgreSQL: on
// that server the bench (re)creates the databases <name>_bench and <name>_bench_ref (<name> from the URL)
// and leaves <name> itself alone; BENCH_QUICK=1 shortens every phase (a smoke run).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { localEnv, LOCAL_DEFAULTS } from '../scripts/local-env.mjs';

export const QUICK = process.env.BENCH_QUICK === '1';
export const SECONDS = QUICK ? 3 : 15;
export const SHOP = LOCAL_DEFAULTS.DEMO_SHOP;
export const appPort = Number(process.env.PORT ?? 4601);
const storefrontPort = Number(process.env.STOREFRONT_PORT ?? 4600);
export const dataDir = path.resolve('data/bench-load');

export const onPostgres = /^postgres(ql)?:/.test(process.env.BENCH_DATABASE_URL ?? '');
/** The same server, another database: <name>_bench for the app, <name>_bench_ref for the reference. */
function postgresDatabase(suffix: string) {
  const url = new URL(process.env.BENCH_DATABASE_URL!);
  const name = `${url.pathname.replace(/^\//, '') || 'group_order'}${suffix}`;
  url.pathname = `/${name}`;
  return { name, url: url.href };
}
export const pgBench = onPostgres ? postgresDatabase('_bench') : null;
export const pgRef = onPostgres ? postgresDatabase('_bench_ref') : null;
const sqliteFile = path.join(dataDir, 'app.sqlite');
export const refFile = path.join(dataDir, 'ref.sqlite');
export const databaseUrl = pgBench?.url ?? `file:${sqliteFile}`;
export const refUrl = pgRef?.url ?? `file:${refFile}`;

/** Runs statements on the PostgreSQL server's maintenance database (CREATE/DROP DATABASE). */
export async function postgresAdmin(...statements: string[]) {
  return postgresAdminOf(process.env.BENCH_DATABASE_URL!, statements);
}

async function postgresAdminOf(serverUrl: string, statements: string[]) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The database `url` names, dropped and created again empty; its URL. */
export async function freshPostgres(url: string) {
  const name = new URL(url).pathname.replace(/^\//, '');
  await postgresAdminOf(url, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`]);
  return url;
}

/** A fresh data directory, and on PostgreSQL a fresh bench database (the reference's comes later). */
export async function freshDatabases() {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (pgBench && pgRef) {
    await postgresAdmin(`DROP DATABASE IF EXISTS "${pgRef.name}" WITH (FORCE)`);
    await freshPostgres(pgBench.url);
  }
}

process.env.GROUP_ORDER_SKIP_DOTENV = '1';
export const env = {
  ...localEnv({ storefrontPort, appPort, databaseUrl, buildDir: 'build' }),
  LOG_LEVEL: 'error',
  OUTBOX_POLL_MS: '2000',
} as Record<string, string>;
// Explicit, so the database reference's pool is the app's (app/env.server.ts reads the same variable).
env.DATABASE_POOL_SIZE ??= '10';
for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
export const SECRET = env.SHOPIFY_API_SECRET;
export const refOptions = {
  synchronous: env.SQLITE_SYNCHRONOUS === 'FULL' ? ('FULL' as const) : ('NORMAL' as const),
  poolSize: Number(env.DATABASE_POOL_SIZE),
};

export const log = (line: string) => console.log(`[bench] ${line}`);
