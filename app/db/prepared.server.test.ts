import { randomUUID } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { prepared, preparedRows, type Param, type RowParams } from './prepared.server';
import { db, transaction, type Db } from './query.server';
import { NESTED_MESSAGE } from './transactionScope.server';

// A prepared query is Kysely's own SQL for that query, built once: each run must send its own values,
// in the places Kysely put them, on whichever database the suite runs.

type Values = { key: string; points: number; expire: Date | null; above: number };

/** The test's query, with each value (or a prepared query's parameter) from `value`. */
const countQuery = (
  on: Db,
  value: <K extends keyof Values & string>(name: K) => Values[K] | RawBuilder<Values[K]>,
) =>
  on
    .insertInto('RateLimiterFlexible')
    .values({ key: value('key'), points: value('points'), expire: value('expire') })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ points: eb('RateLimiterFlexible.points', '+', eb.ref('excluded.points')) })),
    )
    // A value used twice, and after values the builder put in place itself (the 'count-%' literal).
    .returning((eb) => [
      'points',
      'expire',
      eb('points', '>', value('above')).as('over'),
      eb('key', 'like', 'count-%').as('counted'),
    ]);

const counter = prepared((on, param: Param<Values>) => countQuery(on, param));

const dynamic = (values: Values) => countQuery(db, (name) => values[name]);

describe('a prepared query', () => {
  it('runs the SQL Kysely compiles for it, with each run’s own values in their places', async () => {
    const first = {
      key: `count-${randomUUID()}`,
      points: 2,
      expire: new Date('2030-01-02T03:04:05.678Z'),
      above: 1,
    };
    const second = { key: `other-${randomUUID()}`, points: 5, expire: null, above: 9 };

    const [one] = await counter(db, first);
    expect({ ...one, over: Boolean(one.over), counted: Boolean(one.counted) }).toEqual({
      points: 2,
      expire: first.expire,
      over: true,
      counted: true,
    });
    // The second run's values, not the first's (which the compiled text was built beside).
    const [two] = await counter(db, second);
    expect({ ...two, over: Boolean(two.over), counted: Boolean(two.counted) }).toEqual({
      points: 5,
      expire: null,
      over: false,
      counted: false,
    });
    const [again] = await counter(db, { ...first, points: 3 });
    expect(again.points).toBe(5);

    // What the rows say, Prisma reads too; the same query built with its values adds to the same row.
    const stored = await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key: first.key } });
    expect(stored).toMatchObject({ points: 5, expire: first.expire });
    const built = dynamic({ ...second, points: 1 }).compile();
    const [viaBuilder] = (await db.executeQuery(built)).rows;
    expect(viaBuilder.points).toBe(6);
  });

  it('is refused on `db` from inside a transaction’s work, like any query on `db`', async () => {
    const key = `nested-${randomUUID()}`;
    const failure = await transaction(async () => {
      await counter(db, { key, points: 1, expire: null, above: 0 });
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(NESTED_MESSAGE);
    expect(await prisma.rateLimiterFlexible.count({ where: { key } })).toBe(0);

    // Through the transaction's own handle it runs, and commits with the transaction.
    await transaction((trx) => counter(trx, { key, points: 4, expire: null, above: 0 }));
    expect((await prisma.rateLimiterFlexible.findUniqueOrThrow({ where: { key } })).points).toBe(4);
  });
});

type Row = { key: string; points: number; expire?: Date | null };
const insertRows = preparedRows((on, rows: RowParams<Row>[]) =>
  on.insertInto('RateLimiterFlexible').values(rows).returning(['key', 'points', 'expire']),
);

describe('a prepared query on a list of rows', () => {
  it('is compiled per count and columns of the rows, and each run writes its own rows', async () => {
    const tag = randomUUID();
    const when = new Date('2031-05-06T07:08:09.010Z');
    const one = await insertRows(db, [{ key: `a-${tag}`, points: 1, expire: when }]);
    expect(one).toEqual([{ key: `a-${tag}`, points: 1, expire: when }]);
    // Two rows: another shape; then one row again, with other values, reusing the first one's SQL.
    const two = await insertRows(db, [
      { key: `b-${tag}`, points: 2, expire: null },
      { key: `c-${tag}`, points: 3, expire: when },
    ]);
    expect(two.map((row) => row.points)).toEqual([2, 3]);
    await insertRows(db, [{ key: `d-${tag}`, points: 4, expire: null }]);
    // A column left undefined is left out, as the builder leaves it out (the column's default: null).
    await insertRows(db, [{ key: `e-${tag}`, points: 5, expire: undefined }]);
    const stored = await prisma.rateLimiterFlexible.findMany({
      where: { key: { endsWith: tag } },
      orderBy: { key: 'asc' },
    });
    expect(stored.map(({ key, points, expire }) => [key.slice(0, 1), points, expire])).toEqual([
      ['a', 1, when],
      ['b', 2, null],
      ['c', 3, when],
      ['d', 4, null],
      ['e', 5, null],
    ]);
  });
});
