// PostgreSQL support for the schema tooling, the migration runner and the tests.
//
// prisma/schema.prisma (SQLite) is the one schema people edit. prisma/postgres/schema.prisma is derived
// from it (provider switched, client generated into node_modules/.prisma/client-pg) and is committed as
// the state the PostgreSQL migrations lead to: `npm run db:pg:diff` compares it with a fresh derivation,
// writes the difference as the next migration in prisma/postgres/migrations/ and updates it.
//
// Why not `prisma migrate deploy`: Prisma 6.19's WebAssembly schema engine (the only one that runs
// offline here) fails against a live PostgreSQL. `migrate diff` works, so the SQL is generated offline
// and applied by migratePostgres below, which keeps Prisma's own _prisma_migrations table (same columns
// and checksums), so a later Prisma that can `migrate deploy` sees the same history.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const SQLITE_SCHEMA = path.join('prisma', 'schema.prisma');
export const PG_DIR = path.join('prisma', 'postgres');
export const PG_SCHEMA = path.join(PG_DIR, 'schema.prisma');
export const PG_MIGRATIONS = path.join(PG_DIR, 'migrations');
/** Where local tools and tests find a PostgreSQL server when nothing else is said. */
export const DEFAULT_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
// Any fixed 64-bit number: every instance starting at once waits on this lock, one migrates.
const MIGRATION_LOCK = 7_246_110_023;

export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//.test(url ?? '');
}

const HEADER = `// GENERATED from prisma/schema.prisma by \`npm run db:pg:diff\`: do not edit by hand. It is the schema
// the PostgreSQL migrations in prisma/postgres/migrations lead to; the PostgreSQL client is generated
// from it into node_modules/.prisma/client-pg (app/db.server.ts loads it for postgres:// URLs).
`;

/** The PostgreSQL twin of the SQLite schema text. */
export function postgresSchemaText(sqliteSchema) {
  const withProvider = sqliteSchema.replace(
    /(datasource\s+db\s*\{[^}]*provider\s*=\s*)"sqlite"/,
    '$1"postgresql"',
  );
  if (withProvider === sqliteSchema) throw new Error(`${SQLITE_SCHEMA}: no sqlite datasource found`);
  const withOutput = withProvider.replace(
    /(generator\s+client\s*\{[^}]*?)(\n\})/,
    '$1\n  output          = "../../node_modules/.prisma/client-pg"$2',
  );
  return HEADER + withOutput;
}

/** Null when prisma/postgres/schema.prisma matches the SQLite schema, else a sentence saying what to run. */
export function postgresLag(root = '.') {
  const expected = postgresSchemaText(readFileSync(path.join(root, SQLITE_SCHEMA), 'utf8'));
  const file = path.join(root, PG_SCHEMA);
  const actual = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (actual === expected) return null;
  return (
    'The PostgreSQL migrations lag prisma/schema.prisma (prisma/postgres/schema.prisma differs from it). ' +
    'Run `npm run db:pg:diff -- <name>` to write the next PostgreSQL migration, then commit ' +
    'prisma/postgres/.'
  );
}

export function migrationFolders(dir = PG_MIGRATIONS) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Applies the pending migrations in prisma/postgres/migrations, each in its own transaction, under an
 * advisory lock so instances that start together never race. Returns the names it applied.
 */
export async function migratePostgres(url, { dir = PG_MIGRATIONS, log = console.log } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    for (const name of migrationFolders(dir)) {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      if (done.has(name)) {
        if (done.get(name) !== checksum) {
          log(`warning: migration ${name} was changed after it was applied; the change is not applied.`);
        }
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`PostgreSQL migration ${name} failed and was rolled back: ${error.message}`);
      }
      applied.push(name);
      log(`Applied PostgreSQL migration ${name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
  return applied;
}

/** The same server, another database: postgres://u@h:p/other?opts. */
export function withDatabase(url, database) {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function withAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const ident = (name) => {
  if (!/^[a-z0-9_]{1,63}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
};

export function createDatabase(adminUrl, name, { template } = {}) {
  return withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`),
  );
}

export function dropDatabase(adminUrl, name) {
  return withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

/** Null when the server answers, else why not (for a loud message). */
export async function postgresUnreachable(adminUrl) {
  try {
    await withAdmin(adminUrl, (client) => client.query('SELECT 1'));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}
