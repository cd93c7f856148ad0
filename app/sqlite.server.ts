import { PrismaLibSQL } from '@prisma/adapter-libsql';
import Database from 'libsql';
import { insideTransaction, refuseInsideTransaction } from './db/transactionScope.server';

// SQLite through Prisma's libSQL adapter, on ONE long-lived connection per process, with its statements
// prepared once. Why, and the figures that decided it: docs/decisions/2026-11-23-one-sqlite-connection.md
// (and 2026-11-24-sqlite-group-commit.md for inTransaction below).
//
// What must stay true here: a file: URL opens exactly one connection per process (the stock
// @libsql/client opens a new one per transaction and frees the old one only at garbage collection), and
// a statement text is prepared once and kept (a bounded LRU keyed by SQL text), not prepared per call.
// So file: URLs get the small client below over the `libsql` driver: one connection, prepared statements
// kept, transactions on the same connection. The adapter already
// serializes work on a client (a transaction holds its lock from BEGIN to COMMIT); the connection keeps a
// lock of its own as well, because the query builder (app/db/query.server.ts) runs transactions on
// it without Prisma. Other URLs (libsql://, a remote server) keep the stock client.

type Client = ReturnType<PrismaLibSQL['createClient']>;
type Config = Parameters<PrismaLibSQL['createClient']>[0];
type Transaction = Awaited<ReturnType<Client['transaction']>>;
type InStatement = Parameters<Client['execute']>[0];
type ResultSet = Awaited<ReturnType<Client['execute']>>;
type Statement = Database.Statement;

type Mode = 'write' | 'read' | 'deferred';
const BEGIN: Record<Mode, string> = {
  // IMMEDIATE: take the write lock at BEGIN (waiting up to busy_timeout for another process), so a
  // transaction never fails half-way when it upgrades from reading to writing. Prisma asks for
  // "deferred" for every interactive transaction, which may write.
  write: 'BEGIN IMMEDIATE',
  deferred: 'BEGIN IMMEDIATE',
  read: 'BEGIN DEFERRED',
};

/** A group commit stops waiting for more transactions once it has this many, or this long after its BEGIN. */
const GROUP_MEMBERS = 64;
const GROUP_WAIT_MS = 2;

/** Distinct SQL texts kept prepared (IN lists of different lengths are different texts). */
const STATEMENT_CACHE_SIZE = 500;

/** The result-set shape the adapter reads: rows as arrays, in column order. */
type Result = {
  columns: string[];
  columnTypes: string[];
  rows: unknown[][];
  rowsAffected: number;
  lastInsertRowid?: bigint;
};

/** A group commit: its members await `committed` (see `inTransaction`). */
type Batch = {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** Transactions that have joined it. */
  members: number;
};

type Prepared = {
  statement: Statement;
  reader: boolean;
  columns: string[];
  columnTypes: string[];
};

const minSafe = BigInt(Number.MIN_SAFE_INTEGER);
const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

/** The last instant written and its text: a confirm writes the same instant into several rows. */
let lastInstant = { time: NaN, text: '' };
/** Instants as Prisma's libSQL adapter writes them ("...T12:00:00.000+00:00"), so they compare as text. */
export function sqliteInstant(date: Date) {
  const time = date.getTime();
  if (time === lastInstant.time) return lastInstant.text;
  const text = date.toISOString().replace('Z', '+00:00');
  lastInstant = { time, text };
  return text;
}

/** Arguments: booleans as 0/1, dates as Prisma's adapter writes them (it converts its own before they come here). */
function toSql(value: unknown) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return sqliteInstant(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

/** Values as the stock client returns them: integers as numbers (refusing unsafe ones), blobs as ArrayBuffer. */
function fromSql(value: unknown) {
  if (typeof value === 'bigint') {
    if (value < minSafe || value > maxSafe) {
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    }
    return Number(value);
  }
  if (value instanceof Buffer) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  }
  return value;
}

/** A value as Prisma returns it for the column's declared type: DATETIME as a Date, BOOLEAN as a boolean. */
function typed(value: unknown, columnType: string) {
  if (value === null) return null;
  if (columnType === 'DATETIME') return new Date(value as string | number);
  if (columnType === 'BOOLEAN') return value !== 0;
  return value;
}

function toObjects<T>(columns: string[], columnTypes: string[], rows: unknown[][]) {
  return rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) object[columns[i]] = typed(row[i], columnTypes[i]);
    return object as T;
  });
}

export class SqliteConnection {
  readonly protocol = 'file';
  closed = false;
  #db: Database.Database;
  #prepared = new Map<string, Prepared>();
  /** Held from BEGIN to COMMIT/ROLLBACK by whoever runs a transaction: Prisma's adapter or the plain path. */
  #lock: Promise<void> = Promise.resolve();
  /** The group commit open now: query-builder transactions that ended and wait for its COMMIT (see `inTransaction`). */
  #batch: Batch | null = null;
  /** Prisma clients using the connection: each one's adapter closes it once, the last one closes it. */
  users = 0;

