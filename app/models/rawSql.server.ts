import type { Prisma } from '@prisma/client';
import pg from 'pg';
import prisma, { provider } from '../db.server';
import { env } from '../env.server';
import { postgresPool } from '../prismaClient.server';
import { sqliteConnection } from '../sqlite.server';

// Plain SQL (the confirm's hot path, the rate limits, the privacy webhooks' searches), written once for
// both databases: placeholders are written $1..$n as PostgreSQL reads them; SQLite reads ?1..?n.
// Identifiers are double-quoted ("GroupOrder"), which both databases accept. Rows come back typed as
// Prisma's models (dates as Date, booleans as boolean); counts may be bigint.
//
// They run straight on the driver, without Prisma: through Prisma each one is handed to its query engine
// and back, which cost a confirm more than its SQL did. On the embedded SQLite database that is the
// process's one connection (app/sqlite.server.ts); on PostgreSQL, `pg` on the pool Prisma's adapter uses
// too (app/prismaClient.server.ts), each text a named prepared statement, parsed once per connection.

/** SQLite's form of each statement text seen so far (the hot path repeats the same few texts). */
const sqliteTexts = new Map<string, string>();
const SQLITE_TEXTS_KEPT = 1000;
const LISTS_KEPT = 1000;

/** The statement in the current database's placeholder style. */
export function sql(text: string) {
  if (provider === 'postgresql') return text;
  let converted = sqliteTexts.get(text);
  if (converted === undefined) {
    converted = text.replace(/\$(\d+)/g, '?$1');
    if (sqliteTexts.size < SQLITE_TEXTS_KEPT) sqliteTexts.set(text, converted);
  }
  return converted;
}

const lists = new Map<string, string>();

/** `count` placeholders numbered from `from`: "$4, $5, $6" (kept: the same few recur in every confirm). */
export function list(count: number, from: number) {
  const key = `${count}:${from}`;
  let text = lists.get(key);
  if (text === undefined) {
    text = Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
    if (lists.size < LISTS_KEPT) lists.set(key, text);
  }
  return text;
}

/** Runs plain statements ($1..$n placeholders) on a connection or inside a transaction. */
export type Sql = {
  /** The rows a statement returns (none for one without RETURNING). */
  rows<T>(text: string, ...args: unknown[]): Promise<T[]>;
};

/** Statements through a Prisma client or one of its transactions (a caller already inside one). */
export function viaPrisma(db: Prisma.TransactionClient): Sql {
  return { rows: (text, ...args) => db.$queryRawUnsafe(sql(text), ...args) };
}

const direct = provider === 'sqlite' && env.DATABASE_URL.startsWith('file:');
let open: ReturnType<typeof sqliteConnection> | undefined;
/** The process's SQLite connection (the one Prisma uses too), opened again if it was closed. */
const connection = () =>
  open && !open.closed ? open : (open = sqliteConnection(env.DATABASE_URL, env.SQLITE_SYNCHRONOUS));
const onConnection: Sql = {
  rows: async (text, ...args) => connection().objects(sql(text), args),
};

// ---------- PostgreSQL through `pg` ----------
const pool = () => postgresPool(env.DATABASE_URL, env.DATABASE_POOL_SIZE);

/** A name per statement text: a connection parses a named statement once and reuses it after. */
const statementNames = new Map<string, string>();
const NAMED_STATEMENTS = 1000;
function statementName(text: string) {
  let name = statementNames.get(text);
  // Texts past the bound go unnamed (parsed each time): a name must never stand for two texts.
  if (name === undefined && statementNames.size < NAMED_STATEMENTS) {
    name = `go${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Values as Prisma returns them from a raw query: timestamps (stored as UTC wall time, without a zone) as
 * Dates, 64-bit integers (counts) as bigint. Other types as `pg` reads them.
 */
const readTimestamp = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
const readInt8 = (text: string) => BigInt(text);
const readTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1114) return readTimestamp;
    if (oid === 20) return readInt8;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Arguments as Prisma's adapter writes them: an instant as its UTC wall time, which the columns hold. */
const toPg = (value: unknown) => (value instanceof Date ? value.toISOString().replace('Z', '') : value);

function onPostgres(client: pg.PoolClient): Sql {
  return {
    rows: async <T>(text: string, ...args: unknown[]) =>
      (
        await client.query({
          name: statementName(text),
          text,
          values: args.map(toPg),
          types: readTypes,
        } as pg.QueryConfig)
      ).rows as T[],
  };
}

/**
 * PostgreSQL refuses a prepared statement whose result columns a migration has changed since this
 * connection prepared it (0A000, "cached plan must not change result type"): an instance still running
 * while a newer one migrates. Such a connection is closed rather than reused, so the pool heals.
 */
const stalePlan = (error: unknown) => error instanceof pg.DatabaseError && error.code === '0A000';

/** One statement on a pooled connection; a connection the statement failed on itself is closed. */
async function onPool<T>(text: string, args: unknown[]): Promise<T[]> {
  // A stale plan is tried again, on another connection each time (at most the pool's size + 1 tries).
  for (let attempt = 0; ; attempt++) {
    const client = await pool().connect();
    try {
      const rows = await onPostgres(client).rows<T>(text, ...args);
      client.release();
      return rows;
    } catch (error) {
      // A refusal from the database (a unique violation, say) leaves the connection fit for the next one.
      const fit = error instanceof pg.DatabaseError && !stalePlan(error);
      client.release(fit ? undefined : (error as Error));
      if (!stalePlan(error) || attempt >= env.DATABASE_POOL_SIZE) throw error;
    }
  }
}

/** BEGIN … COMMIT on one pooled connection; ROLLBACK when `work` throws (the connection closed if that fails). */
async function postgresTransaction<T>(work: (db: Sql) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  try {
    const value = await work(onPostgres(client));
    await client.query('COMMIT');
    client.release();
    return value;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
      client.release(stalePlan(error) ? (error as Error) : undefined);
    } catch (failed) {
      client.release(failed as Error);
    }
    throw error;
  }
}

/** One statement on its own (it commits by itself). */
export const plain: Sql = direct
  ? {
      rows: (text, ...args) => {
        const db = connection();
        return db.exclusive(() => db.objects(sql(text), args));
      },
    }
  : provider === 'postgresql'
    ? { rows: (text, ...args) => onPool(text, args) }
    : viaPrisma(prisma);

/** Statements in one transaction: all of them or none. */
export function sqlTransaction<T>(work: (db: Sql) => Promise<T>): Promise<T> {
  if (direct) return connection().inTransaction(() => work(onConnection));
  if (provider === 'postgresql') return postgresTransaction(work);
  return prisma.$transaction((tx) => work(viaPrisma(tx)));
}
