import type { GroupOrder } from '@prisma/client';
import { formatMoney } from '../../lib/money';
import { ActionButton, composeEmail, CopyLink, linesEmail, Paragraph } from './layout.server';
import { mailTitle, mailWords, type MailSettings } from './words.server';

// Money e-mails (issue 25), in the guest's language (Guest.language): a budget lowered under what a
// guest already ordered.

type Reader = { name: string; email: string; language: string | null };

/** The host changed the budget and this guest's items now go over it by `overCents`. */
export function overBudgetEmail(
  order: GroupOrder,
  guest: Reader,
  spent: { totalCents: number; overCents: number },
  settings: MailSettings,
) {
  const words = mailWords(guest.language, settings.locale);
  const { t, intlLocale } = words;
  const money = (cents: number) => formatMoney(cents, order.currency, intlLocale);
  const lines = [
    t('mail.hi', { name: guest.name }),
    t('money.mail.overBody', {
      host: order.hostName,
      order: mailTitle(order, words),
      budget: money(order.budgetCents ?? 0),
      total: money(spent.totalCents),
      over: money(spent.overCents),
      rule: t(order.overagePolicy === 'refuse' ? 'money.mail.overRefuse' : 'money.mail.overGuestPays'),
    }),
  ];
  return linesEmail(guest.email, t('money.mail.overSubject'), lines, settings, words);
}

/** A guest's share has its checkout: what they owe and their own "Pay my share" link. */
export function payShareEmail(
  order: Pick<GroupOrder, 'name' | 'companyName' | 'currency'>,
  guest: Reader,
  share: { guestCents: number; href: string },
  settings: MailSettings,
) {
  const words = mailWords(guest.language, settings.locale);
  const { t, intlLocale } = words;
  const title = mailTitle(order, words);
  const hi = t('mail.hi', { name: guest.name });
  const body = t('money.pay.mail.body', {
    order: title,
    amount: formatMoney(share.guestCents, order.currency, intlLocale),
  });
  return composeEmail({
    to: guest.email,
    subject: t('money.pay.mail.subject', { order: title }),
    fromName: settings.emailSenderName,
    words,
    text: [hi, body, '', share.href].join('\n'),
    body: (
      <>
        <Paragraph>{hi}</Paragraph>
        <Paragraph>{body}</Paragraph>
        <ActionButton href={share.href}>{t('money.pay.mail.button')}</ActionButton>
        <CopyLink href={share.href} />
      </>
    ),
  });
}

export type RefundReason =
  'host-removed' | 'guest-removed' | 'second-payment' | 'left-out' | 'late-cancel' | 'overpaid';

/** Money went back to the guest's card: how much, for what and why, and what stays paid. */
export function refundEmail(
  order: Pick<GroupOrder, 'name' | 'companyName' | 'currency'>,
  guest: Reader,
  refund: { amountCents: number; what: string; reason: RefundReason; keptCents: number },
  settings: MailSettings,
) {
  const words = mailWords(guest.language, settings.locale);
  const { t, intlLocale } = words;
  const money = (cents: number) => formatMoney(cents, order.currency, intlLocale);
  const title = mailTitle(order, words);
  const values = { order: title, amount: money(refund.amountCents), what: refund.what };
  const lines = [
    t('mail.hi', { name: guest.name }),
    // A payment that came after the items were left out or the order was cancelled (money-gaps).
    refund.reason === 'left-out' || refund.reason === 'late-cancel'
      ? t(`money.gaps.refund.${refund.reason}`, values)
      : t(`money.refund.mail.${refund.reason}`, values),
    ...(['second-payment', 'left-out', 'late-cancel'].includes(refund.reason)
      ? []
      : [t('money.refund.mail.kept', { order: title, kept: money(refund.keptCents) })]),
    t('money.refund.mail.timing'),
  ];
  return linesEmail(
    guest.email,
    t('money.refund.mail.subject', { order: title, amount: money(refund.amountCents) }),
    lines,
    settings,
    words,
  );
}

/** At submit this guest's share was not paid and the host chose to leave unpaid items out: what went. */
export function leftOutEmail(order: GroupOrder, guest: Reader, items: string[], settings: MailSettings) {
  const words = mailWords(guest.language, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const lines = [
    t('mail.hi', { name: guest.name }),
    t('money.deadline.mail.body', { order: title, host: order.hostName }),
    ...items.map((item) => `• ${item}`),
    t('money.deadline.mail.charged'),
  ];
  return linesEmail(guest.email, t('money.deadline.mail.subject', { order: title }), lines, settings, words);
}

/** At submit this guest's share was not paid and the host chose to cover unpaid shares: nothing to pay. */
export function coveredEmail(order: GroupOrder, guest: Reader, amountCents: number, settings: MailSettings) {
  const words = mailWords(guest.language, settings.locale);
  const { t, intlLocale } = words;
  const title = mailTitle(order, words);
  const lines = [
    t('mail.hi', { name: guest.name }),
    t('money.gaps.covered.body', {
      order: title,
      host: order.hostName,
      amount: formatMoney(amountCents, order.currency, intlLocale),
    }),
  ];
  return linesEmail(guest.email, t('money.gaps.covered.subject', { order: title }), lines, settings, words);
}
