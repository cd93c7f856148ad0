// `npm run db:migrate`: brings the database named by DATABASE_URL up to date. SQLite (file:) uses
// `prisma migrate deploy`; PostgreSQL uses the runner in postgres.mjs (see why there). Safe to run from
// several instances at once.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isPostgresUrl, migratePostgres } from './postgres.mjs';

export async function migrate(env = process.env) {
  const url = env.DATABASE_URL || 'file:./data/group-order.sqlite';
  if (isPostgresUrl(url)) {
    const applied = await migratePostgres(url);
    if (!applied.length) console.log('PostgreSQL schema is up to date.');
    return;
  }
  const file = /^file:(.+)$/.exec(url)?.[1];
  if (file) mkdirSync(path.dirname(file.split('?')[0]), { recursive: true });
  const result = spawnSync(path.join('node_modules', '.bin', 'prisma'), ['migrate', 'deploy'], {
    env: { ...env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`prisma migrate deploy failed (exit ${result.status})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrate().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
