// `npm run db:generate`: both Prisma clients and the query builder's table types. The SQLite client is
// @prisma/client; the PostgreSQL one goes to node_modules/.prisma/client-pg (app/db.server.ts picks by
// DATABASE_URL). Prisma matches the schema's provider with the adapter prisma.config.ts builds from
// DATABASE_URL (a mismatch makes it try to download native engines), so each generate runs with a URL of
// its kind; nothing connects.
//
// Kysely's `DB` type (node_modules/.kysely/types.ts, imported as `~db/tables`) comes from the PostgreSQL
// schema by prisma-kysely: that schema is derived from prisma/schema.prisma field for field
// (scripts/db/postgres.mjs), and its types (Date for DateTime, boolean for Boolean) are what both
// databases' drivers return here (app/db/sqliteDialect.server.ts reads SQLite's columns so).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PG_SCHEMA, SQLITE_SCHEMA } from './postgres.mjs';

const KYSELY_DIR = path.resolve('node_modules', '.kysely');
const kyselySchema = path.join(KYSELY_DIR, 'schema.prisma');
mkdirSync(KYSELY_DIR, { recursive: true });
writeFileSync(
  kyselySchema,
  readFileSync(PG_SCHEMA, 'utf8').replace(
    /generator\s+client\s*\{[^}]*\}/,
    // Prisma's CLI looks for a client generator to choose its (WebAssembly) engine; only kysely runs.
    (client) =>
      `${client.replace(/output\s*=.*/, 'output = "./unused-client"')}\n` +
      `generator kysely {\n  provider = "prisma-kysely"\n  output   = "."\n  fileName = "types.ts"\n}`,
  ),
);

const PG_URL = 'postgresql://generate-only@127.0.0.1:5432/unused';
const runs = [
  { schema: SQLITE_SCHEMA, url: 'file:./data/group-order.sqlite' },
  { schema: PG_SCHEMA, url: PG_URL },
  { schema: kyselySchema, url: PG_URL, only: ['--generator', 'kysely'] },
];
for (const { schema, url, only = [] } of runs) {
  const result = spawnSync(
    path.join('node_modules', '.bin', 'prisma'),
    ['generate', '--schema', schema, ...only],
    {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
