import type { GroupOrder, ShopSettings } from '@prisma/client';
import { formatMoney } from '../../lib/money';
import { linesEmail } from './layout.server';
import { mailTitle, mailWords } from './words.server';

// What the host and guests are told when the merchant marks the order ready or cancels it
// (kitchen/kitchen.server.ts decides who and when), each in their own language (`language`: the guest's
// Guest.language or the order's hostLanguage; null: the shop's).

export type KitchenMailSettings = Pick<
  ShopSettings,
  'shopName' | 'kitchenName' | 'emailSenderName' | 'shop' | 'locale'
>;

/** Who is told: their name, address and stored language. */
export type KitchenReader = { name: string; email: string; language: string | null };

function shopDisplayName(settings: KitchenMailSettings) {
  return settings.shopName || settings.shop.replace(/\.myshopify\.com$/, '');
}

/** "Your order from Demo Coffee is ready for pickup at {kitchen}" (delivery: on its way). */
export function readyEmail(order: GroupOrder, reader: KitchenReader, settings: KitchenMailSettings) {
  const words = mailWords(reader.language, settings.locale);
  const { t } = words;
  const shop = shopDisplayName(settings);
  const subject =
    order.orderType === 'delivery'
      ? t('mail.ready.delivery', { shop })
      : t('mail.ready.pickup', { shop, kitchen: settings.kitchenName });
  const lines = [
    t('mail.hi', { name: reader.name }),
    t('mail.ready.line', { subject, title: mailTitle(order, words), code: order.code }),
  ];
  return linesEmail(reader.email, subject, lines, settings, words);
}

export function cancelledEmail(
  order: GroupOrder,
  reader: KitchenReader,
  settings: KitchenMailSettings,
  /** What this reader paid online and gets back (issue 25): said here, so no second e-mail goes. */
  refundCents = 0,
) {
  const words = mailWords(reader.language, settings.locale);
  const { t, intlLocale } = words;
  const shop = shopDisplayName(settings);
  const lines = [
    t('mail.hi', { name: reader.name }),
    t('mail.cancelled.line', { shop, title: mailTitle(order, words), code: order.code }),
    t('mail.cancelled.reason', { reason: order.cancelReason ?? t('mail.cancelled.noReason') }),
    ...(refundCents > 0
      ? [
          t('money.refund.mail.cancelled', {
            amount: formatMoney(refundCents, order.currency, intlLocale),
          }),
        ]
      : []),
  ];
  return linesEmail(reader.email, t('mail.cancelled.subject', { shop }), lines, settings, words);
}
