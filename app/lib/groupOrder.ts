import type { GroupOrder, OrderItem } from '@prisma/client';
import { personKey } from './guests';
import { maskEmail } from './hostText';
import { centsToDecimal } from './money';
import { formatDateTime, utcToZoned } from './time';
import type { Translate } from './language';

// The group order's own rules, pure so server and pages share them: when and why it is closed, its
// title, and the shapes the API and pages show it in (spec "Group order" and "Summary entry per guest").

/**
 * The one title an order goes by everywhere (storefront pages, the admin, e-mails, the Shopify draft
 * order): its name, or "<company> Order" when the host gave none. The spec's menu bar fell back to
 * 'Coffee Order' while its find-order results used the company: one order had two names, so the
 * company's wins (docs/decisions/2026-11-26-one-order-title.md).
 */
export function orderTitle(order: Pick<GroupOrder, 'name' | 'companyName'>, t?: Translate) {
  const company = order.companyName;
  // `t`: a storefront page's language (host.orderTitle, whose English is this one).
  return order.name?.trim() || (t ? t('host.orderTitle', { company }) : `${company} Order`);
}

/** What the order's time is called: 'Delivery' for a delivery, else 'Pickup'. */
export function timeLabel(orderType: string) {
  return orderType === 'delivery' ? 'Delivery' : 'Pickup';
}

export type ModifierSnapshot = { id: number; name: string; type: string; priceDeltaCents: number };

export type ClosedReason = 'submitted' | 'expired' | null;

