import { PrismaLibSQL } from '@prisma/adapter-libsql';

// The adapter's own @libsql/client (it pins a version of its own), as the adapter types it.
type Client = ReturnType<PrismaLibSQL['createClient']>;
type Config = Parameters<PrismaLibSQL['createClient']>[0];
type Transaction = Awaited<ReturnType<Client['transaction']>>;
type InStatement = Parameters<Client['execute']>[0];

// SQLite through Prisma's libSQL adapter, on ONE long-lived connection per process.
//
// Why: @libsql/client's transaction() hands its connection to the transaction and opens a fresh one for
// the next statement; the old connection is closed only when garbage-collected. Prisma's adapter calls
// transaction() for every interactive transaction, so under load a process held ~1,900 open SQLite
// connections (files) and 600–900 MiB it never gave back. The adapter already serializes work on a
// client: a transaction holds the adapter's lock from BEGIN to COMMIT, so nothing else can run on the
// connection meanwhile. Running the transaction on the client's own connection is therefore safe, and it
// keeps one connection (three files with WAL) and flat memory whatever the load.

type Mode = 'write' | 'read' | 'deferred';

const BEGIN: Record<Mode, string> = {
  // IMMEDIATE: take the write lock at BEGIN (waiting up to busy_timeout for another process), so a
  // transaction never fails half-way when it upgrades from reading to writing.
  write: 'BEGIN IMMEDIATE',
  deferred: 'BEGIN IMMEDIATE',
  read: 'BEGIN DEFERRED',
};

/** A transaction on the client's own connection; the adapter's lock keeps everything else out meanwhile. */
function sameConnectionTransaction(client: Client): Transaction {
  let open = true;
  const run = (statement: InStatement) => {
    if (!open) throw new Error('The transaction is closed');
    return client.execute(statement);
  };
  const end = async (sql: 'COMMIT' | 'ROLLBACK') => {
    if (!open) return;
    open = false;
    try {
      await client.execute(sql);
    } catch (error) {
      // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL): nothing left to end.
      if (sql === 'COMMIT') throw error;
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

/** Wraps a file: client so transaction() stays on its connection instead of opening a new one. */
export function singleConnectionClient(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'transaction') {
        return async (mode: Mode = 'write') => {
          await target.execute(BEGIN[mode] ?? 'BEGIN IMMEDIATE');
          return sameConnectionTransaction(target);
        };
      }
      const value = Reflect.get(target, property, target);
      // Methods use the client's private fields: call them on the client itself, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

class SingleConnectionLibSQL extends PrismaLibSQL {
  createClient(config: Config): Client {
    const client = super.createClient(config);
    return config.url.startsWith('file:') || config.url === ':memory:'
      ? singleConnectionClient(client)
      : client;
  }
}

/**
 * The Prisma adapter for a SQLite file: one connection, WAL (readers in other processes never block the
 * writer), and a busy timeout so a write waits briefly for another process's lock instead of failing.
 */
export function sqliteAdapter(url: string) {
  return new SingleConnectionLibSQL({ url });
}

/**
 * Connection settings, run once when the client is created (they live on the one connection).
 * synchronous: the driver is synchronous, so a sync to disk blocks the whole process while it lasts
 * (2–4 ms per commit on this machine's disk, i.e. a ceiling of a few hundred writes a second). With
 * WAL, NORMAL syncs only at checkpoints: the database stays consistent through any crash and a commit
 * survives the process dying, but the last commits before a power loss or OS crash may be rolled back.
 * FULL syncs every commit (SQLITE_SYNCHRONOUS=FULL).
 */
export function sqlitePragmas(synchronous: 'NORMAL' | 'FULL' = 'NORMAL') {
  return ['PRAGMA journal_mode = WAL', 'PRAGMA busy_timeout = 5000', `PRAGMA synchronous = ${synchronous}`];
}
