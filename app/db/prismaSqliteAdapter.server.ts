import {
  type ColumnType,
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from '@prisma/driver-adapter-utils';
import type { Prepared } from './sqliteStatements.server';
import {
  adapterError,
  columnTypes,
  declaredColumnTypes,
  prismaArg,
  prismaRow,
} from './prismaSqliteValues.server';
import { sqliteConnection, type SqliteConnection, type Synchronous } from './sqliteConnection.server';

// Prisma on the process's one SQLite connection (sqliteConnection.server.ts), through Prisma's published
// driver-adapter interface (@prisma/driver-adapter-utils), the one its own adapters implement. Prisma's
// queries outside a transaction wait for the connection's lock; its transactions hold that lock from
// BEGIN to COMMIT, so they never interleave with the query builder's. Values and errors are mapped as
// Prisma's own SQLite adapters map them (prismaSqliteValues.server.ts).

const ADAPTER_NAME = 'group-order-sqlite';

/** The Prisma column types of each prepared statement's declared types, worked out once per statement. */
const declaredTypesOf = new WeakMap<Prepared, (ColumnType | null)[]>();

function resultSet(connection: SqliteConnection, { sql, args, argTypes }: SqlQuery): SqlResultSet {
  const { prepared, rows } = run(connection, sql, args, argTypes);
  if (!prepared.reader) return { columnNames: [], columnTypes: [], rows: [] };
  let declared = declaredTypesOf.get(prepared);
  if (!declared) declaredTypesOf.set(prepared, (declared = declaredColumnTypes(prepared.declaredTypes)));
  const types = columnTypes(declared, rows);
  return {
    columnNames: prepared.columns,
    columnTypes: types,
    rows: rows.map((row) => prismaRow(row, types)),
  };
}

function run(connection: SqliteConnection, sql: string, args: unknown[], argTypes: SqlQuery['argTypes']) {
  try {
    return connection.run(
      sql,
      args.map((arg, i) => prismaArg(arg, argTypes[i])),
    );
  } catch (error) {
    throw adapterError(error);
  }
}

/** A Prisma transaction: its statements run at once, on the connection whose lock it holds. */
function transactionOn(connection: SqliteConnection, end: (how: 'COMMIT' | 'ROLLBACK') => void): Transaction {
  let open = true;
  const statement = <T>(work: () => T) => {
    if (!open) throw new Error('The transaction is closed');
    return work();
  };
  return {
    provider: 'sqlite',
    adapterName: ADAPTER_NAME,
    // Prisma calls commit() and rollback() rather than sending COMMIT and ROLLBACK as statements.
    options: { usePhantomQuery: true },
    queryRaw: async (query) => statement(() => resultSet(connection, query)),
    executeRaw: async ({ sql, args, argTypes }) =>
      statement(() => run(connection, sql, args, argTypes).changes),
    async commit() {
      open = false;
      try {
        end('COMMIT');
      } catch (error) {
        throw adapterError(error);
      }
    },
    async rollback() {
      open = false;
      end('ROLLBACK');
    },
  };
}

function adapterOn(connection: SqliteConnection): SqlDriverAdapter {
  return {
    provider: 'sqlite',
    adapterName: ADAPTER_NAME,
    queryRaw: (query) => connection.exclusive(() => resultSet(connection, query)),
    executeRaw: ({ sql, args, argTypes }) =>
      connection.exclusive(() => run(connection, sql, args, argTypes).changes),
    async executeScript(script) {
      try {
        await connection.executeScript(script);
      } catch (error) {
        throw adapterError(error);
      }
    },
    async startTransaction(isolationLevel?: IsolationLevel) {
      if (isolationLevel && isolationLevel !== 'SERIALIZABLE') {
        throw new DriverAdapterError({ kind: 'InvalidIsolationLevel', level: isolationLevel });
      }
      let end;
      try {
        end = await connection.begin();
      } catch (error) {
        throw adapterError(error);
      }
      return transactionOn(connection, end);
    },
    async dispose() {
      connection.close();
    },
  };
}

/**
 * The Prisma adapter for a SQLite file: `connect` gives an adapter on the process's connection to it (each
 * Prisma client that connects counts as one user; the last one to dispose closes it). `connectToShadowDb`
 * (for `prisma migrate`) gives one on a fresh in-memory database.
 */
export function sqliteAdapter(url: string, synchronous?: Synchronous): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'sqlite',
    adapterName: ADAPTER_NAME,
    async connect() {
      const connection = sqliteConnection(url, synchronous);
      connection.users += 1;
      return adapterOn(connection);
    },
    async connectToShadowDb() {
      const connection = sqliteConnection(':memory:');
      connection.users += 1;
      return adapterOn(connection);
    },
  };
}