/** Why guests can no longer add items, or null while the order accepts them. */
export function closedReason(
  order: Pick<GroupOrder, 'status' | 'deadlineAt'>,
  now = new Date(),
): ClosedReason {
  if (order.status !== 'active') return 'submitted';
  if (order.deadlineAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

export const CLOSED_MESSAGES: Record<Exclude<ClosedReason, null>, string> = {
  submitted:
    'This group order has already been submitted, so no more items can be added. Ask the host to reopen it.',
  expired:
    'The ordering deadline for this group order has passed, so no more items can be added. Ask the host to extend it.',
};

/** Why the order is closed, said with when: "Ordering closed at Tue 24 Nov, 10:00 am. The ordering…". */
export function closedText(
  order: Pick<GroupOrder, 'deadlineAt' | 'submittedAt' | 'timeZone'>,
  reason: Exclude<ClosedReason, null>,
) {
  const at = reason === 'expired' ? order.deadlineAt : order.submittedAt;
  const when = at ? `Ordering closed at ${formatDateTime(at, order.timeZone)}. ` : '';
  return `${when}${CLOSED_MESSAGES[reason]}`;
}

/** The plain-words reason guests can no longer add items, or null while they can. */
export function closedMessage(
  order: Pick<GroupOrder, 'status' | 'deadlineAt' | 'submittedAt' | 'timeZone'>,
  now = new Date(),
) {
  const reason = closedReason(order, now);
  return reason ? closedText(order, reason) : null;
}

export function parseModifiers(json: string): ModifierSnapshot[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function serializeItem(item: OrderItem) {
  const modifiers = parseModifiers(item.selectedModifiers);
  return {
    id: item.id,
    groupOrderId: item.groupOrderId,
    guestName: item.guestName,
    guestInitials: item.guestInitials,
    menuItemId: item.menuItemId,
    quantity: item.quantity,
    selectedModifiers: modifiers.map((m) => m.name),
    modifiers,
    specialInstructions: item.specialInstructions,
    itemPrice: centsToDecimal(item.unitPriceCents),
    totalPrice: centsToDecimal(item.totalCents),
    menuItem: { id: item.menuItemId, name: item.menuItemName },
    createdAt: item.createdAt.toISOString(),
  };
}

/**
 * The spec's Group order shape. Guests' e-mail addresses are never included, and the host's is masked
 * unless the caller is the host (or already knows it): an order id or code is shared widely.
 */
export function serializeGroupOrder(
  order: GroupOrder,
  items?: OrderItem[],
  now = new Date(),
  { revealHostEmail = false }: { revealHostEmail?: boolean } = {},
) {
  const pickup = utcToZoned(order.pickupAt, order.timeZone);
  const deadline = utcToZoned(order.deadlineAt, order.timeZone);
  const reason = closedReason(order, now);
  return {
    id: order.id,
    code: order.code,
    name: order.name,
    hostName: order.hostName,
    hostEmail: revealHostEmail ? order.hostEmail : maskEmail(order.hostEmail),
    hostInitials: order.hostInitials,
    companyName: order.companyName,
    orderType: order.orderType,
    deliveryAddress: order.deliveryAddress,
    paymentMethod: order.paymentMethod,
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    deadlineDate: deadline.date,
    deadlineTime: deadline.time,
    pickupAt: order.pickupAt.toISOString(),
    deadlineAt: order.deadlineAt.toISOString(),
    timeZone: order.timeZone,
    currency: order.currency,
    instructions: order.instructions,
    status: order.status,
    acceptingOrders: reason === null,
    closedReason: reason,
    createdAt: order.createdAt.toISOString(),
    submittedAt: order.submittedAt?.toISOString() ?? null,
    participantCount: order.participantCount,
    totalItems: order.totalItems,
    totalAmount: centsToDecimal(order.totalCents),
    shopifyState: order.shopifyState,
    money: moneyRulesOf(order),
    items: items?.map(serializeItem) ?? [],
  };
}

export type SerializedGroupOrder = ReturnType<typeof serializeGroupOrder>;

/** Who pays (issue 25), as every guest sees it before adding anything: the rules, not the cost code. */
export function moneyRulesOf(order: GroupOrder) {
  return {
    paymentMode: order.paymentMode,
    budgetCents: order.budgetCents,
    overagePolicy: order.overagePolicy,
    tipPercent: order.tipPercent,
    tipCents: order.tipCents,
    deliveryFeeCents: order.deliveryFeeCents,
    feeSplit: order.feeSplit,
    unpaidPolicy: order.unpaidPolicy,
  };
}

export type MoneyRulesView = ReturnType<typeof moneyRulesOf>;

export type ItemWithGuest = OrderItem & {
  guest?: { id: number; name: string; specialInstructions: string | null } | null;
};

/**
 * Spec "Summary entry per guest": items grouped by guest (a person, never merged by name), in the order
 * guests first confirmed. A guest's one note is `specialInstructions` on the entry, and on their first item
 * only (the spec's item field), so it is shown and sent once; a line's own note is the item's `note`.
 */
export function summarize(items: ItemWithGuest[]) {
  const guests = new Map<
    string,
    { guestId: number | null; guestName: string; guestInitials: string | null; items: ItemWithGuest[] }
  >();
  for (const item of items) {
    const key = personKey(item);
    const entry = guests.get(key) ?? {
      guestId: item.guestId,
      guestName: item.guest?.name ?? item.guestName,
      guestInitials: item.guestInitials,
      items: [],
    };
    entry.items.push(item);
    guests.set(key, entry);
  }
  return [...guests.values()].map((guest) => {
    const totalCents = guest.items.reduce((sum, item) => sum + item.totalCents, 0);
    const note = guestNote(guest.items);
    return {
      guestId: guest.guestId,
      guestName: guest.guestName,
      guestInitials: guest.guestInitials,
      specialInstructions: note,
      itemCount: guest.items.reduce((sum, item) => sum + item.quantity, 0),
      total: centsToDecimal(totalCents),
      totalCents,
      items: guest.items.map((item, index) => ({
        ...serializeItem(item),
        totalCents: item.totalCents,
        specialInstructions: index === 0 ? note : null,
        // This line's own note, shown under the line (the guest's note above is about the person).
        note: lineNote(item, note),
      })),
    };
  });
}

/**
 * A line's own note ("heated", OrderItem.specialInstructions, written from the customise dialog's "Note for
 * this item"), unless it is the guest's note itself: orders from before guests had a note kept that note
 * on their items, and guestNote() reads it from there. Shown under that line only.
 */
export function lineNote(item: Pick<OrderItem, 'specialInstructions'>, guestNoteText: string | null) {
  const note = item.specialInstructions?.trim();
  return note && note !== guestNoteText ? note : null;
}

/** A guest's one note: on the guest, or (orders from before guests had one) the first item's note. */
export function guestNote(items: Pick<ItemWithGuest, 'guest' | 'specialInstructions'>[]): string | null {
  const fromGuest = items.find((item) => item.guest)?.guest?.specialInstructions;
  if (fromGuest !== undefined) return fromGuest?.trim() || null;
  return items.find((item) => item.specialInstructions?.trim())?.specialInstructions?.trim() ?? null;
}

export type GuestSummary = ReturnType<typeof summarize>[number];
