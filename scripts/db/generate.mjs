// `npm run db:generate`: both Prisma clients. The SQLite one is @prisma/client; the PostgreSQL one goes to
// node_modules/.prisma/client-pg (app/db.server.ts picks by DATABASE_URL). Prisma matches the schema's
// provider with the adapter prisma.config.ts builds from DATABASE_URL (a mismatch makes it try to
// download native engines), so each generate runs with a URL of its kind; nothing connects.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PG_SCHEMA, SQLITE_SCHEMA } from './postgres.mjs';

const runs = [
  { schema: SQLITE_SCHEMA, url: 'file:./data/group-order.sqlite' },
  { schema: PG_SCHEMA, url: 'postgresql://generate-only@127.0.0.1:5432/unused' },
];
for (const { schema, url } of runs) {
  const result = spawnSync(path.join('node_modules', '.bin', 'prisma'), ['generate', '--schema', schema], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
