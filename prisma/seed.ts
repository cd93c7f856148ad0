import { createPrismaClient } from '../app/prismaClient.server';
import { seedDemo } from './demo-data';

// SQLite or PostgreSQL, by DATABASE_URL, like the app.
const prisma = createPrismaClient(process.env.DATABASE_URL ?? 'file:./data/group-order.sqlite');

await seedDemo(prisma, { scope: process.env.SCOPES });
const [items, modifiers] = await Promise.all([prisma.menuItem.count(), prisma.modifier.count()]);
console.log(`Demo shop ready: ${items} menu items, ${modifiers} modifiers.`);
await prisma.$disconnect();
