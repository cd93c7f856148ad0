import type { GroupOrder } from '@prisma/client';
import type { Language } from '../../lib/language';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, CopyLink, Details, InlineLink, Lines, Paragraph } from './layout.server';
import { mailTitle, mailWords, type MailSettings, type MailWords } from './words.server';

// What a host receives about reaching their dashboard (groupOrder/hostDevices.server.ts and
// groupOrder/hostLinks.server.ts): the created e-mail with its host link, one-time links asked for from
// another browser or by address, and the notice that a device was added. `minutes` is how long a
// one-time link works; the caller owns that rule. In the host's language (GroupOrder.hostLanguage), the
// links asked for by address in the asking page's.

const hostWords = (order: GroupOrder, settings: MailSettings) =>
  mailWords(order.hostLanguage, settings.locale);

/** Order code, pickup (or delivery) time and deadline, as label and value rows. */
function orderRows(order: GroupOrder, words: MailWords): [string, string][] {
  const { t, intlLocale } = words;
  return [
    [t('mail.orderCode'), order.code],
    [
      t(order.orderType === 'delivery' ? 'mail.delivery' : 'mail.pickup'),
      formatDateTime(order.pickupAt, order.timeZone, intlLocale),
    ],
    [t('mail.orderBy'), formatDateTime(order.deadlineAt, order.timeZone, intlLocale)],
  ];
}

/** Sent when the order is created: the join link to share and the host's own one-time dashboard link. */
export async function orderCreatedEmail(
  order: GroupOrder,
  links: { manage: string; join: string; expiresAt: Date },
  settings: MailSettings,
) {
  const words = hostWords(order, settings);
  const { t } = words;
  const title = mailTitle(order, words);
  const intro = t('mail.created.intro', { title, code: order.code, join: links.join });
  const keep = t('mail.created.keep');
  const open = t('mail.created.button');
  const details = orderRows(order, words);
  return composeEmail({
    to: order.hostEmail,
    subject: t('mail.created.subject', { title }),
    fromName: settings.emailSenderName,
    words,
    text: [
      intro,
      '',
      keep,
      t('mail.labelled', { label: open, value: links.manage }),
      t('mail.created.until', {
        time: formatDateTime(links.expiresAt, order.timeZone, words.intlLocale),
      }),
      '',
      ...details.map(([label, value]) => t('mail.labelled', { label, value })),
    ].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{keep}</Paragraph>
        <ActionButton href={links.manage}>{open}</ActionButton>
        <Details rows={details} />
        <CopyLink href={links.manage} />
      </>
    ),
  });
}

/** "I Created This Order - Submit It": the one-time link to the host's own address. */
export async function ownerClaimEmail(
  order: GroupOrder,
  link: string,
  minutes: number,
  settings: MailSettings,
) {
  const words = hostWords(order, settings);
  const { t } = words;
  const title = mailTitle(order, words);
  const intro = t('mail.claim.intro', { title, code: order.code });
  const how = t('mail.claim.how', { minutes });
  const ignore = t('mail.ignore');
  return composeEmail({
    to: order.hostEmail,
    subject: t('mail.claim.subject', { title }),
    fromName: settings.emailSenderName,
    words,
    text: [intro, how, '', link, '', ignore].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Paragraph>{ignore}</Paragraph>
        <ActionButton href={link}>{t('mail.claim.button')}</ActionButton>
        <Details rows={[[t('mail.orderCode'), order.code]]} />
        <CopyLink href={link} />
      </>
    ),
  });
}

/** The host is told that a claim link added a device (`dashboard`: where to remove it, when known). */
export async function deviceAddedEmail(
  order: GroupOrder,
  device: { label: string; at: Date },
  settings: MailSettings,
  dashboard: string | null,
) {
  const words = hostWords(order, settings);
  const { t } = words;
  const title = mailTitle(order, words);
  const intro = t('mail.device.intro', {
    title,
    code: order.code,
    device: device.label,
    time: formatDateTime(device.at, order.timeZone, words.intlLocale),
  });
  const how = t('mail.device.how');
  const ignore = t('mail.device.ignore');
  return composeEmail({
    to: order.hostEmail,
    subject: t('mail.device.subject', { title }),
    fromName: settings.emailSenderName,
    words,
    text: [intro, how, ignore, ...(dashboard ? ['', dashboard] : [])].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Paragraph>{ignore}</Paragraph>
        {dashboard ? <ActionButton href={dashboard}>{t('mail.openDashboard')}</ActionButton> : null}
        <Details rows={[[t('mail.orderCode'), order.code]]} />
        {dashboard ? <CopyLink href={dashboard} /> : null}
      </>
    ),
  });
}

/**
 * Find order by e-mail: a one-time link to the dashboard of each order the address hosts, in the language
 * of the newest of them (`links` come newest first).
 */
export async function hostLinksEmail(
  to: string,
  links: { order: GroupOrder; href: string }[],
  minutes: number,
  settings: MailSettings,
  language: Language | null,
) {
  // The reader asked from a page: its language (null: the shop's), whichever orders the address hosts.
  const words = mailWords(language, settings.locale);
  const { t } = words;
  const intro = t('mail.hostLinks.intro', { count: links.length });
  const how = t('mail.hostLinks.how', { minutes });
  const ignore = t('mail.ignore');
  const line = ({ order }: { order: GroupOrder }) =>
    t('mail.hostLinks.line', {
      title: mailTitle(order, words),
      code: order.code,
      state: order.status === 'active' ? 'active' : 'submitted',
      time: formatDateTime(order.pickupAt, order.timeZone, words.intlLocale),
    });
  return composeEmail({
    to,
    subject:
      links.length === 1
        ? t('mail.claim.subject', { title: mailTitle(links[0].order, words) })
        : t('mail.hostLinks.subject'),
    fromName: settings.emailSenderName,
    words,
    text: [intro, how, '', ...links.flatMap((l) => [line(l), l.href, '']), ignore].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Lines>
          {links.map((l) => (
            <InlineLink key={l.href} href={l.href}>
              {line(l)}
            </InlineLink>
          ))}
        </Lines>
        <Paragraph quiet>{ignore}</Paragraph>
      </>
    ),
  });
}
