import type { GroupOrder } from '@prisma/client';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, Paragraph } from './layout.server';
import { mailTitle, mailWords, type MailSettings, type MailWords } from './words.server';

// What the host is told at the deadline when the order did not go to the shop by itself
// (groupOrder/schedule.server.ts, runDeadlineJob): it waits for their submit, or nobody ordered. In the
// host's language.

function dashboardEmail(
  order: GroupOrder,
  subject: string,
  lines: string[],
  dashboard: string,
  fromName: string,
  words: MailWords,
) {
  const label = words.t('mail.openDashboard');
  return composeEmail({
    to: order.hostEmail,
    subject,
    fromName,
    words,
    text: [...lines, '', words.t('mail.labelled', { label, value: dashboard })].join('\n'),
    body: (
      <>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <ActionButton href={dashboard}>{label}</ActionButton>
      </>
    ),
  });
}

export function waitingForYouEmail(
  order: GroupOrder,
  itemCount: number,
  dashboard: string,
  settings: MailSettings,
) {
  const words = mailWords(order.hostLanguage, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const time = formatDateTime(order.deadlineAt, order.timeZone, words.intlLocale);
  return dashboardEmail(
    order,
    t('mail.waiting.subject', { title }),
    [
      t('mail.waiting.deadline', { title, time, people: order.participantCount, items: itemCount }),
      t('mail.waiting.submit'),
    ],
    dashboard,
    settings.emailSenderName,
    words,
  );
}

export function nobodyOrderedEmail(order: GroupOrder, dashboard: string, settings: MailSettings) {
  const words = mailWords(order.hostLanguage, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const time = formatDateTime(order.deadlineAt, order.timeZone, words.intlLocale);
  return dashboardEmail(
    order,
    t('mail.nobody.subject', { title }),
    [t('mail.nobody.deadline', { title, time }), t('mail.nobody.extend')],
    dashboard,
    settings.emailSenderName,
    words,
  );
}
