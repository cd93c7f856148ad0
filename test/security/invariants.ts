import prisma from '../../app/db.server';

/**
 * What must hold in the database whatever requests came before: each order's running totals equal its
 * items, each item's total is its unit price times its quantity, no item without its order, and no item
 * or order crossing shops. Returns one sentence per problem found (empty when all hold).
 */
export async function databaseProblems(): Promise<string[]> {
  const problems: string[] = [];
  const orders = await prisma.groupOrder.findMany({ include: { items: true } });
  for (const order of orders) {
    const quantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
    const cents = order.items.reduce((sum, item) => sum + item.totalCents, 0);
    const guests = new Set(order.items.map((item) => item.guestName.trim().toLowerCase())).size;
    if (order.totalItems !== quantity)
      problems.push(`order ${order.id}: totalItems ${order.totalItems} but its items add up to ${quantity}`);
    if (order.totalCents !== cents)
      problems.push(`order ${order.id}: totalCents ${order.totalCents} but its items add up to ${cents}`);
    if (order.participantCount !== guests)
      problems.push(`order ${order.id}: participantCount ${order.participantCount} but ${guests} guests`);
    for (const item of order.items) {
      if (item.shop !== order.shop)
        problems.push(`item ${item.id} is in shop ${item.shop}, its order in ${order.shop}`);
      if (item.totalCents !== item.unitPriceCents * item.quantity)
        problems.push(
          `item ${item.id}: total ${item.totalCents} is not ${item.unitPriceCents} x ${item.quantity}`,
        );
      if (item.quantity < 1) problems.push(`item ${item.id}: quantity ${item.quantity}`);
    }
  }
  const orphans = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    'SELECT COUNT(*) AS n FROM "OrderItem" i LEFT JOIN "GroupOrder" o ON o.id = i."groupOrderId" WHERE o.id IS NULL',
  );
  if (Number(orphans[0].n) > 0) problems.push(`${orphans[0].n} items have no group order`);
  const foreignMenu = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    'SELECT COUNT(*) AS n FROM "OrderItem" i JOIN "MenuItem" m ON m.id = i."menuItemId" WHERE m.shop <> i.shop',
  );
  if (Number(foreignMenu[0].n) > 0) problems.push(`${foreignMenu[0].n} items use another shop's menu item`);
  const foreignClaims = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    'SELECT COUNT(*) AS n FROM "OwnerClaim" c JOIN "GroupOrder" o ON o.id = c."groupOrderId" WHERE o.shop <> c.shop',
  );
  if (Number(foreignClaims[0].n) > 0) problems.push(`${foreignClaims[0].n} owner links cross shops`);
  return problems;
}

/**
 * What a confirmed cart looks like once stored: the same item (no options here) confirmed twice in one
 * cart is one line with both quantities ("2x Flat White"), in the order the items first appear.
 */
export function storedLinesOf(items: { menuItemId: number; quantity: number }[]) {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.menuItemId, (merged.get(item.menuItemId) ?? 0) + item.quantity);
  return [...merged.entries()];
}
