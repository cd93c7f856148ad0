import { parseAllergens, parseDiets } from '../../lib/allergens';
import { factsText } from '../../lib/allergenTexts';
import type { GroupOrder, OrderItem, ShopSettings } from '@prisma/client';
import { env } from '../../env.server';
import { formatMoney } from '../../lib/money';
import { personKey } from '../../lib/guests';
import { paymentLabel } from '../../lib/payment';
import { formatDateTime } from '../../lib/time';
import { parseModifiers } from '../groupOrder/groupOrder.server';
import { composeEmail, InlineLink, Lines, Paragraph } from './layout.server';
import { queueEmail } from './mail.server';
import { mailTitle, mailWords, type MailSettings, type MailWords } from './words.server';

// What people are told when the host submits: each guest who gave an e-mail address gets their own items
// with the pickup (or delivery) time and place, the host gets a receipt with every guest's items, and the
// merchant (when Settings asks for it) a "new group order" notice. Queued in the submit's own transaction,
// so one submit means one set of e-mails (a resubmit after a reopen sends an "updated" set, since what
// people ordered may have changed). Each in their reader's language: a guest's own (Guest.language), the
// host's (GroupOrder.hostLanguage), the shop's for the merchant (words.server.ts).

type Tx = Parameters<typeof queueEmail>[0];
type SubmitSettings = Pick<ShopSettings, 'kitchenName'> & MailSettings;

/** An item with its guest's stored language, when the caller read it. */
type SubmittedItem = OrderItem & { guest?: { language: string | null } | null };

function itemLine(item: OrderItem, currency: string, words: MailWords) {
  const modifiers = parseModifiers(item.selectedModifiers).map((m) => m.name);
  const extra = modifiers.length ? ` (${modifiers.join(', ')})` : '';
  // The line's own note ("heated"), on that line only.
  const note = item.specialInstructions?.trim();
  // The line as made (kept at confirm): "Vegetarian; contains milk".
  const facts = factsText(
    { allergens: parseAllergens(item.allergens), diets: parseDiets(item.diets) },
    words,
  );
  const factsPart = facts ? `. ${facts.charAt(0).toUpperCase()}${facts.slice(1)}` : '';
  const notePart = note ? `. ${words.t('mail.item.note', { note })}` : '';
  return `${item.quantity}x ${item.menuItemName}${extra} — ${formatMoney(item.totalCents, currency, words.intlLocale)}${factsPart}${notePart}`;
}

function whenAndWhere(order: GroupOrder, settings: Pick<ShopSettings, 'kitchenName'>, words: MailWords) {
  const { t } = words;
  const time = formatDateTime(order.pickupAt, order.timeZone, words.intlLocale);
  return order.orderType === 'delivery'
    ? t('mail.place.delivery', { time, address: order.deliveryAddress ?? t('mail.place.noAddress') })
    : t('mail.place.pickup', { time, kitchen: settings.kitchenName });
}

type Guest = { name: string; email: string | null; language: string | null; items: OrderItem[] };

function guestsOf(items: SubmittedItem[]): Guest[] {
  const guests = new Map<string, Guest>();
  for (const item of items) {
    const key = personKey(item);
    const guest = guests.get(key) ?? { name: item.guestName, email: null, language: null, items: [] };
    guest.email ??= item.guestEmail;
    guest.language ??= item.guest?.language ?? null;
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
  const words = mailWords(guest.language, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const lines = guest.items.map((item) => itemLine(item, order.currency, words));
  const who = { name: guest.name, host: order.hostName, title };
  const intro = auto
    ? t('mail.submitted.introAuto', who)
    : t(resubmitted ? 'mail.submitted.introAgain' : 'mail.submitted.intro', who);
  const place = whenAndWhere(order, settings, words);
  const totalText = t('mail.submitted.total', {
    total: formatMoney(total(guest.items), order.currency, words.intlLocale),
    payment: paymentLabel(order.paymentMethod, t),
  });
  return composeEmail({
    to: guest.email,
    subject: t(resubmitted ? 'mail.submitted.subjectAgain' : 'mail.submitted.subject', { title }),
    fromName: settings.emailSenderName,
    words,
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
  const words = mailWords(order.hostLanguage, settings.locale);
  const { t, intlLocale } = words;
  const title = mailTitle(order, words);
  const all = guests.flatMap((guest) => guest.items);
  const count = all.reduce((sum, item) => sum + item.quantity, 0);
  const facts = {
    title,
    code: order.code,
    items: count,
    people: guests.length,
    total: formatMoney(total(all), order.currency, intlLocale),
  };
  const intro = auto
    ? t('mail.receipt.introAuto', facts)
    : t(resubmitted ? 'mail.receipt.introAgain' : 'mail.receipt.intro', facts);
  const place = whenAndWhere(order, settings, words);
  const payment = t('mail.receipt.payment', { payment: paymentLabel(order.paymentMethod, t) });
  const sections = guests.map((guest) => ({
    heading: `${guest.name} — ${formatMoney(total(guest.items), order.currency, intlLocale)}`,
    lines: guest.items.map((item) => itemLine(item, order.currency, words)),
  }));
  return composeEmail({
    to: order.hostEmail,
    subject: t(resubmitted ? 'mail.receipt.subjectAgain' : 'mail.receipt.subject', { title }),
    fromName: settings.emailSenderName,
    words,
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
  settings: MailSettings & { merchantEmail: string },
  resubmitted: boolean,
) {
  // The merchant reads the shop's language.
  const words = mailWords(null, settings.locale);
  const { t } = words;
  const link = adminOrderUrl(order.shop, order.id);
  const time = formatDateTime(order.pickupAt, order.timeZone, words.intlLocale);
  const what = t(order.orderType === 'delivery' ? 'mail.delivery' : 'mail.pickup');
  const facts = {
    host: order.hostName,
    company: order.companyName,
    title: mailTitle(order, words),
    code: order.code,
    items: itemCount,
    type: order.orderType === 'delivery' ? 'delivery' : 'pickup',
    time,
  };
  const lines = [
    t(resubmitted ? 'mail.merchant.lineAgain' : 'mail.merchant.line', facts),
    t('mail.labelled', { label: what, value: time }),
  ];
  return composeEmail({
    to: settings.merchantEmail,
    subject: t(resubmitted ? 'mail.merchant.subjectAgain' : 'mail.merchant.subject', facts),
    fromName: settings.emailSenderName,
    words,
    text: [...lines, t('mail.labelled', { label: t('mail.merchant.openIt'), value: link })].join('\n'),
    body: (
      <>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Paragraph>
          <InlineLink href={link}>{t('mail.merchant.link')}</InlineLink>
        </Paragraph>
      </>
    ),
  });
}

/** Queues the guests' e-mails, the host's receipt and the merchant's notice in the submit's transaction. */
export async function queueSubmittedEmails(
  tx: Tx,
  order: GroupOrder,
  /** With each item's guest's language (`guest: { language }`), read by the submit. */
  items: SubmittedItem[],
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
