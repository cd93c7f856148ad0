import type { GroupOrder, OrderItem, Prisma } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { escapeHtml } from '../mail/hostMail.server';
import { queueEmail, type Email } from '../mail/mail.server';
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

export function hostRemovedEmail(
  order: GroupOrder,
  guest: { name: string; email: string },
  what: string,
  stillHasItems: boolean,
  fromName: string,
): Email {
  const title = orderTitle(order);
  const lines = [
    `Hi ${guest.name},`,
    `${order.hostName} removed ${what} from your order in the group order "${title}" (code ${order.code}).`,
    stillHasItems
      ? 'Your other items are still in the order.'
      : 'You have no items left in this group order, so nothing will be made for you.',
    `If this is a mistake, please ask ${order.hostName}.`,
  ];
  return {
    to: guest.email,
    subject: `${order.hostName} removed ${what} from your order`,
    fromName,
    text: lines.join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f1a17;max-width:520px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}</div>`,
  };
}

/**
 * Inside the host's removal: notes on the guest what was removed (their page shows it) and e-mails them
 * when they gave an address. Items without a guest (from before guests were people) are only removed.
 */
export async function recordHostRemoval(
  tx: Prisma.TransactionClient,
  order: GroupOrder,
  item: OrderItem,
  fromName: string,
  now: Date,
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
  const email = guest.email ?? item.guestEmail;
  // The host removing their own item needs no e-mail about it.
  if (!email || email.trim().toLowerCase() === order.hostEmail.trim().toLowerCase()) return;
  const left = await tx.orderItem.count({
    where: { shop: order.shop, groupOrderId: order.id, guestId: guest.id },
  });
  await queueEmail(
    tx,
    order.shop,
    hostRemovedEmail(order, { name: guest.name, email }, what, left > 0, fromName),
  );
}
