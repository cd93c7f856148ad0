import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { db, transaction, type Db } from '~/db/query.server';
import { createTestGroupOrder } from '../../test/support/factories';

// Under load the process must not pile up SQLite connections: every transaction runs on the one
// connection the adapter keeps (app/db/sqliteConnection.server.ts), so the database file stays open a fixed number
// of times however many transactions ran.

const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, '');

function openHandlesOnDatabase() {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(databaseFile)) count += 1;
    } catch {
      // closed while listing
    }
  }
  return count;
}

// SQLite only: PostgreSQL has its own connection pool (app/prismaClient.server.ts).
describe.skipIf(!process.env.DATABASE_URL!.startsWith('file:'))('SQLite connections', () => {
  it('stay bounded however many transactions run, and the transactions still commit and roll back', async () => {
    const { order } = await createTestGroupOrder();
    await prisma.$transaction(async (tx) => tx.groupOrder.findFirst({ where: { id: order.id } }));
    const before = openHandlesOnDatabase();
    for (let i = 0; i < 60; i++) {
      await prisma.$transaction(async (tx) => {
        await tx.groupOrder.update({ where: { id: order.id }, data: { totalItems: { increment: 1 } } });
      });
    }
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.groupOrder.update({ where: { id: order.id }, data: { totalItems: { increment: 100 } } });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(openHandlesOnDatabase()).toBeLessThanOrEqual(before);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).totalItems).toBe(60);
  });

  it('runs in WAL mode, syncing the log at checkpoints (SQLITE_SYNCHRONOUS, NORMAL unless set)', async () => {
    const [journal] = await prisma.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
    const [sync] = await prisma.$queryRawUnsafe<{ synchronous: number | bigint }[]>('PRAGMA synchronous');
    expect(journal.journal_mode).toBe('wal');
    // 1 = NORMAL, 2 = FULL
    expect(Number(sync.synchronous)).toBe(process.env.SQLITE_SYNCHRONOUS === 'FULL' ? 2 : 1);
  });

  it('runs query-builder transactions and Prisma transactions one after another on the shared connection', async () => {
    const { order } = await createTestGroupOrder();
    const bump = (on: Db, by: number) =>
      on
        .updateTable('GroupOrder')
        .set((eb) => ({ totalItems: eb('totalItems', '+', by) }))
        .where('id', '=', order.id)
        .returning('totalItems')
        .execute();
    let releasePrisma!: () => void;
    const prismaMayCommit = new Promise<void>((resolve) => (releasePrisma = resolve));
    const events: string[] = [];
    // A Prisma transaction that holds the connection across an await...
    const viaPrismaTx = prisma.$transaction(async (tx) => {
      await tx.groupOrder.update({ where: { id: order.id }, data: { totalItems: { increment: 1 } } });
      events.push('prisma wrote');
      await prismaMayCommit;
      events.push('prisma commits');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // ...makes a plain transaction and a plain statement wait for it, instead of joining it.
    const plainTx = transaction(async (trx) => {
      events.push('plain began');
      await bump(trx, 10);
    });
    const single = bump(db, 100);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['prisma wrote']);
    releasePrisma();
    await Promise.all([viaPrismaTx, plainTx, single]);
    expect(events).toEqual(['prisma wrote', 'prisma commits', 'plain began']);
    expect((await single)[0].totalItems).toBe(111);
    // A plain transaction that throws leaves nothing behind, and the connection takes the next one.
    await expect(
      transaction(async (trx) => {
        await bump(trx, 1000);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const row = await db
      .selectFrom('GroupOrder')
      .select(['totalItems', 'updatedAt', 'autoSubmit'])
      .where('id', '=', order.id)
      .executeTakeFirst();
    // Typed as Prisma types them.
    expect(row).toEqual({ totalItems: 111, updatedAt: expect.any(Date), autoSubmit: false });
  });
});
