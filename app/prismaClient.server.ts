import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { sqliteAdapter } from './sqlite.server';

// The database factory (app/db.server.ts, the seed script and test tools): the adapter and the generated
// client are chosen by the URL, nothing else.

export type DatabaseProvider = 'sqlite' | 'postgresql';

/** `file:` (and libSQL URLs) = the embedded SQLite database; `postgres://`/`postgresql://` = PostgreSQL. */
export function providerOf(url: string): DatabaseProvider {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';
}

function createSqliteClient(url: string, synchronous?: 'NORMAL' | 'FULL') {
  // Write-ahead logging lets readers (the outbox worker, the simulator's mailbox, a second instance)
  // read while a write is in progress; the busy timeout makes a write wait for another process's lock
  // instead of failing; synchronous says when commits reach the disk. All are set when the one
  // connection opens (app/sqlite.server.ts).
  return new PrismaClient({ adapter: sqliteAdapter(url, synchronous) });
}

/**
 * Prisma compiles queries for one provider, so PostgreSQL has its own generated client
 * (prisma/postgres/schema.prisma -> node_modules/.prisma/client-pg, made by `npm run db:generate`).
 * Its models and methods are the SQLite client's, so the app keeps using the one PrismaClient type.
 */
function createPostgresClient(url: string, poolSize: number) {
  const require = createRequire(import.meta.url);
  let generated: { PrismaClient: typeof PrismaClient };
  try {
    generated = require('.prisma/client-pg');
  } catch {
    throw new Error(
      'DATABASE_URL is a PostgreSQL URL but the PostgreSQL Prisma client is missing: run `npm run setup`.',
    );
  }
  return new generated.PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: poolSize }),
    // Confirms on one order queue on its row lock, across every instance, each holding a pooled
    // connection while it waits. Prisma's defaults (2 s to get a connection, 5 s per transaction) turn
    // a lunch-rush burst into 500s; waiting longer turns it into a short queue.
    transactionOptions: { maxWait: 15_000, timeout: 30_000 },
  });
}

export function createPrismaClient(
  url: string,
  { poolSize = 10, sqliteSynchronous }: { poolSize?: number; sqliteSynchronous?: 'NORMAL' | 'FULL' } = {},
) {
  return providerOf(url) === 'postgresql'
    ? createPostgresClient(url, poolSize)
    : createSqliteClient(url, sqliteSynchronous);
}
