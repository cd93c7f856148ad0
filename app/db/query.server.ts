import type { Prisma } from '@prisma/client';
import {
  type CompiledQuery,
  type Dialect,
  Kysely,
  type KyselyPlugin,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { DB } from '~db/tables';
import { env } from '../env.server';
import { createKeyedQueue } from '../lib/keyedQueue.server';
import { postgresPool, providerOf } from '../prismaClient.server';
import { sqliteConnection, type SqliteConnection } from './sqliteConnection.server';
import { sqliteDialect } from './sqliteDialect.server';
import { insideTransaction, refuseInsideTransaction } from './transactionScope.server';

// The typed query builder: every query Prisma does not write (the confirm, the rate limits, the privacy
// webhooks' searches) is a Kysely query on the `DB` type generated from prisma/schema.prisma
// (scripts/db/generate.mjs), one text for both databases. The differences between them live here.
//
// - SQLite: the process's one connection (app/db/sqliteConnection.server.ts), which Prisma's adapter uses too, behind
//   its one lock; transactions share commits (SqliteConnection.inTransaction).
// - PostgreSQL: Kysely's PostgresDialect on the pool Prisma's adapter takes its connections from
//   (app/prismaClient.server.ts), so an instance holds at most DATABASE_POOL_SIZE connections.
//
// Values read back are the same on both: DateTime columns as Date, Boolean ones as boolean, integers as
// numbers (a COUNT is a number on SQLite and a numeric string on PostgreSQL: read it with Number()).

export type Db = Kysely<DB>;

const provider = providerOf(env.DATABASE_URL);

/** Refuses a query on `db` made inside a transaction's work (transactionScope.server.ts says why). */
const outsideOnly: KyselyPlugin = {
  transformQuery({ node }) {
    refuseInsideTransaction();
    return node;
  },
  transformResult: async ({ result }) => result,
};

let open: SqliteConnection | undefined;
/** The process's SQLite connection (the one Prisma uses too), opened again if it was closed. */
function connection() {
  if (open && !open.closed) return open;
  if (!env.DATABASE_URL.startsWith('file:')) {
    throw new Error('DATABASE_URL must be a SQLite file: URL or a postgresql:// URL');
  }
  return (open = sqliteConnection(env.DATABASE_URL, env.SQLITE_SYNCHRONOUS));
}

const base = new Kysely<DB>({
  dialect:
    provider === 'postgresql'
      ? new PostgresDialect({ pool: postgresPool(env.DATABASE_URL, env.DATABASE_POOL_SIZE) })
      : sqliteDialect(connection, { held: false }),
});
/** A transaction's own statements on SQLite: run at once, on the connection the transaction holds. */
const heldSqlite = new Kysely<DB>({ dialect: sqliteDialect(connection, { held: true }) });

/** Queries outside a transaction, each committed on its own. */
export const db: Db = base.withPlugin(outsideOnly);

/**
 * PostgreSQL: transactions with the same `queue` key run one at a time in this process, so a burst on
 * one order waits here without holding pooled connections (across instances the order's row lock
 * serialises them). SQLite needs no queue: its one connection already runs one transaction at a time,
 * and transactions that wait there join one group commit.
 */
const queued = createKeyedQueue();

/**
 * `work`'s statements in one transaction: all of them or none, and the promise settles once they are
 * committed. `work` runs every statement on the handle it is given; a query on `db`, a Prisma call or a
 * second transaction from inside it fails at once (it would wait for ever on SQLite).
 */
export function transaction<T>(work: (trx: Db) => Promise<T>, { queue }: { queue?: string } = {}) {
  refuseInsideTransaction();
  if (provider === 'sqlite') return connection().inTransaction(() => work(heldSqlite));
  const run = () => base.transaction().execute((trx) => insideTransaction(() => work(trx)));
  return queue === undefined ? run() : queued(queue, run);
}

/**
 * Whether the database runs one writing transaction at a time (SQLite). Then a row written inside a
 * transaction waits for nobody and shares that transaction's commit; on PostgreSQL it stays locked until
 * the transaction commits, so rows many transactions write (a rate-limit counter) are written on their own.
 */
export const writesOneAtATime = provider === 'sqlite';

/**
 * Kysely queries inside a Prisma interactive transaction (`prisma.$transaction(async (tx) => …)`), run
 * by Prisma on that transaction's connection: for model functions that serve both kinds of transaction.
 */
export function inPrismaTransaction(tx: Prisma.TransactionClient): Db {
  const connection = {
    async executeQuery<R>({ sql, parameters }: CompiledQuery) {
      return { rows: await tx.$queryRawUnsafe<R[]>(sql, ...parameters) };
    },
    streamQuery(): never {
      throw new Error('Streaming results is not supported inside a Prisma transaction');
    },
  };
  const dialect: Dialect = {
    createAdapter: () => (provider === 'postgresql' ? new PostgresAdapter() : new SqliteAdapter()),
    createQueryCompiler: () =>
      provider === 'postgresql' ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    createIntrospector: (kysely) =>
      provider === 'postgresql' ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {
        throw new Error('Already inside a Prisma transaction');
      },
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    }),
  };
  return new Kysely<DB>({ dialect });
}
