import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';
import { sqliteAdapter } from './app/db/prismaSqliteAdapter.server';

// The schema's datasource reads DATABASE_URL; without it Prisma falls back to fetching native engines.
process.env.DATABASE_URL ??= 'file:./data/group-order.sqlite';
const url = process.env.DATABASE_URL;
const postgres = /^postgres(ql)?:\/\//.test(url);

// SQLite creates the file but not its folder: on a fresh clone `prisma migrate deploy` (run by
// shopify.web.toml before `shopify app dev`, or by hand when deploying) would fail without data/.
const sqliteFile = /^file:(.+)$/.exec(url)?.[1];
if (sqliteFile) mkdirSync(path.dirname(sqliteFile.split('?')[0]), { recursive: true });

// Prisma's native engines cannot be downloaded on our machines; the WebAssembly engines plus a driver
// adapter (ours for the SQLite file, app/db/prismaSqliteAdapter.server.ts; node-postgres for PostgreSQL) need nothing but npm packages. The
// provider in the schema must match the adapter, so a postgres:// URL selects the PostgreSQL twin of the
// schema (prisma/postgres/schema.prisma, see scripts/db/postgres.mjs). Its migrations are applied by
// `npm run db:migrate`, not `prisma migrate deploy`, which fails on a live PostgreSQL in Prisma 6.19.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: postgres ? path.join('prisma', 'postgres', 'schema.prisma') : path.join('prisma', 'schema.prisma'),
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: url }) : sqliteAdapter(url);
  },
});
