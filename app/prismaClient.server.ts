import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import pg from 'pg';
import { sqliteAdapter } from './db/prismaSqliteAdapter.server';

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
  // connection opens (app/db/sqliteConnection.server.ts).
  return new PrismaClient({ adapter: sqliteAdapter(url, synchronous) });
}

/** The open pool for each PostgreSQL URL and size: Prisma's adapter and the query builder share it. */
const pools = new Map<string, pg.Pool>();

// Timestamp columns hold UTC wall time without a zone (as Prisma writes them). Prisma's adapter formats
// and reads its own values; for the query builder (app/db/query.server.ts), `pg` writes a Date as its UTC
// wall time (this setting) and reads such a column back as that UTC instant (`types` below).
pg.defaults.parseInputDatesAsUTC = true;
const TIMESTAMP = 1114;
const readUtcTimestamp = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
const utcTimestamps = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP && format !== 'binary'
      ? readUtcTimestamp
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * The process's connection pool to a PostgreSQL database, made on first use (again if it was ended:
 * Prisma's `$disconnect` ends it). Prisma's adapter and the query builder (app/db/query.server.ts) take
 * their connections from it, so an instance holds at most `max` connections.
 */
export function postgresPool(url: string, max: number) {
  const key = `${max} ${url}`;
  const open = pools.get(key);
  if (open && !open.ending && !open.ended) return open;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: utcTimestamps,
    // Confirms on one order queue on its row lock, across every instance, each holding a connection while
    // it waits: a burst waits up to 15 s for a connection, as Prisma's transactions do (maxWait below).
    connectionTimeoutMillis: 15_000,
    // A statement, or a transaction left waiting, is given up after 30 s (Prisma's transaction timeout).
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 30_000,
    // Idle connections do not keep a script's process alive once its work is done.
    allowExitOnIdle: true,
  });
  // A pooled connection the server drops while idle is removed by the pool; said, not thrown.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost while idle: ${error.message}`));
  pools.set(key, pool);
  return pool;
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
    adapter: new PrismaPg(postgresPool(url, poolSize), { disposeExternalPool: true }),
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
