import type { GroupOrder, Prisma } from '@prisma/client';
import {
  cancelledEmail,
  readyEmail,
  type KitchenMailSettings,
  type KitchenReader,
} from '../mail/kitchenEmails.server';
import { queueEmail } from '../mail/mail.server';

// Who hears of the kitchen's moves (kitchen.server.ts), queued in the move's transaction.

type Tx = Prisma.TransactionClient;

/**
 * Ready or cancelled: the host, and every guest with items in the order who gave an e-mail, once per
 * address. A guest who joined but has nothing in the order (never confirmed, or the host removed their
 * items) is not told: the order is not theirs (issue 27).
 */
export async function queueKitchenEmails(
  tx: Tx,
  order: GroupOrder,
  settings: KitchenMailSettings,
  refunds = new Map<number, number>(),
) {
  const items = await tx.orderItem.findMany({
    where: { shop: order.shop, groupOrderId: order.id },
    select: {
      guestId: true,
      guestName: true,
      guestEmail: true,
      guest: { select: { name: true, email: true, language: true } },
    },
    orderBy: { id: 'asc' },
  });
  // Each in their own language: the host's, and each guest's as they last used the storefront.
  const people: (KitchenReader & { refundCents?: number })[] = [
    { name: order.hostName, email: order.hostEmail, language: order.hostLanguage },
    ...items.flatMap((item) => {
      const email = item.guest?.email ?? item.guestEmail;
      const name = item.guest?.name ?? item.guestName;
      const refundCents = item.guestId ? (refunds.get(item.guestId) ?? 0) : 0;
      return email ? [{ name, email, language: item.guest?.language ?? null, refundCents }] : [];
    }),
  ];
  const told = new Set<string>();
  for (const person of people) {
    const key = person.email.trim().toLowerCase();
    if (!key || told.has(key)) continue;
    told.add(key);
    const email =
      order.kitchenState === 'cancelled'
        ? await cancelledEmail(order, person, settings, person.refundCents)
        : await readyEmail(order, person, settings);
    await queueEmail(tx, order.shop, email);
  }
}
