import type { GroupOrder } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, Paragraph } from './layout.server';

// What the host is told at the deadline when the order did not go to the shop by itself
// (groupOrder/schedule.server.ts, runDeadlineJob): it waits for their submit, or nobody ordered.

function dashboardEmail(
  order: GroupOrder,
  subject: string,
  lines: string[],
  dashboard: string,
  fromName: string,
) {
  const label = 'Open the dashboard';
  return composeEmail({
    to: order.hostEmail,
    subject,
    fromName,
    text: [...lines, '', `${label}: ${dashboard}`].join('\n'),
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
  fromName: string,
) {
  const title = orderTitle(order);
  return dashboardEmail(
    order,
    `"${title}" is waiting for you to submit it`,
    [
      `The ordering deadline for "${title}" passed at ${formatDateTime(order.deadlineAt, order.timeZone)}, with ${order.participantCount} ${order.participantCount === 1 ? 'person' : 'people'} and ${itemCount} ${itemCount === 1 ? 'item' : 'items'} in.`,
      'Nothing goes to the shop until you submit it. Open your dashboard to check the orders and submit.',
    ],
    dashboard,
    fromName,
  );
}

export function nobodyOrderedEmail(order: GroupOrder, dashboard: string, fromName: string) {
  const title = orderTitle(order);
  return dashboardEmail(
    order,
    `Nobody ordered in "${title}"`,
    [
      `The ordering deadline for "${title}" passed at ${formatDateTime(order.deadlineAt, order.timeZone)} and nobody had added an order, so nothing was sent to the shop.`,
      'To give people more time, extend the deadline from your dashboard.',
    ],
    dashboard,
    fromName,
  );
}
