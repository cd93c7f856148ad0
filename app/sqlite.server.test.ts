import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder } from '../test/support/factories';

// Under load the process must not pile up SQLite connections: every transaction runs on the one
// connection the adapter keeps (app/sqlite.server.ts), so the database file stays open a fixed number
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
});
