import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { db } from './query.server';
import { sqliteConnection } from './sqliteConnection.server';

// Prisma's adapter on the SQLite connection (prismaSqliteAdapter.server.ts) reads rows as Prisma's libSQL
// adapter wrote them before it, and writes them the same way, so databases made by the old code keep
// comparing correctly; the query builder reads what Prisma writes and the other way round; driver errors
// become Prisma's error codes.

const isSqlite = process.env.DATABASE_URL!.startsWith('file:');
/** Statements straight on the driver, outside Prisma and the query builder: what is really stored. */
const stored = (text: string, values: unknown[] = []) => {
  const connection = sqliteConnection(process.env.DATABASE_URL!);
  return connection.exclusive(() => connection.run(text, values).rows);
};
const session = (id: string) => ({ id, shop: 'adapter.myshopify.com', state: 's', accessToken: 'a' });

describe.skipIf(!isSqlite)('Prisma on the SQLite connection', () => {
  it('reads a row as the libSQL adapter wrote it: instants as text, booleans as 0/1, a large BigInt, nulls', async () => {
    const id = `old-${randomUUID()}`;
    await stored(
      `INSERT INTO Session (id, shop, state, isOnline, expires, accessToken, userId, accountOwner, collaborator)
       VALUES (?, 'adapter.myshopify.com', 's', 1, '2026-03-01T12:00:00.000+00:00', 'a', ?, 0, NULL)`,
      [id, 9007199254740993n],
    );
    const row = await prisma.session.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      expires: new Date('2026-03-01T12:00:00.000Z'),
      isOnline: true,
      accountOwner: false,
      userId: 9007199254740993n,
      collaborator: null,
      scope: null,
    });
    // An instant as an argument compares with the stored text to the millisecond.
    const at = (ms: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, 0, ms));
    const count = (where: object) => prisma.session.count({ where: { id, ...where } });
    expect(await count({ expires: { gt: at(-1) } })).toBe(1);
    expect(await count({ expires: { gt: at(0) } })).toBe(0);
    expect(await count({ expires: at(0) })).toBe(1);
  });

  it('writes instants, booleans, BigInts and nulls as the libSQL adapter did, and the query builder reads them', async () => {
    const id = `new-${randomUUID()}`;
    const expires = new Date('2026-07-04T09:30:15.250Z');
    await prisma.session.create({
      data: { ...session(id), isOnline: true, expires, userId: 42n, collaborator: null },
    });
    expect(
      await stored('SELECT expires, isOnline, accountOwner, userId, collaborator FROM Session WHERE id = ?', [
        id,
      ]),
    ).toEqual([['2026-07-04T09:30:15.250+00:00', 1n, 0n, 42n, null]]);
    const viaBuilder = await db
      .selectFrom('Session')
      .select(['expires', 'isOnline', 'accountOwner', 'userId', 'collaborator', 'refreshTokenExpires'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(viaBuilder).toEqual({
      expires,
      isOnline: true,
      accountOwner: false,
      // Integers come back as numbers from the query builder.
      userId: 42,
      collaborator: null,
      refreshTokenExpires: null,
    });
  });

  it('reads what the query builder writes', async () => {
    const id = `built-${randomUUID()}`;
    const expires = new Date('2026-12-31T23:59:59.999Z');
    await db
      .insertInto('Session')
      .values({ ...session(id), isOnline: true, expires, userId: '9007199254740993', emailVerified: null })
      .execute();
    const row = await prisma.session.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ expires, isOnline: true, userId: 9007199254740993n, emailVerified: null });
    expect((await stored('SELECT expires FROM Session WHERE id = ?', [id]))[0]).toEqual([
      '2026-12-31T23:59:59.999+00:00',
    ]);
  });

  it('passes bytes both ways, and types expressions by their values', async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const [row] = await prisma.$queryRaw<{ b: Uint8Array; n: number; big: bigint; t: string; none: null }[]>`
      SELECT ${bytes} AS b, 1.5 AS n, 9007199254740993 AS big, 'text' AS t, NULL AS none`;
    expect(new Uint8Array(row.b)).toEqual(bytes);
    expect(row).toMatchObject({ n: 1.5, big: 9007199254740993n, t: 'text', none: null });
    const viaBuilder = await sql<{ b: ArrayBuffer }>`SELECT ${Buffer.from(bytes)} AS b`.execute(db);
    expect(new Uint8Array(viaBuilder.rows[0].b)).toEqual(bytes);
  });

  it('turns driver errors into Prisma’s: unique (P2002, with its fields), foreign key, missing column and table', async () => {
    const id = `dup-${randomUUID()}`;
    await prisma.session.create({ data: session(id) });
    await expect(prisma.session.create({ data: session(id) })).rejects.toMatchObject({
      code: 'P2002',
      meta: {
        driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { fields: ['id'] } } },
      },
    });
    const adapterKind = (cause: object) => ({ meta: { driverAdapterError: { cause } } });
    await expect(
      prisma.$executeRawUnsafe(
        `INSERT INTO OrderStateEvent (shop, groupOrderId, fromState, toState, actor, createdAt)
         VALUES ('x', -1, 'open', 'closed', 'test', '2026-01-01T00:00:00.000+00:00')`,
      ),
    ).rejects.toMatchObject(adapterKind({ kind: 'ForeignKeyConstraintViolation' }));
    await expect(prisma.$queryRawUnsafe('SELECT noSuchColumn FROM Session')).rejects.toMatchObject(
      adapterKind({ kind: 'ColumnNotFound', column: 'noSuchColumn' }),
    );
    await expect(prisma.$queryRawUnsafe('SELECT * FROM NoSuchTable')).rejects.toMatchObject(
      adapterKind({ kind: 'TableDoesNotExist', table: 'NoSuchTable' }),
    );
  });

  it('rolls back a Prisma transaction that fails', async () => {
    const id = `tx-${randomUUID()}`;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.session.create({ data: session(id) });
        await tx.session.create({ data: session(id) });
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
    expect(await prisma.session.count({ where: { id } })).toBe(0);
  });
});
