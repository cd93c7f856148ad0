import type { GroupOrder } from '@prisma/client';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, CopyLink, Details, InlineLink, Paragraph } from './layout.server';
import { mailTitle, mailWords, type MailSettings, type MailWords } from './words.server';

// What invited people receive: the host's invitation and the reminder to those who have not ordered.
// Both carry the invitee's own join link and "I'm not ordering this time" link (invitees.server.ts). In
// the host's language (GroupOrder.hostLanguage): the invitee has not chosen one yet.

type InviteeLinks = { join: string; notOrdering: string };

/** What the e-mails say about the "not ordering" link. */
function notOrderingLine(hostName: string, { t }: MailWords) {
  // The link opens a page with the button (opening it alone changes nothing: mail scanners open links).
  return t('mail.notOrdering.line', { host: hostName });
}

function NotOrdering({ hostName, href, words }: { hostName: string; href: string; words: MailWords }) {
  return (
    <Paragraph quiet>
      {notOrderingLine(hostName, words)}{' '}
      <InlineLink href={href}>{words.t('mail.notOrdering.link')}</InlineLink>
    </Paragraph>
  );
}

export async function invitationEmail(
  order: GroupOrder,
  to: string,
  joinUrl: string,
  settings: MailSettings,
  notOrderingUrl?: string,
) {
  const words = mailWords(order.hostLanguage, settings.locale);
  const { t, intlLocale } = words;
  const details: [string, string][] = [
    [t('mail.orderCode'), order.code],
    [
      t(order.orderType === 'delivery' ? 'mail.delivery' : 'mail.pickup'),
      formatDateTime(order.pickupAt, order.timeZone, intlLocale),
    ],
    [t('mail.orderBy'), formatDateTime(order.deadlineAt, order.timeZone, intlLocale)],
  ];
  const host = order.hostName;
  const intro = t('mail.invite.intro', { host, company: order.companyName, title: mailTitle(order, words) });
  const outro = t('mail.invite.outro');
  const decline = notOrderingUrl ? [notOrderingLine(host, words), notOrderingUrl] : [];
  return composeEmail({
    to,
    subject: t('mail.invite.subject', { host }),
    fromName: settings.emailSenderName,
    words,
    text: [
      intro,
      '',
      t('mail.labelled', { label: t('mail.invite.joinHere'), value: joinUrl }),
      ...details.map(([label, value]) => t('mail.labelled', { label, value })),
      '',
      outro,
      ...(decline.length ? ['', ...decline] : []),
    ].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{outro}</Paragraph>
        <ActionButton href={joinUrl}>{t('mail.invite.button')}</ActionButton>
        <Details rows={details} />
        <CopyLink href={joinUrl} />
        {notOrderingUrl ? <NotOrdering hostName={host} href={notOrderingUrl} words={words} /> : null}
      </>
    ),
  });
}

/** The reminder to one invitee who has not ordered, with their own join and "not ordering" links. */
export async function reminderEmail(
  order: GroupOrder,
  to: string,
  links: InviteeLinks,
  settings: MailSettings,
) {
  const words = mailWords(order.hostLanguage, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const deadline = formatDateTime(order.deadlineAt, order.timeZone, words.intlLocale);
  const host = order.hostName;
  const intro = t('mail.reminder.intro', { host, title, company: order.companyName });
  const when = t('mail.reminder.when', { deadline });
  const decline = notOrderingLine(host, words);
  return composeEmail({
    to,
    subject: t('mail.reminder.subject', { title, deadline }),
    fromName: settings.emailSenderName,
    words,
    text: [
      intro,
      when,
      '',
      t('mail.labelled', { label: t('mail.reminder.addYourOrder'), value: links.join }),
      '',
      decline,
      links.notOrdering,
    ].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{when}</Paragraph>
        <ActionButton href={links.join}>{t('mail.reminder.button')}</ActionButton>
        <NotOrdering hostName={host} href={links.notOrdering} words={words} />
      </>
    ),
  });
}
