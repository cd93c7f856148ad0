import type { GroupOrder, ShopSettings } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { composeEmail, Paragraph } from './layout.server';

// What the host and guests are told when the merchant marks the order ready or cancels it
// (kitchen/kitchen.server.ts decides who and when).

export type KitchenMailSettings = Pick<ShopSettings, 'shopName' | 'kitchenName' | 'emailSenderName' | 'shop'>;

function shopDisplayName(settings: KitchenMailSettings) {
  return settings.shopName || settings.shop.replace(/\.myshopify\.com$/, '');
}

function linesEmail(to: string, subject: string, lines: string[], settings: KitchenMailSettings) {
  return composeEmail({
    to,
    subject,
    fromName: settings.emailSenderName,
    text: lines.join('\n'),
    body: lines.map((line) => <Paragraph key={line}>{line}</Paragraph>),
  });
}

/** "Your order from Demo Coffee is ready for pickup at {kitchen}" (delivery: on its way). */
export function readyEmail(order: GroupOrder, to: string, name: string, settings: KitchenMailSettings) {
  const shopName = shopDisplayName(settings);
  const subject =
    order.orderType === 'delivery'
      ? `Your order from ${shopName} is ready for delivery`
      : `Your order from ${shopName} is ready for pickup at ${settings.kitchenName}`;
  const lines = [`Hi ${name},`, `${subject}. (Group order "${orderTitle(order)}", code ${order.code}.)`];
  return linesEmail(to, subject, lines, settings);
}

export function cancelledEmail(order: GroupOrder, to: string, name: string, settings: KitchenMailSettings) {
  const shopName = shopDisplayName(settings);
  const lines = [
    `Hi ${name},`,
    `${shopName} cancelled the group order "${orderTitle(order)}" (code ${order.code}).`,
    `Reason: ${order.cancelReason ?? 'not given'}`,
  ];
  return linesEmail(to, `Your order from ${shopName} has been cancelled`, lines, settings);
}
