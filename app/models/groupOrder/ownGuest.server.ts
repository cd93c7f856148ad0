import prisma from '../../db.server';
import type { Prisma } from '@prisma/client';
import { DomainError, NotFound } from '../../lib/errors';
import { lineNote } from '../../lib/groupOrder';
import { parseAllergens, parseAvoids, parseDiets } from '../../lib/allergens';
import { closedReason, parseModifiers } from './groupOrder.server';
import { requireOwnGuest } from './guests.server';
import { shareForGuest } from './sharePayment.server';
import { parseHostRemovals } from './hostRemovals.server';

// A guest's own order as their browser sees it (the confirmed and review pages): only the browser that
// holds the guest's token is shown it.

function itemView(item: Prisma.OrderItemGetPayload<object>, guestNoteText: string | null) {
  return {
    id: item.id,
    menuItemId: item.menuItemId,
    name: item.menuItemName,
    quantity: item.quantity,
    modifiers: parseModifiers(item.selectedModifiers).map((m) => m.name),
    // This line's own note (the guest's note is on the guest; lineNote drops an old copy of it).
    note: lineNote(item, guestNoteText),
    // The line as made, kept when it was confirmed.
    allergens: parseAllergens(item.allergens),
    diets: parseDiets(item.diets),
    unitPriceCents: item.unitPriceCents,
    totalCents: item.totalCents,
  };
}

/** A guest's own confirmed items and note, for their confirmed and review pages; `mine: false` otherwise. */
export async function getOwnGuest(
  shop: string,
  groupOrderId: number,
  name: string,
  token: string | null,
  now = new Date(),
) {
  const order = await prisma.groupOrder.findFirst({ where: { id: groupOrderId, shop } });
  if (!order) throw new NotFound('Group order not found');
  let guest;
  try {
    guest = await requireOwnGuest(prisma, shop, groupOrderId, name, token);
  } catch (error) {
    // Not this browser's guest (or nobody by that name yet): an answer, not an error, so pages can ask
    // without a failed request in the console.
    if (!(error instanceof DomainError)) throw error;
    return { mine: false as const, message: error.message };
  }
  const items = await prisma.orderItem.findMany({
    where: { shop, groupOrderId, guestId: guest.id },
    orderBy: { id: 'asc' },
  });
  return {
    mine: true as const,
    guest: {
      name: guest.name,
      initials: guest.initials,
      specialInstructions: guest.specialInstructions,
      // Whether the order's e-mails (submitted, ready) reach this guest; never the address itself.
      hasEmail: Boolean(guest.email),
      avoids: parseAvoids(guest.avoids),
    },
    items: items.map((item) => itemView(item, guest.specialInstructions?.trim() || null)),
    // What the host took out of this guest's order, newest last, so their page can say so.
    removedByHost: parseHostRemovals(guest.hostRemovals),
    totalCents: items.reduce((sum, item) => sum + item.totalCents, 0),
    currency: order.currency,
    acceptingOrders: closedReason(order, now) === null,
    closedReason: closedReason(order, now),
    // Where guests pay their own share (issue 25): theirs, with their own "Pay my share" link.
    share: order.paymentMode === 'company' ? null : await shareForGuest(shop, guest.id),
  };
}
