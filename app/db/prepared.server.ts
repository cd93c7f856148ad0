import { CompiledQuery, sql, type Compilable, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import { db as outside, type Db } from './query.server';
import { refuseInsideTransaction } from './transactionScope.server';

// Statements a hot path runs on every request (the guest confirm's), built and compiled by Kysely once
// per process instead of once per run: the first run builds the query with the same typed builder as any
// other, a named parameter (`param('id')`, typed as that value) where each value goes, and keeps the SQL;
// every run sends that SQL with its own values. Why: docs/decisions/2026-11-26-prepared-queries.md.
//
// What must stay true for a prepared query: its SQL does not depend on its values. A value that decides
// the shape (an `in` list, how many rows an insert has, whether a clause is there) is not a parameter: it
// is built per run like any other query, or chooses between prepared queries (`preparedRows` chooses by
// the rows' count and columns). A process runs one kind of
// database, so one compiled text serves every handle (`db`, a transaction's, inPrismaTransaction's).

/** Where a value goes: the compiled query holds it among its parameters until a run picks its own. */
class Named<V> {
  constructor(readonly pick: (values: V) => unknown) {}
}

/** Stands for the value named `name` in a prepared query, typed as that value. */
export type Param<V> = <K extends keyof V & string>(name: K) => RawBuilder<V[K]>;

/** A row whose every value is a parameter of a prepared query, each typed as the row's value. */
export type RowParams<R> = { [K in keyof R]: RawBuilder<R[K]> };

/** The compiled query with each run's own values in the places its parameters hold. */
async function send<V, O>(handle: Db, compiled: CompiledQuery<O>, values: V): Promise<O[]> {
  // A query on `db` from inside a transaction's work is refused, as the builder's own queries are.
  if (handle === outside) refuseInsideTransaction();
  const parameters = compiled.parameters.map((value) =>
    value instanceof Named ? (value as Named<V>).pick(values) : value,
  );
  const { rows } = await handle.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<O>);
  return rows;
}

/** A query prepared from `build`; run it with a handle and the values its parameters name. */
export function prepared<V extends Record<string, unknown>, O>(
  build: (db: Db, param: Param<V>) => Compilable<O>,
) {
  let compiled: CompiledQuery<O> | undefined;
  const param: Param<V> = (name) => sql`${new Named<V>((values) => values[name])}`;
  return function run(handle: Db, values: V): Promise<O[]> {
    compiled ??= build(handle, param).compile();
    return send(handle, compiled, values);
  };
}

/** Kinds of row list (how many rows, which columns each has) one query keeps compiled. */
const SHAPES_KEPT = 32;

/**
 * A query on a list of rows (a multi-row insert), prepared once per shape: the number of rows and the
 * columns each row has decide its SQL, so each shape is its own prepared query and every value a
 * parameter. `build` gets rows of parameters typed as the rows, so the builder checks them as it checks
 * any insert (a required column missing from the row type fails to compile).
 */
export function preparedRows<R extends Record<string, unknown>, O>(
  build: (db: Db, rows: RowParams<R>[]) => Compilable<O>,
) {
  const shapes = new LRUCache<string, CompiledQuery<O>>({ max: SHAPES_KEPT });
  return function run(handle: Db, rows: R[]): Promise<O[]> {
    // A value left undefined is a column the builder leaves out, as it would for that row.
    const columns = rows.map((row) => Object.keys(row).filter((key) => row[key] !== undefined));
    const shape = columns.map((keys) => keys.join()).join(';');
    let compiled = shapes.get(shape);
    if (!compiled) {
      const params = columns.map(
        (keys, index) =>
          Object.fromEntries(
            keys.map((key) => [key, sql`${new Named<R[]>((values) => values[index][key])}`]),
          ) as RowParams<R>,
      );
      compiled = build(handle, params).compile();
      shapes.set(shape, compiled);
    }
    return send(handle, compiled, rows);
  };
}
