import type { GroupOrder, OrderItem, Prisma } from '@prisma/client';
import { hostRemovedEmail } from '../mail/guestEmails.server';
import { queueEmail } from '../mail/mail.server';
import type { MailSettings } from '../mail/words.server';
import { parseModifiers } from './groupOrder.server';

// When the host removes a guest's item, the guest is told (issue 27): the removal is kept on the guest, so
// their own page says what went and when, and a guest who gave an e-mail address gets a short e-mail, in
// the removal's own transaction.

export type HostRemoval = { text: string; at: string };

/** Only the newest ones are kept: the page shows them, and a long list helps nobody. */
const KEPT = 20;

export function parseHostRemovals(json: string | null | undefined): HostRemoval[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((r): r is HostRemoval => typeof r?.text === 'string' && typeof r?.at === 'string')
      : [];
  } catch {
    return [];
  }
}

/** "2x Flat White (Large, Oat milk)". */
export function removedItemText(item: Pick<OrderItem, 'quantity' | 'menuItemName' | 'selectedModifiers'>) {
  const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
  return `${item.quantity}x ${item.menuItemName}${modifiers.length ? ` (${modifiers.join(', ')})` : ''}`;
}

/**
 * Inside the host's removal: notes on the guest what was removed (their page shows it) and e-mails them
 * when they gave an address. Items without a guest (from before guests were people) are only removed.
 */
export async function recordHostRemoval(
  tx: Prisma.TransactionClient,
  order: GroupOrder,
  item: OrderItem,
  settings: MailSettings,
  now: Date,
  /** False when a refund e-mail will tell them instead (a paid share's item, issue 25). */
  email = true,
) {
  if (!item.guestId) return;
  const guest = await tx.guest.findFirst({ where: { id: item.guestId, shop: order.shop } });
  if (!guest) return;
  const what = removedItemText(item);
  const removals = [...parseHostRemovals(guest.hostRemovals), { text: what, at: now.toISOString() }];
  await tx.guest.updateMany({
    where: { id: guest.id, shop: order.shop },
    data: { hostRemovals: JSON.stringify(removals.slice(-KEPT)) },
  });
  const address = guest.email ?? item.guestEmail;
  // The host removing their own item needs no e-mail about it.
  if (!email || !address || address.trim().toLowerCase() === order.hostEmail.trim().toLowerCase()) return;
  const left = await tx.orderItem.count({
    where: { shop: order.shop, groupOrderId: order.id, guestId: guest.id },
  });
  await queueEmail(
    tx,
    order.shop,
    await hostRemovedEmail(
      order,
      { name: guest.name, email: address, language: guest.language },
      what,
      left > 0,
      settings,
    ),
  );
}
