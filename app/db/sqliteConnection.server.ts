import Database from 'libsql';
import { preparedStatements } from './sqliteStatements.server';
import { insideTransaction, refuseInsideTransaction } from './transactionScope.server';
import { toObjects, toSql } from './sqliteValues.server';

// The process's ONE connection to the SQLite file, shared by Prisma (prismaSqliteAdapter.server.ts) and
// the query builder (sqliteDialect.server.ts). Why one, and the figures that decided it:
// docs/decisions/2026-11-23-one-sqlite-connection.md; the group commit: 2026-11-24-sqlite-group-commit.md.
//
// What must stay true: a file opens exactly one connection per process; a statement text is prepared once
// and kept; one lock is held from BEGIN to COMMIT/ROLLBACK by whoever runs a transaction (Prisma's or the
// query builder's), so their statements never interleave; a call that would wait for the transaction
// holding the lock from inside its own work fails at once (transactionScope.server.ts).

/** A group commit stops waiting for more transactions once it has this many, or this long after its BEGIN. */
const GROUP_MEMBERS = 64;
const GROUP_WAIT_MS = 2;

/** A group commit: its members await `committed` (see `inTransaction`). */
type Batch = {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** Transactions that have joined it. */
  members: number;
};

export type Synchronous = 'NORMAL' | 'FULL';

export class SqliteConnection {
  closed = false;
  #db: Database.Database;
  #statements: ReturnType<typeof preparedStatements>;
  /** Held from BEGIN to COMMIT/ROLLBACK by whoever runs a transaction. */
  #lock: Promise<void> = Promise.resolve();
  /** The group commit open now: query-builder transactions that ended and wait for its COMMIT. */
  #batch: Batch | null = null;
  /** Prisma clients using the connection: each one's adapter closes it once, the last one closes it. */
  users = 0;

  constructor(path: string, synchronous: Synchronous = 'NORMAL') {
    this.#db = new Database(path);
    for (const pragma of sqlitePragmas(synchronous)) this.#db.exec(pragma);
    this.#statements = preparedStatements(this.#db);
  }

  /** Waits for the transaction in progress, if any; the function returned lets the next one in. */
  async #acquire(): Promise<() => void> {
    refuseInsideTransaction();
    const previous = this.#lock;
    let release!: () => void;
    this.#lock = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }

