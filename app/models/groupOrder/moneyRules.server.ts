import prisma from '../../db.server';
import { Conflict } from '../../lib/errors';
import { moneyColumns, MoneyRulesSchema } from '../../lib/moneySchema';
import { overBudget } from '../../lib/moneyShares';
import { say } from '../../lib/sentences.server';
import { moneyRulesOf } from '../../lib/groupOrder';
import type { z } from 'zod';
import { overBudgetEmail } from '../mail/moneyEmails.server';
import { queueEmail } from '../mail/mail.server';
import { getShopSettings } from '../shop/settings.server';
import { requireHostOrder, type HostCredentials } from './hostAccess.server';

// The host changes who pays until submit (issue 25). The change is written first, so it takes the order
// row's lock the confirm takes (FOR UPDATE on PostgreSQL, the write lock on SQLite): a confirm either ran
// before and is re-checked here, or runs after and sees the new budget. Everyone whose items are now over
// the budget, and were not over it before, is e-mailed through the outbox in their language.

export type MoneyChange = Omit<z.output<typeof MoneyRulesSchema>, 'hostToken'>;

export async function changeMoneyRules(
  shop: string,
  id: number,
  credentials: HostCredentials,
  input: MoneyChange,
) {
  // Read before the transaction (the first read for a shop writes its defaults): the e-mails' sender.
  const settings = await getShopSettings(shop);
  return prisma.$transaction(async (tx) => {
    const before = await requireHostOrder(shop, id, credentials, tx);
    // The cost code is the host's at create; a change without one keeps it.
    const columns = { ...moneyColumns(input), costCode: input.costCode ?? before.costCode };
    const { count } = await tx.groupOrder.updateMany({
      where: { id, shop, status: 'active' },
      data: columns,
    });
    if (count === 0) throw new Conflict(say('money.api.submitted'));
    const after = { ...before, ...columns };
    const spent = await tx.orderItem.groupBy({
      by: ['guestId'],
      where: { shop, groupOrderId: id, guestId: { not: null } },
      _sum: { totalCents: true },
    });
    const nowOver = spent.filter(({ _sum }) => {
      const total = _sum.totalCents ?? 0;
      return overBudget(after, total) > 0 && overBudget(before, total) === 0;
    });
    const guests = await tx.guest.findMany({
      where: { shop, groupOrderId: id, id: { in: nowOver.map((row) => row.guestId!) } },
    });
    for (const row of nowOver) {
      const guest = guests.find((g) => g.id === row.guestId);
      if (!guest?.email) continue;
      const totalCents = row._sum.totalCents ?? 0;
      await queueEmail(
        tx,
        shop,
        await overBudgetEmail(
          after,
          { name: guest.name, email: guest.email, language: guest.language },
          { totalCents, overCents: overBudget(after, totalCents) },
          settings,
        ),
      );
    }
    return { money: moneyRulesOf(after), costCode: after.costCode, overBudget: nowOver.length };
  });
}
