import { parseAllergens, parseDiets } from '../../lib/allergens';
import { factsText } from '../../lib/allergenTexts';
import type { GroupOrder, OrderItem, ShopSettings } from '@prisma/client';
import { env } from '../../env.server';
import { formatMoney } from '../../lib/money';
import { personKey } from '../../lib/guests';
import { paymentLabel } from '../../lib/payment';
import { formatDateTime } from '../../lib/time';
import { parseModifiers } from '../groupOrder/groupOrder.server';
import { orderTitle } from '../../lib/groupOrder';
import { composeEmail, InlineLink, Lines, Paragraph } from './layout.server';
import { queueEmail } from './mail.server';
import { wordsFor } from '../../i18n.server';

// What people are told when the host submits: each guest who gave an e-mail address gets their own items
// with the pickup (or delivery) time and place, the host gets a receipt with every guest's items, and the
// merchant (when Settings asks for it) a "new group order" notice. Queued in the submit's own transaction,
// so one submit means one set of e-mails (a resubmit after a reopen sends an "updated" set, since what
// people ordered may have changed).

type Tx = Parameters<typeof queueEmail>[0];
type SubmitSettings = Pick<ShopSettings, 'kitchenName' | 'emailSenderName'>;

function itemLine(item: OrderItem, currency: string) {
  const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
  const extra = modifiers.length ? ` (${modifiers.join(', ')})` : '';
  // The line's own note ("heated"), on that line only.
  const note = item.specialInstructions?.trim();
  // The line as made (kept at confirm): "Vegetarian; contains milk".
  const facts = factsText(
    { allergens: parseAllergens(item.allergens), diets: parseDiets(item.diets) },
    wordsFor('en'),
  );
  const factsPart = facts ? `. ${facts.charAt(0).toUpperCase()}${facts.slice(1)}` : '';
  return `${item.quantity}x ${item.menuItemName}${extra} — ${formatMoney(item.totalCents, currency)}${factsPart}${note ? `. Note: ${note}` : ''}`;
}

function whenAndWhere(order: GroupOrder, settings: Pick<ShopSettings, 'kitchenName'>) {
  const time = formatDateTime(order.pickupAt, order.timeZone);
  return order.orderType === 'delivery'
    ? `Delivery: ${time} to ${order.deliveryAddress ?? 'the address the host gave'}`
    : `Pickup: ${time} at ${settings.kitchenName}`;
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

export async function guestSubmittedEmail(
  order: GroupOrder,
  guest: Guest & { email: string },
  settings: SubmitSettings,
  resubmitted: boolean,
  auto = false,
) {
  const title = orderTitle(order);
  const lines = guest.items.map((item) => itemLine(item, order.currency));
  const intro = auto
    ? `Hi ${guest.name}, ${order.hostName}'s group order "${title}" went to the shop at its deadline. Your items:`
    : `Hi ${guest.name}, ${order.hostName} has ${resubmitted ? 'resubmitted' : 'submitted'} the group order "${title}" to the shop. Your items:`;
  const place = whenAndWhere(order, settings);
  const totalText = `Your total: ${formatMoney(total(guest.items), order.currency)} (${paymentLabel(order.paymentMethod)})`;
  return composeEmail({
    to: guest.email,
    subject: `${resubmitted ? 'Updated: ' : ''}Your order in "${title}" has been submitted`,
    fromName: settings.emailSenderName,
    text: [intro, ...lines.map((l) => `- ${l}`), '', totalText, place].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Lines>{lines}</Lines>
        <Paragraph>
          {totalText}
          <br />
          {place}
        </Paragraph>
      </>
    ),
  });
}

