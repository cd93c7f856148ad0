// `npm run db:pg:diff -- <name>`: writes the next PostgreSQL migration from prisma/schema.prisma.
// Run it after adding a SQLite migration (`prisma migrate dev`); commit what it writes in prisma/postgres/.
// Needs a PostgreSQL server to talk to (Prisma's diff connects once): DATABASE_URL when it is a
// postgres:// URL, else PG_ADMIN_URL, else postgresql://postgres@127.0.0.1:5432/postgres. Nothing in that
// database is changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_POSTGRES_URL,
  isPostgresUrl,
  migrationFolders,
  PG_DIR,
  PG_MIGRATIONS,
  PG_SCHEMA,
  postgresSchemaText,
  SQLITE_SCHEMA,
} from './postgres.mjs';

const name = (process.argv[2] ?? 'schema_change').toLowerCase().replace(/[^a-z0-9_]+/g, '_');
const url = isPostgresUrl(process.env.DATABASE_URL)
  ? process.env.DATABASE_URL
  : process.env.PG_ADMIN_URL || DEFAULT_POSTGRES_URL;

const next = postgresSchemaText(readFileSync(SQLITE_SCHEMA, 'utf8'));
let current = null;
try {
  current = readFileSync(PG_SCHEMA, 'utf8');
} catch {
  // first migration: diff from an empty database
}
if (current === next) {
  console.log('PostgreSQL migrations are up to date with prisma/schema.prisma.');
  process.exit(0);
}

// Prisma reads the schema named in prisma.config.ts while diffing (and tries to download native engines
// when that file is missing), so the new schema goes in place first and the old one is diffed from a copy.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'group-order-pg-diff-'));
const previousFile = path.join(scratch, 'schema.prisma');
if (current !== null) writeFileSync(previousFile, current);
mkdirSync(PG_DIR, { recursive: true });
writeFileSync(PG_SCHEMA, next);
const from = current === null ? ['--from-empty'] : ['--from-schema-datamodel', previousFile];
const result = spawnSync(
  path.join('node_modules', '.bin', 'prisma'),
  ['migrate', 'diff', ...from, '--to-schema-datamodel', PG_SCHEMA, '--script'],
  { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' },
);
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  // Leave the committed snapshot as it was, so running this again diffs from the same place.
  if (current === null) rmSync(PG_SCHEMA, { force: true });
  else writeFileSync(PG_SCHEMA, current);
  console.error(result.stdout, result.stderr);
  console.error(`prisma migrate diff failed (is PostgreSQL reachable at ${new URL(url).host}?)`);
  process.exit(1);
}
const sql = result.stdout;
const statements = sql.replace(/--.*$/gm, '').trim();

mkdirSync(PG_MIGRATIONS, { recursive: true });
writeFileSync(
  path.join(PG_MIGRATIONS, 'migration_lock.toml'),
  '# Written by npm run db:pg:diff; applied by npm run db:migrate (scripts/db/postgres.mjs).\nprovider = "postgresql"\n',
);
if (statements) {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const last = migrationFolders().at(-1)?.slice(0, 14) ?? '';
  // Always after the last one, even with a clock behind the folder names.
  const prefix = stamp > last ? stamp : String(BigInt(last) + 1n);
  const folder = path.join(PG_MIGRATIONS, `${prefix}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'migration.sql'), sql);
  console.log(`Wrote ${folder}/migration.sql`);
} else {
  console.log('No SQL change (comments or formatting only).');
}
console.log(`Updated ${PG_SCHEMA}. Commit prisma/postgres/ and run \`npm run db:generate\`.`);
