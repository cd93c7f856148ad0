import type { GroupOrder } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { ActionButton, composeEmail, CopyLink, Paragraph } from './layout.server';

// What a guest is told outside the submit: the one-time link to open their order on another device
// (groupOrder/guestLinks.server.ts) and the host's removal of one of their items (hostRemovals.server.ts).

/** `minutes`: how long the link works (the caller owns that rule). */
export function guestLinkEmail(
  order: { name: string | null; companyName: string; code: string },
  guest: { name: string; email: string },
  link: { href: string; minutes: number },
  fromName: string,
) {
  const title = orderTitle(order);
  const intro = `Someone asked to open ${guest.name}'s order in the group order "${title}" (code ${order.code}) on another device.`;
  const how = `If that was you, open this link on that device within ${link.minutes} minutes and press the button. It works once.`;
  const ignore = 'If it was not you, ignore this e-mail: nothing changes.';
  return composeEmail({
    to: guest.email,
    subject: `Open your order in "${title}"`,
    fromName,
    text: [intro, how, '', link.href, '', ignore].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <ActionButton href={link.href}>Open my order here</ActionButton>
        <Paragraph>{ignore}</Paragraph>
        <CopyLink href={link.href} />
      </>
    ),
  });
}

export function hostRemovedEmail(
  order: GroupOrder,
  guest: { name: string; email: string },
  what: string,
  stillHasItems: boolean,
  fromName: string,
) {
  const title = orderTitle(order);
  const lines = [
    `Hi ${guest.name},`,
    `${order.hostName} removed ${what} from your order in the group order "${title}" (code ${order.code}).`,
    stillHasItems
      ? 'Your other items are still in the order.'
      : 'You have no items left in this group order, so nothing will be made for you.',
    `If this is a mistake, please ask ${order.hostName}.`,
  ];
  return composeEmail({
    to: guest.email,
    subject: `${order.hostName} removed ${what} from your order`,
    fromName,
    text: lines.join('\n'),
    body: lines.map((line) => <Paragraph key={line}>{line}</Paragraph>),
  });
}
