import type Database from 'libsql';
import { LRUCache } from 'lru-cache';

// Statements on the process's SQLite connection, each SQL text prepared once and kept (a bounded LRU keyed
// by the text; IN lists of different lengths are different texts), never prepared per call. Integers come
// back as the driver's bigints and rows as arrays in column order; the callers convert values their way
// (sqliteValues.server.ts for the query builder, prismaSqliteValues.server.ts for Prisma).

/** Distinct SQL texts kept prepared. */
const STATEMENT_CACHE_SIZE = 500;

export type Prepared = {
  statement: Database.Statement;
  reader: boolean;
  columns: string[];
  /** The declared type of each column read straight from a table; null for an expression. */
  declaredTypes: (string | null)[];
};

/** What one statement did: the rows it read, or how many rows it changed. */
type Outcome = {
  prepared: Prepared;
  rows: unknown[][];
  changes: number;
  lastInsertRowid: bigint | undefined;
};

export function preparedStatements(db: Database.Database) {
  const cache = new LRUCache<string, Prepared>({ max: STATEMENT_CACHE_SIZE });

  function prepare(sql: string): Prepared {
    const cached = cache.get(sql);
    if (cached) return cached;
    const statement = db.prepare(sql);
    statement.safeIntegers(true);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const described = reader ? statement.columns() : [];
    const prepared = {
      statement,
      reader,
      columns: described.map((column) => column.name),
      declaredTypes: described.map((column) => column.type?.toUpperCase() ?? null),
    };
    cache.set(sql, prepared);
    return prepared;
  }

  return {
    /** One statement, at once, with `values` already in the driver's terms. */
    run(sql: string, values: readonly unknown[]): Outcome {
      const prepared = prepare(sql);
      if (prepared.reader) {
        const rows = prepared.statement.all(values) as unknown[][];
        return { prepared, rows, changes: 0, lastInsertRowid: undefined };
      }
      const info = prepared.statement.run(values);
      return { prepared, rows: [], changes: info.changes, lastInsertRowid: BigInt(info.lastInsertRowid) };
    },
    clear() {
      cache.clear();
    },
  };
}