function hostReceiptEmail(
  order: GroupOrder,
  guests: Guest[],
  settings: SubmitSettings,
  resubmitted: boolean,
  auto: boolean,
) {
  const title = orderTitle(order);
  const all = guests.flatMap((guest) => guest.items);
  const count = all.reduce((sum, item) => sum + item.quantity, 0);
  const who = auto
    ? `"${title}" was submitted automatically at its deadline`
    : `You ${resubmitted ? 'resubmitted' : 'submitted'} "${title}"`;
  const intro = `${who} (code ${order.code}): ${count} ${count === 1 ? 'item' : 'items'} from ${guests.length} ${guests.length === 1 ? 'person' : 'people'}, ${formatMoney(total(all), order.currency)} in all.`;
  const place = whenAndWhere(order, settings);
  const payment = `Payment: ${paymentLabel(order.paymentMethod)}`;
  const sections = guests.map((guest) => ({
    heading: `${guest.name} — ${formatMoney(total(guest.items), order.currency)}`,
    lines: guest.items.map((item) => itemLine(item, order.currency)),
  }));
  return composeEmail({
    to: order.hostEmail,
    subject: `${resubmitted ? 'Updated receipt' : 'Receipt'}: "${title}" submitted`,
    fromName: settings.emailSenderName,
    text: [
      intro,
      place,
      payment,
      ...sections.flatMap((s) => ['', s.heading, ...s.lines.map((l) => `- ${l}`)]),
    ].join('\n'),
    body: (
      <>
        {[intro, place, payment].map((p) => (
          <Paragraph key={p}>{p}</Paragraph>
        ))}
        {sections.map((s, index) => (
          <Lines key={index} heading={s.heading}>
            {s.lines}
          </Lines>
        ))}
      </>
    ),
  });
}

/** The order in the embedded admin: admin.shopify.com/store/{store}/apps/{api key}/app?order={id}. */
function adminOrderUrl(shop: string, id: number) {
  const store = shop.replace(/\.myshopify\.com$/, '');
  return `https://admin.shopify.com/store/${store}/apps/${env.SHOPIFY_API_KEY}/app?order=${id}`;
}

/** The merchant's "new group order" e-mail (Settings → "E-mail me when a group order is submitted"). */
function merchantSubmittedEmail(
  order: GroupOrder,
  itemCount: number,
  settings: Pick<ShopSettings, 'merchantEmail' | 'emailSenderName'> & { merchantEmail: string },
  resubmitted: boolean,
) {
  const link = adminOrderUrl(order.shop, order.id);
  const when = formatDateTime(order.pickupAt, order.timeZone);
  const what = order.orderType === 'delivery' ? 'Delivery' : 'Pickup';
  const items = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  const lines = [
    `${order.hostName} (${order.companyName}) ${resubmitted ? 'resubmitted' : 'submitted'} "${orderTitle(order)}": ${items}.`,
    `${what}: ${when}`,
  ];
  return composeEmail({
    to: settings.merchantEmail,
    subject: `${resubmitted ? 'Updated' : 'New'} group order ${order.code}: ${items}, ${what.toLowerCase()} ${when}`,
    fromName: settings.emailSenderName,
    text: [...lines, `Open it in the admin: ${link}`].join('\n'),
    body: (
      <>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Paragraph>
          <InlineLink href={link}>Open the order in the admin</InlineLink>
        </Paragraph>
      </>
    ),
  });
}

/** Queues the guests' e-mails, the host's receipt and the merchant's notice in the submit's transaction. */
export async function queueSubmittedEmails(
  tx: Tx,
  order: GroupOrder,
  items: OrderItem[],
  settings: SubmitSettings & Pick<ShopSettings, 'merchantEmail'>,
  resubmitted: boolean,
  /** Submitted by the deadline job (the host chose auto-submit), not by the host's hand. */
  auto = false,
) {
  const guests = guestsOf(items);
  const told = new Set<string>();
  for (const guest of guests) {
    if (!guest.email || told.has(guest.email)) continue;
    told.add(guest.email);
    const email = { ...guest, email: guest.email };
    await queueEmail(tx, order.shop, await guestSubmittedEmail(order, email, settings, resubmitted, auto));
  }
  await queueEmail(tx, order.shop, await hostReceiptEmail(order, guests, settings, resubmitted, auto));
  if (settings.merchantEmail) {
    const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
    const merchant = { ...settings, merchantEmail: settings.merchantEmail };
    await queueEmail(tx, order.shop, await merchantSubmittedEmail(order, itemCount, merchant, resubmitted));
  }
}