  /** The lock, for work outside a group commit: a group commit still open is committed first. */
  async #acquireOutside(): Promise<() => void> {
    const release = await this.#acquire();
    this.#commitBatch();
    return release;
  }

  /** One statement, at once (the caller holds the lock or runs inside a transaction that does). */
  run(sql: string, values: readonly unknown[] = []) {
    return this.#statements.run(sql, values);
  }

  /**
   * One statement for the query builder, at once: rows as objects typed as Prisma types them; for a
   * statement without rows, how many it changed.
   */
  query<T>(sql: string, args: readonly unknown[]) {
    const { prepared, rows, changes, lastInsertRowid } = this.run(sql, args.map(toSql));
    if (!prepared.reader) return { rows: [] as T[], changes, lastInsertRowid };
    const objects = toObjects<T>(prepared.columns, prepared.declaredTypes, rows);
    return { rows: objects, changes: undefined, lastInsertRowid: undefined };
  }

  /** `work` (statements outside a transaction) once no transaction is in progress. */
  async exclusive<T>(work: () => T): Promise<T> {
    const release = await this.#acquireOutside();
    try {
      return work();
    } finally {
      release();
    }
  }

  /** Several statements in one text (a migration script), outside a transaction. */
  executeScript(sql: string) {
    return this.exclusive(() => this.#db.exec(sql));
  }

  /**
   * A transaction of its own (Prisma's): BEGIN IMMEDIATE once nothing else holds the connection, which
   * takes the write lock at once, so a transaction never fails half-way when it upgrades from reading to
   * writing. The function returned ends it and lets the next one in.
   */
  async begin(): Promise<(end: 'COMMIT' | 'ROLLBACK') => void> {
    const release = await this.#acquireOutside();
    try {
      this.run('BEGIN IMMEDIATE');
    } catch (error) {
      release();
      throw error;
    }
    let open = true;
    return (end) => {
      if (!open) return;
      open = false;
      try {
        if (end === 'COMMIT') this.run(end);
        else this.#rollbackQuietly();
      } finally {
        release();
      }
    };
  }

  /**
   * A transaction of the query builder: all of `work`'s statements or none, and the promise settles once
   * they are committed. It holds the connection's lock while `work` runs, so `work` runs its statements on
   * the connection itself and must not wait for anything that needs the connection.
   *
   * Group commit: transactions that come in together share one BEGIN IMMEDIATE … COMMIT, each inside a
   * SAVEPOINT of its own, so one that fails rolls back to its savepoint and leaves the others as they
   * are. The COMMIT runs once a turn of the event loop has added no one to the group (checked at
   * setImmediate; the group stops waiting at GROUP_MEMBERS members or GROUP_WAIT_MS after BEGIN), or
   * sooner when anything else needs the connection. No transaction's promise settles before its COMMIT:
   * an answer never reports a write that is not yet in the database, and a COMMIT that fails fails every
   * member.
   */
  async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.#acquire();
    let batch: Batch;
    let value: T;
    try {
      // The group's first member needs no savepoint: when it fails, nothing else is in the transaction.
      const first = !this.#batch;
      batch = this.#batch ?? this.#beginBatch();
      batch.members += 1;
      if (!first) this.run('SAVEPOINT work');
      try {
        value = await insideTransaction(work);
        if (!first) this.run('RELEASE work');
      } catch (error) {
        this.#undo(batch, first, error);
        throw error;
      }
    } finally {
      release();
    }
    await batch.committed;
    return value;
  }

  /** BEGIN IMMEDIATE for a new group commit, its COMMIT due once the requests ready to join have joined. */
  #beginBatch(): Batch {
    this.run('BEGIN IMMEDIATE');
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const committed = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
    // Each member awaits it; this keeps a failed COMMIT from counting as unhandled in between.
    committed.catch(() => {});
    const batch = { committed, resolve, reject, members: 0 };
    this.#batch = batch;
    // The COMMIT waits while the group keeps growing: a turn of the event loop that added a member gives
    // the requests arriving next a turn to join too. The first turn that adds no one commits.
    const opened = performance.now();
    let seen = 0;
    const settle = () => {
      if (this.#batch !== batch) return;
      const growing = batch.members !== seen;
      if (growing && batch.members < GROUP_MEMBERS && performance.now() - opened < GROUP_WAIT_MS) {
        seen = batch.members;
        setImmediate(settle);
        return;
      }
      void this.#acquire().then((release) => {
        if (this.#batch === batch) this.#commitBatch();
        release();
      });
    };
    setImmediate(settle);
    return batch;
  }

  /** COMMIT of the open group commit (the caller holds the lock); its members learn the outcome. */
  #commitBatch() {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = null;
    try {
      this.run('COMMIT');
      batch.resolve();
    } catch (error) {
      this.#rollbackQuietly();
      batch.reject(error);
    }
  }

  /** Back to the failed member's savepoint; when SQLite already ended the whole transaction, the batch fails. */
  #undo(batch: Batch, first: boolean, error: unknown) {
    if (first) {
      // Alone in the transaction: it all goes, and the group with it (nobody else waits for its COMMIT).
      this.#batch = null;
      this.#rollbackQuietly();
      batch.resolve();
      return;
    }
    try {
      this.run('ROLLBACK TO work');
      this.run('RELEASE work');
    } catch {
      // SQLite rolled everything back on its own (e.g. SQLITE_FULL): the members before this one are lost too.
      if (this.#batch === batch) this.#batch = null;
      this.#rollbackQuietly();
      batch.reject(error);
    }
  }

  /** ROLLBACK, unless SQLite already rolled back on its own (e.g. after SQLITE_FULL): nothing left to end. */
  #rollbackQuietly() {
    try {
      this.run('ROLLBACK');
    } catch {
      /* no transaction left */
    }
  }

  close() {
    if (this.closed || --this.users > 0) return;
    this.#commitBatch();
    this.closed = true;
    this.#statements.clear();
    this.#db.close();
  }
}

/** The database file a file: URL names ("file:./data/x.sqlite", "file:/abs/x.sqlite", "file:///abs"). */
function filePath(url: string) {
  if (url === ':memory:') return url;
  if (!url.startsWith('file:')) {
    throw new Error(
      'DATABASE_URL must be a SQLite file: URL (a libsql:// server is not supported) or a postgresql:// URL',
    );
  }
  const rest = url.slice('file:'.length);
  return decodeURIComponent(rest.startsWith('//') ? rest.slice(2) : rest).replace(/\?.*$/, '');
}

/** The open connection to each file, shared by the Prisma client and the query builder. */
const connections = new Map<string, SqliteConnection>();

/** The process's connection to the file a file: URL names, opened (with its pragmas) on first use. */
export function sqliteConnection(url: string, synchronous?: Synchronous) {
  const path = filePath(url);
  const open = connections.get(path);
  if (open && !open.closed) return open;
  const connection = new SqliteConnection(path, synchronous);
  // An in-memory database is a database of its own per connection: never shared.
  if (path !== ':memory:') connections.set(path, connection);
  return connection;
}

/**
 * Connection settings, run when the connection opens (they live on the one connection). WAL: readers in
 * other processes never block the writer. busy_timeout: a write waits briefly for another process's lock
 * instead of failing. synchronous: the driver is synchronous, so a sync to disk blocks the whole process
 * while it lasts (docs/decisions/2026-11-24-sqlite-synchronous-normal.md). With WAL, NORMAL syncs only at
 * checkpoints: the database stays consistent through any crash and a commit survives the process dying,
 * but the last commits before a power loss or OS crash may be rolled back. FULL syncs every commit
 * (SQLITE_SYNCHRONOUS=FULL).
 */
export function sqlitePragmas(synchronous: Synchronous = 'NORMAL') {
  return ['PRAGMA journal_mode = WAL', 'PRAGMA busy_timeout = 5000', `PRAGMA synchronous = ${synchronous}`];
}
