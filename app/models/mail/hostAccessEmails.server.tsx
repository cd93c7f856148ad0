import type { GroupOrder } from '@prisma/client';
import { orderTitle } from '../../lib/groupOrder';
import { formatDateTime } from '../../lib/time';
import { ActionButton, composeEmail, CopyLink, Details, InlineLink, Lines, Paragraph } from './layout.server';

// What a host receives about reaching their dashboard (groupOrder/hostDevices.server.ts and
// groupOrder/hostLinks.server.ts): the created e-mail with its host link, one-time links asked for from
// another browser or by address, and the notice that a device was added. `minutes` is how long a
// one-time link works; the caller owns that rule.

const IGNORE = 'If it was not you, ignore this e-mail: nothing changes.';

/** Sent when the order is created: the join link to share and the host's own one-time dashboard link. */
export async function orderCreatedEmail(
  order: GroupOrder,
  links: { manage: string; join: string; expiresAt: Date },
  fromName: string,
) {
  const when = order.orderType === 'delivery' ? 'Delivery' : 'Pickup';
  const intro = `Your group order "${orderTitle(order)}" is open. Share the code ${order.code} or this link so everyone can add their order: ${links.join}`;
  const keep =
    'Keep this e-mail. Its host link opens your dashboard (submit, invite, extend) on any phone or computer: it works once, adds that device as a host, and we tell you when it is used.';
  const details: [string, string][] = [
    ['Order code', order.code],
    [when, formatDateTime(order.pickupAt, order.timeZone)],
    ['Order by', formatDateTime(order.deadlineAt, order.timeZone)],
  ];
  return composeEmail({
    to: order.hostEmail,
    subject: `Your group order "${orderTitle(order)}" is open`,
    fromName,
    text: [
      intro,
      '',
      keep,
      `Open your host dashboard: ${links.manage}`,
      `(works once, until ${formatDateTime(links.expiresAt, order.timeZone)})`,
      '',
      ...details.map(([k, v]) => `${k}: ${v}`),
    ].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{keep}</Paragraph>
        <ActionButton href={links.manage}>Open your host dashboard</ActionButton>
        <Details rows={details} />
        <CopyLink href={links.manage} />
      </>
    ),
  });
}

/** "I Created This Order - Submit It": the one-time link to the host's own address. */
export async function ownerClaimEmail(order: GroupOrder, link: string, minutes: number, fromName: string) {
  const intro = `Someone asked to manage the group order "${orderTitle(order)}" (code ${order.code}) from another browser.`;
  const how = `If that was you, open this link on that device within ${minutes} minutes. It works once.`;
  return composeEmail({
    to: order.hostEmail,
    subject: `Manage your group order "${orderTitle(order)}"`,
    fromName,
    text: [intro, how, '', link, '', IGNORE].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Paragraph>{IGNORE}</Paragraph>
        <ActionButton href={link}>Manage this order here</ActionButton>
        <Details rows={[['Order code', order.code]]} />
        <CopyLink href={link} />
      </>
    ),
  });
}

/** The host is told that a claim link added a device (`dashboard`: where to remove it, when known). */
export async function deviceAddedEmail(
  order: GroupOrder,
  device: { label: string; at: Date },
  fromName: string,
  dashboard: string | null,
) {
  const intro = `Another device now manages your group order "${orderTitle(order)}" (code ${order.code}): ${device.label}, at ${formatDateTime(device.at, order.timeZone)}.`;
  const how =
    'It used the one-time link we e-mailed you. Your own browser still manages the order as before.';
  const ignore =
    'If that was not you, open the order dashboard and remove the device under "Devices managing this order".';
  return composeEmail({
    to: order.hostEmail,
    subject: `Another device now manages "${orderTitle(order)}"`,
    fromName,
    text: [intro, how, ignore, ...(dashboard ? ['', dashboard] : [])].join('\n'),
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Paragraph>{ignore}</Paragraph>
        {dashboard ? <ActionButton href={dashboard}>Open the dashboard</ActionButton> : null}
        <Details rows={[['Order code', order.code]]} />
        {dashboard ? <CopyLink href={dashboard} /> : null}
      </>
    ),
  });
}

/** Find order by e-mail: a one-time link to the dashboard of each order the address hosts. */
export async function hostLinksEmail(
  to: string,
  links: { order: GroupOrder; href: string }[],
  minutes: number,
  fromName: string,
) {
  const intro = `Someone asked for the group orders hosted with this address. ${links.length === 1 ? 'Here is the link to its host dashboard.' : `Here are links to the host dashboards of all ${links.length}.`}`;
  const how = `Open a link on the device you want to manage the order from, within ${minutes} minutes. Each works once.`;
  const line = ({ order }: { order: GroupOrder }) =>
    `${orderTitle(order)} (code ${order.code}, ${order.status === 'active' ? 'accepting orders' : 'submitted'}, pickup ${formatDateTime(order.pickupAt, order.timeZone)})`;
  return composeEmail({
    to,
    subject:
      links.length === 1
        ? `Manage your group order "${orderTitle(links[0].order)}"`
        : 'Manage your group orders',
    fromName,
    text: [intro, how, '', ...links.flatMap((l) => [line(l), l.href, '']), IGNORE].join('\n'),
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
        <Paragraph quiet>{IGNORE}</Paragraph>
      </>
    ),
  });
}
