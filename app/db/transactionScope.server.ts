import { AsyncLocalStorage } from 'node:async_hooks';

// Which code runs inside one of our transactions (app/db/query.server.ts `transaction`). On SQLite a
// transaction holds the process's one connection from BEGIN until its work ends, so anything in it that
// asks for the connection again (a Prisma call, a query on `db` instead of the transaction's own handle,
// a second `transaction`) would wait for ever. Such a call fails at once instead, with NESTED_MESSAGE, on
// both databases, so code that would hang on SQLite never reaches production from a PostgreSQL test run.

export const NESTED_MESSAGE =
  'This database call was made inside a transaction but not through it, and would wait for ever for ' +
  'the transaction to end: run it on the transaction handle that `transaction(work)` passes to `work`.';

/** Open while its transaction's work runs; a timer set inside that fires later finds it closed. */
type Scope = { open: boolean };
const scopes = new AsyncLocalStorage<Scope>();

/** Throws when called from inside a transaction's work (see NESTED_MESSAGE). */
export function refuseInsideTransaction() {
  if (scopes.getStore()?.open) throw new Error(NESTED_MESSAGE);
}

/** Runs a transaction's work as the inside of that transaction. */
export async function insideTransaction<T>(work: () => Promise<T>): Promise<T> {
  const scope = { open: true };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}
