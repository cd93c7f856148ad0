import type { GroupOrder, ShopSettings } from '@prisma/client';
import { storedWords } from '../../i18n.server';
import type { Language, Translate } from '../../lib/language';

// Every e-mail is written in its reader's language (docs/decisions/2026-11-27-emails-in-the-readers-language.md):
// a guest's in the language they last used (Guest.language), the host's and the invitations in the one the
// host created the order in (GroupOrder.hostLanguage), the merchant's in the shop's (ShopSettings.locale).
// A reader whose language is not known reads the shop's. E-mails are rendered when queued, so the outbox
// keeps the finished message and a retry sends the same words.

/** What an e-mail needs of the shop's settings: the sender's name and the shop's locale. */
export type MailSettings = Pick<ShopSettings, 'emailSenderName' | 'locale'>;

/** The reader's language, its messages and the locale dates, times and money are formatted with. */
export type MailWords = { language: Language; t: Translate; intlLocale: string };

/** The words of a reader whose language is stored (`null`: not known, so the shop's). */
export function mailWords(stored: string | null | undefined, shopLocale: string): MailWords {
  return storedWords(stored, shopLocale);
}

/** The order's name, or "{company} Order" in the reader's language (lib/groupOrder.ts orderTitle's rule). */
export function mailTitle(order: Pick<GroupOrder, 'name' | 'companyName'>, { t }: MailWords) {
  return order.name?.trim() || t('mail.orderTitle', { company: order.companyName });
}
