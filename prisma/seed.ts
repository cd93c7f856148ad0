import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';
import { seedDemo } from './demo-data';

const prisma = new PrismaClient({
  adapter: new PrismaLibSQL({ url: process.env.DATABASE_URL ?? 'file:./data/group-order.sqlite' }),
});

await seedDemo(prisma, { scope: process.env.SCOPES });
const [items, modifiers] = await Promise.all([prisma.menuItem.count(), prisma.modifier.count()]);
console.log(`Demo shop ready: ${items} menu items, ${modifiers} modifiers.`);
await prisma.$disconnect();
