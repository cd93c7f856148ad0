import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import prisma, { isUniqueViolation, provider } from '~/db.server';
import { plain, sqlTransaction } from './rawSql.server';

// The plain-SQL path runs on the driver itself (SQLite's one connection, or `pg` on PostgreSQL's pool),
// not through Prisma; what it reads and writes must be what Prisma reads and writes.

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const insertCounter = (key: string, points: number, expire: Date | null) =>
  plain.rows(
    `INSERT INTO "RateLimiterFlexible" ("key", "points", "expire") VALUES ($1, $2, $3)`,
    key,
    points,
    expire,
  );

describe('plain SQL', () => {
  it('reads and writes instants as Prisma does, whatever the process time zone', async () => {
    // Far from UTC, so an instant taken as local time would be off by half a day.
    process.env.TZ = 'Pacific/Auckland';
    const key = `plain-${randomUUID()}`;
    const expire = new Date('2026-06-30T23:45:12.345Z');
    await insertCounter(key, 3, expire);
    const viaPrisma = await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key } });
    expect(viaPrisma.expire).toEqual(expire);

    const [row] = await plain.rows<{ points: number; expire: Date }>(
      `SELECT "points", "expire" FROM "RateLimiterFlexible" WHERE "key" = $1`,
      key,
    );
    expect(row).toEqual({ points: 3, expire });

    // An instant as an argument compares with what Prisma wrote, to the millisecond.
    const written = `prisma-${randomUUID()}`;
    await prisma.rateLimiterFlexible.create({ data: { key: written, points: 1, expire } });
    const later = (at: Date) =>
      plain.rows<{ n: unknown }>(
        `SELECT COUNT(*) AS "n" FROM "RateLimiterFlexible" WHERE "key" = $1 AND "expire" > $2`,
        written,
        at,
      );
    expect(Number((await later(new Date(expire.getTime() - 1)))[0].n)).toBe(1);
    expect(Number((await later(expire))[0].n)).toBe(0);
  });

  it('commits a transaction whole or not at all, and names a unique violation as one', async () => {
    const key = `tx-${randomUUID()}`;
    const failure = await sqlTransaction(async (db) => {
      await db.rows(
        `INSERT INTO "RateLimiterFlexible" ("key", "points", "expire") VALUES ($1, $2, $3)`,
        `${key}-first`,
        1,
        null,
      );
      await db.rows(`INSERT INTO "RateLimiterFlexible" ("key", "points") VALUES ($1, $2)`, key, 1);
      await db.rows(`INSERT INTO "RateLimiterFlexible" ("key", "points") VALUES ($1, $2)`, key, 2);
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await prisma.rateLimiterFlexible.count({ where: { key: { in: [key, `${key}-first`] } } })).toBe(0);

    // Failed transactions give their connection back: more of them than the pool holds, then one that
    // commits (a connection kept would make it wait for ever).
    for (let i = 0; i < 12; i++) {
      const error = await sqlTransaction(async (db) => {
        await db.rows(`INSERT INTO "RateLimiterFlexible" ("key", "points") VALUES ($1, $2)`, key, i);
        throw new Error('changed my mind');
      }).catch((thrown: Error) => thrown);
      expect(error.message).toBe('changed my mind');
    }
    const committed = await sqlTransaction((db) =>
      db.rows<{ key: string }>(
        `INSERT INTO "RateLimiterFlexible" ("key", "points") VALUES ($1, $2) RETURNING "key"`,
        key,
        7,
      ),
    );
    expect(committed).toEqual([{ key }]);
    expect((await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key } })).points).toBe(7);
  });

  it.runIf(provider === 'postgresql')(
    'keeps working after a migration changes a table under its prepared statements',
    async () => {
      // An instance still running while a newer one migrates: its connections prepared `SELECT *`
      // before the table gained a column, and PostgreSQL refuses those plans from then on.
      const shop = `stale-${randomUUID()}.myshopify.com`;
      await prisma.webhookReceipt.create({ data: { id: randomUUID(), shop, topic: 'app/uninstalled' } });
      const text = `SELECT * FROM "WebhookReceipt" WHERE "shop" = $1`;
      await plain.rows(text, shop);
      await sqlTransaction((db) => db.rows(text, shop));
      await prisma.$executeRawUnsafe(`ALTER TABLE "WebhookReceipt" ADD COLUMN "note" TEXT`);

      // A statement on its own is tried again on a fresh connection, and sees the new column.
      expect(await plain.rows(text, shop)).toEqual([expect.objectContaining({ shop, note: null })]);
      // A transaction fails (it cannot go on after a refused statement) and its connection is closed,
      // so the next one runs on a fresh connection.
      const failures: string[] = [];
      let rows: unknown[] | undefined;
      for (let attempt = 0; attempt < 3 && !rows; attempt++) {
        rows = await sqlTransaction((db) => db.rows(text, shop)).catch((error: { code?: string }) => {
          failures.push(String(error.code));
          return undefined;
        });
      }
      expect(rows).toEqual([expect.objectContaining({ shop, note: null })]);
      expect(failures.every((code) => code === '0A000')).toBe(true);
      expect(failures.length).toBeLessThanOrEqual(1);
    },
  );
});