  constructor(path: string, synchronous: 'NORMAL' | 'FULL' = 'NORMAL') {
    this.#db = new Database(path);
    for (const pragma of sqlitePragmas(synchronous)) this.#db.exec(pragma);
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
    // the requests arriving next a turn to join too (until the group has GROUP_MEMBERS, or GROUP_WAIT_MS
    // after BEGIN). The first turn that adds no one commits.
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
      rollbackQuietly(this);
      batch.reject(error);
    }
  }

  #prepare(sql: string): Prepared {
    const cached = this.#prepared.get(sql);
    if (cached) {
      // Most recently used last, so the first key is the one to drop when the cache is full.
      this.#prepared.delete(sql);
      this.#prepared.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql);
    statement.safeIntegers(true);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const described = reader ? statement.columns() : [];
    const prepared = {
      statement,
      reader,
      columns: described.map((column) => column.name),
      columnTypes: described.map((column) => column.type ?? ''),
    };
    if (this.#prepared.size >= STATEMENT_CACHE_SIZE) {
      this.#prepared.delete(this.#prepared.keys().next().value!);
    }
    this.#prepared.set(sql, prepared);
    return prepared;
  }

  /** One statement, at once (the caller holds the lock or is inside a transaction that does). */
  #statement(sql: string, args: readonly unknown[]): Result {
    const prepared = this.#prepare(sql);
    const values = args.map(toSql);
    if (prepared.reader) {
      const rows = (prepared.statement.all(values) as unknown[][]).map((row) => row.map(fromSql));
      return { columns: prepared.columns, columnTypes: prepared.columnTypes, rows, rowsAffected: 0 };
    }
    const info = prepared.statement.run(values);
    return {
      columns: [],
      columnTypes: [],
      rows: [],
      rowsAffected: info.changes,
      lastInsertRowid: BigInt(info.lastInsertRowid),
    };
  }

  /** `#statement` in the adapter's terms: an InStatement in, its result-set shape out. */
  run(input: InStatement): ResultSet {
    const { sql, args } =
      typeof input === 'string' ? { sql: input, args: [] } : { sql: input.sql, args: input.args ?? [] };
    if (!Array.isArray(args)) throw new TypeError('Named arguments are not supported here');
    return this.#statement(sql, args) as unknown as ResultSet;
  }

  /**
   * One statement for the query builder (app/db/sqliteDialect.server.ts): rows as objects typed as
   * `typed` reads them; for a statement without rows, how many it changed.
   */
  query<T>(sql: string, args: readonly unknown[]) {
    const { columns, columnTypes, rows, rowsAffected, lastInsertRowid } = this.#statement(sql, args);
    if (!columns.length && !rows.length) return { rows: [] as T[], changes: rowsAffected, lastInsertRowid };
    return { rows: toObjects<T>(columns, columnTypes, rows), changes: undefined, lastInsertRowid: undefined };
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

  /** Outside a transaction: waits for one in progress. */
  execute(input: InStatement): Promise<ResultSet> {
    return this.exclusive(() => this.run(input));
  }

  async batch(statements: InStatement[]) {
    const results = [];
    for (const statement of statements) results.push(await this.execute(statement));
    return results;
  }

  async executeMultiple(sql: string) {
    await this.exclusive(() => this.#db.exec(sql));
  }

  /** Prisma's transactions: BEGIN now, the lock held until the adapter commits or rolls back. */
  async transaction(mode: Mode = 'write'): Promise<Transaction> {
    const release = await this.#acquireOutside();
    try {
      this.run(BEGIN[mode] ?? 'BEGIN IMMEDIATE');
    } catch (error) {
      release();
      throw error;
    }
    return sameConnectionTransaction(this, release);
  }

  /**
   * A transaction of the query builder: all of `work`'s statements or none, and the promise settles once
   * they are committed. It holds the connection's lock while `work` runs, so `work` runs its statements on
   * the connection itself and must not wait for anything that needs the connection (a Prisma query would
   * wait for ever).
   *
   * Group commit: transactions that come in together share one BEGIN IMMEDIATE … COMMIT, each inside a
   * SAVEPOINT of its own, so one that fails rolls back to its savepoint and leaves the others as they
   * are. The COMMIT runs once a turn of the event loop has added no one to the group (checked at
   * setImmediate; the group stops waiting at GROUP_MEMBERS members or GROUP_WAIT_MS after BEGIN), or sooner when
   * anything else needs the connection. A commit writes the pages its transaction changed to the log;
   * confirms to one order change mostly the same pages, so under a burst a COMMIT for several costs
   * little more than one. No transaction's promise settles before its COMMIT: an answer never reports a
   * write that is not yet in the database, and a COMMIT that fails fails every member.
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

  /** Back to the failed member's savepoint; when SQLite already ended the whole transaction, the batch fails. */
  #undo(batch: Batch, first: boolean, error: unknown) {
    if (first) {
      // Alone in the transaction: it all goes, and the group with it (nobody else waits for its COMMIT).
      this.#batch = null;
      rollbackQuietly(this);
      batch.resolve();
      return;
    }
    try {
      this.run('ROLLBACK TO work');
      this.run('RELEASE work');
    } catch {
      // SQLite rolled everything back on its own (e.g. SQLITE_FULL): the members before this one are lost too.
      if (this.#batch === batch) this.#batch = null;
      rollbackQuietly(this);
      batch.reject(error);
    }
  }

  close() {
    if (this.closed || --this.users > 0) return;
    this.#commitBatch();
    this.closed = true;
    this.#prepared.clear();
    this.#db.close();
  }
}

/** ROLLBACK, unless SQLite already rolled back on its own (e.g. after SQLITE_FULL): nothing left to end. */
function rollbackQuietly(connection: SqliteConnection) {
  try {
    connection.run('ROLLBACK');
  } catch {
    /* no transaction left */
  }
}

/** A transaction on the connection itself; the connection's lock keeps everything else out meanwhile. */
function sameConnectionTransaction(connection: SqliteConnection, release: () => void): Transaction {
  let open = true;
  const run = async (statement: InStatement) => {
    if (!open) throw new Error('The transaction is closed');
    return connection.run(statement);
  };
  const end = async (sql: 'COMMIT' | 'ROLLBACK') => {
    if (!open) return;
    open = false;
    try {
      if (sql === 'COMMIT') connection.run(sql);
      else rollbackQuietly(connection);
    } finally {
      release();
    }
  };
  return {
    execute: run,
    async batch(statements: InStatement[]) {
      const results = [];
      for (const statement of statements) results.push(await run(statement));
      return results;
    },
    async executeMultiple() {
      throw new Error('executeMultiple is not available inside a transaction');
    },
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
    close() {
      void end('ROLLBACK');
    },
    get closed() {
      return !open;
    },
  } as unknown as Transaction;
}

/** The database file a file: URL names ("file:./data/x.sqlite", "file:/abs/x.sqlite", "file:///abs"). */
function filePath(url: string) {
  if (url === ':memory:') return url;
  const rest = url.slice('file:'.length);
  return decodeURIComponent(rest.startsWith('//') ? rest.slice(2) : rest).replace(/\?.*$/, '');
}

/** The open connection to each file, shared by the Prisma client and the query builder. */
const connections = new Map<string, SqliteConnection>();

/** The process's connection to the file a file: URL names, opened (with its pragmas) on first use. */
export function sqliteConnection(url: string, synchronous?: 'NORMAL' | 'FULL') {
  const path = filePath(url);
  const open = connections.get(path);
  if (open && !open.closed) return open;
  const connection = new SqliteConnection(path, synchronous);
  // An in-memory database is a database of its own per connection: never shared.
  if (path !== ':memory:') connections.set(path, connection);
  return connection;
}

function retained(connection: SqliteConnection) {
  connection.users += 1;
  return connection;
}

class SingleConnectionLibSQL extends PrismaLibSQL {
  #synchronous?: 'NORMAL' | 'FULL';
  constructor(config: Config, synchronous?: 'NORMAL' | 'FULL') {
    super(config);
    this.#synchronous = synchronous;
  }
  createClient(config: Config): Client {
    return config.url.startsWith('file:') || config.url === ':memory:'
      ? (retained(sqliteConnection(config.url, this.#synchronous)) as unknown as Client)
      : super.createClient(config);
  }
}

/**
 * The Prisma adapter for a SQLite file: one connection, WAL (readers in other processes never block the
 * writer), and a busy timeout so a write waits briefly for another process's lock instead of failing.
 */
export function sqliteAdapter(url: string, synchronous?: 'NORMAL' | 'FULL') {
  return new SingleConnectionLibSQL({ url }, synchronous);
}

/**
 * Connection settings, run when the connection opens (they live on the one connection).
 * synchronous: the driver is synchronous, so a sync to disk blocks the whole process while it lasts
 * (docs/decisions/2026-11-24-sqlite-synchronous-normal.md). With WAL, NORMAL syncs only at checkpoints: the database stays consistent through any crash and a commit
 * survives the process dying, but the last commits before a power loss or OS crash may be rolled back.
 * FULL syncs every commit (SQLITE_SYNCHRONOUS=FULL).
 */
export function sqlitePragmas(synchronous: 'NORMAL' | 'FULL' = 'NORMAL') {
  return ['PRAGMA journal_mode = WAL', 'PRAGMA busy_timeout = 5000', `PRAGMA synchronous = ${synchronous}`];
}
