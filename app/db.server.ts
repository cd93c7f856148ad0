import type { PrismaClient } from '@prisma/client';
import pg from 'pg';
import { env } from './env.server';
import { createPrismaClient, providerOf } from './prismaClient.server';

declare global {
  var prismaGlobal: PrismaClient | undefined;
}

/** Which database DATABASE_URL names: 'sqlite' (file:, the default) or 'postgresql'. */
export const provider = providerOf(env.DATABASE_URL);

// One client per process; the dev server reloads modules, so keep it on globalThis there.
const prisma =
  globalThis.prismaGlobal ??
  createPrismaClient(env.DATABASE_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
  });
if (env.NODE_ENV !== 'production') globalThis.prismaGlobal = prisma;

/**
 * A unique constraint was violated: Prisma's P2002 from a model query, or P2010 from a raw one, whose
 * driver adapter names the kind, or the driver's own error from the query builder (SQLite's constraint
 * error, PostgreSQL's 23505). Checked by name and code rather
 * than instanceof: each generated client has its own error classes, and PostgreSQL's is not
 * @prisma/client's.
 */
export function isUniqueViolation(error: unknown) {
  if (!(error instanceof Error)) return false;
  // The query builder on SQLite (app/db/query.server.ts) gets the driver's own error.
  if (error.name === 'SqliteError') {
    const { code } = error as { code?: unknown };
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  }
  if (error instanceof pg.DatabaseError) return error.code === '23505';
  if (error.name !== 'PrismaClientKnownRequestError') return false;
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  return (
    code === 'P2002' ||
    (code === 'P2010' && meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation')
  );
}

/**
 * Spread into a `contains`/`startsWith` filter to match text case-insensitively on both databases.
 * SQLite's LIKE already ignores ASCII case (and its client has no `mode`); PostgreSQL needs ILIKE.
 */
export const caseInsensitive = (provider === 'postgresql' ? { mode: 'insensitive' } : {}) as Record<
  string,
  never
>;

export default prisma;
export type Db = PrismaClient;
