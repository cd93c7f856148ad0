import type { GroupOrder } from '@prisma/client';
import { ActionButton, composeEmail, CopyLink, linesEmail, Paragraph } from './layout.server';
import { mailTitle, mailWords, type MailSettings } from './words.server';

// What a guest is told outside the submit: the one-time link to open their order on another device
// (groupOrder/guestLinks.server.ts) and the host's removal of one of their items (hostRemovals.server.ts).
// In the guest's language (Guest.language).

type Reader = { name: string; email: string; language: string | null };

/** `minutes`: how long the link works (the caller owns that rule). */
export function guestLinkEmail(
  order: { name: string | null; companyName: string; code: string },
  guest: Reader,
  link: { href: string; minutes: number },
  settings: MailSettings,
) {
  const words = mailWords(guest.language, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const intro = t('mail.guestLink.intro', { name: guest.name, title, code: order.code });
  const how = t('mail.guestLink.how', { minutes: link.minutes });
  const ignore = t('mail.ignore');
  return composeEmail({
    to: guest.email,
    subject: t('mail.guestLink.subject', { title }),
    fromName: settings.emailSenderName,
    words,
    text: [intro, how, '', link.href, '', ignore].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <ActionButton href={link.href}>{t('mail.guestLink.button')}</ActionButton>
        <Paragraph>{ignore}</Paragraph>
        <CopyLink href={link.href} />
      </>
    ),
  });
}

export function hostRemovedEmail(
  order: GroupOrder,
  guest: Reader,
  what: string,
  stillHasItems: boolean,
  settings: MailSettings,
) {
  const words = mailWords(guest.language, settings.locale);
  const { t } = words;
  const title = mailTitle(order, words);
  const host = order.hostName;
  const lines = [
    t('mail.hi', { name: guest.name }),
    t('mail.removed.what', { host, what, title, code: order.code }),
    stillHasItems ? t('mail.removed.stillHas') : t('mail.removed.none'),
    t('mail.removed.mistake', { host }),
  ];
  return linesEmail(guest.email, t('mail.removed.subject', { host, what }), lines, settings, words);
}
