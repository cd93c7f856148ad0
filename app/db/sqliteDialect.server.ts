import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { SqliteConnection } from './sqliteConnection.server';

// Kysely on the process's one SQLite connection (sqliteConnection.server.ts), through Kysely's published
// Dialect/Driver/DatabaseConnection interfaces. Kysely's own SqliteDialect keeps a lock of its own; this
// one takes the connection's lock, the one Prisma's transactions take too, so the two never interleave.
//
// Two forms: `outside` runs each statement once no transaction holds the connection (it commits by
// itself); `inside` runs statements at once, for the work of a transaction that already holds it
// (`SqliteConnection.inTransaction`, with its group commit). Transactions are only begun that way:
// Kysely's own `db.transaction()` is refused here, as it would bypass the group commit.

const OWN_TRANSACTIONS =
  'On SQLite a transaction is run by transaction(work) from app/db/query.server.ts (it shares commits).';

function connectionFor(open: () => SqliteConnection, held: boolean): DatabaseConnection {
  return {
    async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
      const connection = open();
      const { rows, changes, lastInsertRowid } = held
        ? connection.query<R>(sql, parameters)
        : await connection.exclusive(() => connection.query<R>(sql, parameters));
      return changes === undefined
        ? { rows }
        : { rows, numAffectedRows: BigInt(changes), insertId: lastInsertRowid };
    },
    streamQuery() {
      throw new Error('Streaming results is not supported on the SQLite connection');
    },
  };
}

function sqliteDriver(open: () => SqliteConnection, held: boolean): Driver {
  const connection = connectionFor(open, held);
  return {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {
      throw new Error(OWN_TRANSACTIONS);
    },
    async commitTransaction() {
      throw new Error(OWN_TRANSACTIONS);
    },
    async rollbackTransaction() {
      throw new Error(OWN_TRANSACTIONS);
    },
    async releaseConnection() {},
    // The connection belongs to the process (Prisma's adapter closes it).
    async destroy() {},
  };
}

/** Kysely's dialect for the SQLite connection `open` returns; `held`: for a transaction's own statements. */
export function sqliteDialect(open: () => SqliteConnection, { held }: { held: boolean }): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => sqliteDriver(open, held),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
}
