import type { GroupOrder } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, CopyLink, Details, InlineLink, Paragraph } from './layout.server';

// What invited people receive: the host's invitation and the reminder to those who have not ordered.
// Both carry the invitee's own join link and "I'm not ordering this time" link (invitees.server.ts).

type InviteeLinks = { join: string; notOrdering: string };

/** What the e-mails say about the "not ordering" link. */
function notOrderingLine(hostName: string) {
  // The link opens a page with the button (opening it alone changes nothing: mail scanners open links).
  return `Not ordering this time? Open this link and tap "I'm not ordering this time" to let ${hostName} know:`;
}

function NotOrdering({ hostName, href }: { hostName: string; href: string }) {
  return (
    <Paragraph quiet>
      {notOrderingLine(hostName)} <InlineLink href={href}>I&apos;m not ordering this time</InlineLink>
    </Paragraph>
  );
}

export async function invitationEmail(
  order: GroupOrder,
  to: string,
  joinUrl: string,
  fromName: string,
  notOrderingUrl?: string,
) {
  const when = order.orderType === 'delivery' ? 'Delivery' : 'Pickup';
  const details: [string, string][] = [
    ['Order code', order.code],
    [when, formatDateTime(order.pickupAt, order.timeZone)],
    ['Order by', formatDateTime(order.deadlineAt, order.timeZone)],
  ];
  const intro = `${order.hostName} (${order.companyName}) is collecting a group order "${orderTitle(order)}" and invites you to add yours.`;
  const outro = 'Add your items before the deadline so they are included when the order is placed.';
  const decline = notOrderingUrl ? [notOrderingLine(order.hostName), notOrderingUrl] : [];
  return composeEmail({
    to,
    subject: `${order.hostName} invited you to a group order`,
    fromName,
    text: [
      intro,
      '',
      `Join here: ${joinUrl}`,
      ...details.map(([k, v]) => `${k}: ${v}`),
      '',
      outro,
      ...(decline.length ? ['', ...decline] : []),
    ].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{outro}</Paragraph>
        <ActionButton href={joinUrl}>Join the group order</ActionButton>
        <Details rows={details} />
        <CopyLink href={joinUrl} />
        {notOrderingUrl ? <NotOrdering hostName={order.hostName} href={notOrderingUrl} /> : null}
      </>
    ),
  });
}

/** The reminder to one invitee who has not ordered, with their own join and "not ordering" links. */
export async function reminderEmail(order: GroupOrder, to: string, links: InviteeLinks, fromName: string) {
  const title = orderTitle(order);
  const deadline = formatDateTime(order.deadlineAt, order.timeZone);
  const intro = `${order.hostName} is still waiting for your order in "${title}" (${order.companyName}).`;
  const when = `Ordering closes at ${deadline}. Add your items before then so they are included.`;
  const decline = notOrderingLine(order.hostName);
  return composeEmail({
    to,
    subject: `Reminder: add your order to "${title}" by ${deadline}`,
    fromName,
    text: [intro, when, '', `Add your order: ${links.join}`, '', decline, links.notOrdering].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{when}</Paragraph>
        <ActionButton href={links.join}>Add my order</ActionButton>
        <NotOrdering hostName={order.hostName} href={links.notOrdering} />
      </>
    ),
  });
}
