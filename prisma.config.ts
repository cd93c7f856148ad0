import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { defineConfig } from 'prisma/config';

// The schema's datasource reads DATABASE_URL; without it Prisma falls back to fetching native engines.
process.env.DATABASE_URL ??= 'file:./data/group-order.sqlite';

// SQLite creates the file but not its folder: on a fresh clone `prisma migrate deploy` (run by
// shopify.web.toml before `shopify app dev`, or by hand when deploying) would fail without data/.
const sqliteFile = /^file:(.+)$/.exec(process.env.DATABASE_URL)?.[1];
if (sqliteFile) mkdirSync(path.dirname(sqliteFile.split('?')[0]), { recursive: true });

// Prisma's native engines cannot be downloaded on our machines; the WebAssembly schema engine plus the
// libSQL driver adapter migrate and query the embedded SQLite file with nothing but npm packages.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  async adapter() {
    return new PrismaLibSQL({ url: process.env.DATABASE_URL as string });
  },
});
