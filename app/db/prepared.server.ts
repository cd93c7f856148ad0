import { CompiledQuery, sql, type Compilable, type RawBuilder } from 'kysely';
import { db as outside, type Db } from './query.server';
import { refuseInsideTransaction } from './transactionScope.server';

// Statements a hot path runs on every request (the guest confirm's), built and compiled by Kysely once
// per process instead of once per run: the first run builds the query with the same typed builder as any
// other, a named parameter (`param('id')`, typed as that value) where each value goes, and keeps the SQL;
// every run sends that SQL with its own values. Why: docs/decisions/2026-11-26-prepared-queries.md.
//
// What must stay true for a prepared query: its SQL does not depend on its values. A value that decides
// the shape (an `in` list, how many rows an insert has, whether a clause is there) is not a parameter: it
// is built per run like any other query, or chooses between prepared queries. A process runs one kind of
// database, so one compiled text serves every handle (`db`, a transaction's, inPrismaTransaction's).

/** Where a named value goes; the compiled query holds it among its parameters until a run replaces it. */
class Named {
  constructor(readonly name: string) {}
}

/** Stands for the value named `name` in a prepared query, typed as that value. */
export type Param<V> = <K extends keyof V & string>(name: K) => RawBuilder<V[K]>;

/** A query prepared from `build`; run it with a handle and the values its parameters name. */
export function prepared<V extends Record<string, unknown>, O>(
  build: (db: Db, param: Param<V>) => Compilable<O>,
) {
  let compiled: CompiledQuery<O> | undefined;
  const param: Param<V> = (name) => sql`${new Named(name)}`;
  return async function run(handle: Db, values: V): Promise<O[]> {
    // A query on `db` from inside a transaction's work is refused, as the builder's own queries are.
    if (handle === outside) refuseInsideTransaction();
    compiled ??= build(handle, param).compile();
    const parameters = compiled.parameters.map((value) =>
      value instanceof Named ? values[value.name] : value,
    );
    const { rows } = await handle.executeQuery(
      CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<O>,
    );
    return rows;
  };
}
