import type { Prisma } from '@prisma/client';
import prisma, { provider } from '../db.server';
import { env } from '../env.server';
import { sqliteConnection } from '../sqlite.server';

// Plain SQL (the confirm's hot path, the rate limits, the privacy webhooks' searches), written once for
// both databases: placeholders are written $1..$n as PostgreSQL reads them; SQLite reads ?1..?n.
// Identifiers are double-quoted ("GroupOrder"), which both databases accept. Rows come back typed as
// Prisma's models (dates as Date, booleans as boolean); counts may be bigint.
//
// On the embedded SQLite database the statements run straight on the process's one connection
// (app/sqlite.server.ts), without Prisma: through Prisma each one is handed to its query engine and back,
// which cost a confirm more than its SQL did. On PostgreSQL they go through Prisma's raw queries, on its
// pool.

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

/** One statement on its own (it commits by itself). */
export const plain: Sql = direct
  ? {
      rows: (text, ...args) => {
        const db = connection();
        return db.exclusive(() => db.objects(sql(text), args));
      },
    }
  : viaPrisma(prisma);

/** Statements in one transaction: all of them or none. */
export function sqlTransaction<T>(work: (db: Sql) => Promise<T>): Promise<T> {
  if (direct) return connection().inTransaction(() => work(onConnection));
  return prisma.$transaction((tx) => work(viaPrisma(tx)));
}
