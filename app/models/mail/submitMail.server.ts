import type { GroupOrder, OrderItem, ShopSettings } from '@prisma/client';
import { formatMoney } from '../../lib/money';
import { personKey } from '../../lib/guests';
import { paymentLabel } from '../../lib/payment';
import { formatDateTime } from '../../lib/time';
import { parseModifiers } from '../groupOrder/groupOrder.server';
import { orderTitle } from '../../lib/groupOrder';
import { escapeHtml } from './hostMail.server';
import { queueEmail, type Email } from './mail.server';

// What people are told when the host submits: each guest who gave an e-mail address gets their own items
// with the pickup (or delivery) time and place, and the host gets a receipt with every guest's items.
// Queued in the submit's own transaction, so one submit means one set of e-mails (a resubmit after a
// reopen sends an "updated" set, since what people ordered may have changed).

type Tx = Parameters<typeof queueEmail>[0];

function itemLine(item: OrderItem, currency: string) {
  const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
  const extra = modifiers.length ? ` (${modifiers.join(', ')})` : '';
  // The line's own note ("heated"), on that line only.
  const note = item.specialInstructions?.trim();
  return `${item.quantity}x ${item.menuItemName}${extra} — ${formatMoney(item.totalCents, currency)}${note ? `. Note: ${note}` : ''}`;
}

function whenAndWhere(order: GroupOrder, settings: Pick<ShopSettings, 'kitchenName'>) {
  const time = formatDateTime(order.pickupAt, order.timeZone);
  return order.orderType === 'delivery'
    ? `Delivery: ${time} to ${order.deliveryAddress ?? 'the address the host gave'}`
    : `Pickup: ${time} at ${settings.kitchenName}`;
}

function htmlBody(paragraphs: string[], sections: { heading?: string; lines: string[] }[]) {
  const blocks = sections
    .map(
      (section) =>
        `${section.heading ? `<h3 style="margin:16px 0 4px;font-size:16px">${escapeHtml(section.heading)}</h3>` : ''}<ul style="margin:0;padding-left:20px">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    )
    .join('\n');
  return `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f1a17;max-width:520px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${blocks}</div>`;
}

type Guest = { name: string; email: string | null; items: OrderItem[] };

function guestsOf(items: OrderItem[]): Guest[] {
  const guests = new Map<string, Guest>();
  for (const item of items) {
    const key = personKey(item);
    const guest = guests.get(key) ?? { name: item.guestName, email: null, items: [] };
    guest.email ??= item.guestEmail;
    guest.items.push(item);
    guests.set(key, guest);
  }
  return [...guests.values()];
}

const total = (items: OrderItem[]) => items.reduce((sum, item) => sum + item.totalCents, 0);

export function guestSubmittedEmail(
  order: GroupOrder,
  guest: Guest & { email: string },
  settings: Pick<ShopSettings, 'kitchenName' | 'emailSenderName'>,
  resubmitted: boolean,
  auto = false,
): Email {
  const title = orderTitle(order);
  const lines = guest.items.map((item) => itemLine(item, order.currency));
  const intro = auto
    ? `Hi ${guest.name}, ${order.hostName}'s group order "${title}" went to the shop at its deadline. Your items:`
    : `Hi ${guest.name}, ${order.hostName} has ${resubmitted ? 'resubmitted' : 'submitted'} the group order "${title}" to the shop. Your items:`;
  const place = whenAndWhere(order, settings);
  const totalText = `Your total: ${formatMoney(total(guest.items), order.currency)} (${paymentLabel(order.paymentMethod)})`;
  return {
    to: guest.email,
    subject: `${resubmitted ? 'Updated: ' : ''}Your order in "${title}" has been submitted`,
    fromName: settings.emailSenderName,
    text: [intro, ...lines.map((l) => `- ${l}`), '', totalText, place].join('\n'),
    html: htmlBody([intro], [{ lines }]).replace(
      '</div>',
      `<p>${escapeHtml(totalText)}<br>${escapeHtml(place)}</p></div>`,
    ),
  };
}

export function hostReceiptEmail(
  order: GroupOrder,
  guests: Guest[],
  settings: Pick<ShopSettings, 'kitchenName' | 'emailSenderName'>,
  resubmitted: boolean,
  auto = false,
): Email {
  const title = orderTitle(order);
  const all = guests.flatMap((guest) => guest.items);
  const count = all.reduce((sum, item) => sum + item.quantity, 0);
  const who = auto
    ? `"${title}" was submitted automatically at its deadline`
    : `You ${resubmitted ? 'resubmitted' : 'submitted'} "${title}"`;
  const intro = `${who} (code ${order.code}): ${count} ${count === 1 ? 'item' : 'items'} from ${guests.length} ${guests.length === 1 ? 'person' : 'people'}, ${formatMoney(total(all), order.currency)} in all.`;
  const place = whenAndWhere(order, settings);
  const sections = guests.map((guest) => ({
    heading: `${guest.name} — ${formatMoney(total(guest.items), order.currency)}`,
    lines: guest.items.map((item) => itemLine(item, order.currency)),
  }));
  const text = [
    intro,
    place,
    `Payment: ${paymentLabel(order.paymentMethod)}`,
    ...sections.flatMap((s) => ['', s.heading, ...s.lines.map((l) => `- ${l}`)]),
  ].join('\n');
  return {
    to: order.hostEmail,
    subject: `${resubmitted ? 'Updated receipt' : 'Receipt'}: "${title}" submitted`,
    fromName: settings.emailSenderName,
    text,
    html: htmlBody([intro, place, `Payment: ${paymentLabel(order.paymentMethod)}`], sections),
  };
}

/** Queues the guests' e-mails and the host's receipt in the submit's transaction. */
export async function queueSubmittedEmails(
  tx: Tx,
  order: GroupOrder,
  items: OrderItem[],
  settings: Pick<ShopSettings, 'kitchenName' | 'emailSenderName'>,
  resubmitted: boolean,
  /** Submitted by the deadline job (the host chose auto-submit), not by the host's hand. */
  auto = false,
) {
  const guests = guestsOf(items);
  const told = new Set<string>();
  for (const guest of guests) {
    if (!guest.email || told.has(guest.email)) continue;
    told.add(guest.email);
    await queueEmail(
      tx,
      order.shop,
      guestSubmittedEmail(order, { ...guest, email: guest.email }, settings, resubmitted, auto),
    );
  }
  await queueEmail(tx, order.shop, hostReceiptEmail(order, guests, settings, resubmitted, auto));
}
