import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';
import { env } from './env.server';

declare global {
  var prismaGlobal: PrismaClient | undefined;
}

function createClient() {
  const client = new PrismaClient({ adapter: new PrismaLibSQL({ url: env.DATABASE_URL }) });
  // Write-ahead logging lets readers (the outbox worker, the simulator's mailbox, a second instance)
  // read while a write is in progress instead of failing with SQLITE_BUSY. The mode is stored in the
  // database file, so setting it once per process is enough.
  if (env.DATABASE_URL.startsWith('file:')) {
    client.$queryRawUnsafe('PRAGMA journal_mode = WAL').catch((error) => {
      console.error('Could not switch the database to WAL mode', error);
    });
  }
  return client;
}

// One client per process; the dev server reloads modules, so keep it on globalThis there.
const prisma = globalThis.prismaGlobal ?? createClient();
if (env.NODE_ENV !== 'production') globalThis.prismaGlobal = prisma;

export default prisma;
export type Db = PrismaClient;
