import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import prisma, { isUniqueViolation, provider } from '~/db.server';
import { db, transaction, type Db } from './query.server';
import { NESTED_MESSAGE } from './transactionScope.server';

// The query builder runs on the driver itself (SQLite's one connection, or `pg` on PostgreSQL's pool),
// not through Prisma; what it reads and writes must be what Prisma reads and writes, on both databases.

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const insertCounter = (on: Db, key: string, points: number, expire: Date | null = null) =>
  on.insertInto('RateLimiterFlexible').values({ key, points, expire }).execute();

describe('the query builder', () => {
  it('reads and writes instants as Prisma does, whatever the process time zone', async () => {
    // Far from UTC, so an instant taken as local time would be off by half a day.
    process.env.TZ = 'Pacific/Auckland';
    const key = `typed-${randomUUID()}`;
    const expire = new Date('2026-06-30T23:45:12.345Z');
    await insertCounter(db, key, 3, expire);
    const viaPrisma = await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key } });
    expect(viaPrisma.expire).toEqual(expire);

    const row = await db
      .selectFrom('RateLimiterFlexible')
      .select(['points', 'expire'])
      .where('key', '=', key)
      .executeTakeFirst();
    expect(row).toEqual({ points: 3, expire });

    // An instant as an argument compares with what Prisma wrote, to the millisecond.
    const written = `prisma-${randomUUID()}`;
    await prisma.rateLimiterFlexible.create({ data: { key: written, points: 1, expire } });
    const later = async (at: Date) =>
      (
        await db
          .selectFrom('RateLimiterFlexible')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('key', '=', written)
          .where('expire', '>', at)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await later(new Date(expire.getTime() - 1)))).toBe(1);
    expect(Number(await later(expire))).toBe(0);
  });

  it('commits a transaction whole or not at all, and names a unique violation as one', async () => {
    const key = `tx-${randomUUID()}`;
    const failure = await transaction(async (trx) => {
      await insertCounter(trx, `${key}-first`, 1);
      await insertCounter(trx, key, 1);
      await insertCounter(trx, key, 2);
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await prisma.rateLimiterFlexible.count({ where: { key: { in: [key, `${key}-first`] } } })).toBe(0);

    // Failed transactions give their connection back: more of them than the pool holds, then one that
    // commits (a connection kept would make it wait for ever).
    for (let i = 0; i < 12; i++) {
      const error = await transaction(async (trx) => {
        await insertCounter(trx, key, i);
        throw new Error('changed my mind');
      }).catch((thrown: Error) => thrown);
      expect(error.message).toBe('changed my mind');
    }
    const committed = await transaction((trx) =>
      trx.insertInto('RateLimiterFlexible').values({ key, points: 7 }).returning('key').execute(),
    );
    expect(committed).toEqual([{ key }]);
    expect((await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key } })).points).toBe(7);
  });

  it('refuses at once a call inside a transaction that does not go through it', async () => {
    const key = `nested-${randomUUID()}`;
    const attempts = {
      'a query on db': () => db.selectFrom('RateLimiterFlexible').select('key').execute(),
      'a second transaction': () => transaction(async () => null),
      ...(provider === 'sqlite' && {
        // On PostgreSQL Prisma takes another pooled connection, so it does not wait for this one.
        'a Prisma call': () => prisma.groupOrder.count(),
      }),
    };
    for (const [what, attempt] of Object.entries(attempts)) {
      const started = Date.now();
      const outcome = await transaction(async (trx) => {
        await insertCounter(trx, `${key}-${what}`, 1);
        await attempt();
      }).catch((error: Error) => error);
      expect(outcome, what).toBeInstanceOf(Error);
      expect((outcome as Error).message, what).toBe(NESTED_MESSAGE);
      expect(Date.now() - started, what).toBeLessThan(1000);
    }
    // Each failed whole, and the connection is free for what comes next.
    expect(await prisma.rateLimiterFlexible.count({ where: { key: { startsWith: key } } })).toBe(0);
    await insertCounter(db, key, 1);
  });

  it.runIf(provider === 'postgresql')(
    'keeps working after a migration changes a table it has read (no prepared plans are kept)',
    async () => {
      // An instance still running while a newer one migrates: a kept `SELECT *` plan would be refused.
      const shop = `stale-${randomUUID()}.myshopify.com`;
      await prisma.webhookReceipt.create({ data: { id: randomUUID(), shop, topic: 'app/uninstalled' } });
      const read = (on: Db) => on.selectFrom('WebhookReceipt').selectAll().where('shop', '=', shop).execute();
      await read(db);
      await transaction(read);
      await prisma.$executeRawUnsafe(`ALTER TABLE "WebhookReceipt" ADD COLUMN "note" TEXT`);
      expect(await read(db)).toEqual([expect.objectContaining({ shop, note: null })]);
      expect(await transaction(read)).toEqual([expect.objectContaining({ shop, note: null })]);
    },
  );
});
