import Bowser from 'bowser';
import type { GroupOrder } from '@prisma/client';
import prisma, { isUniqueViolation } from '../../db.server';
import { Conflict, Forbidden, Gone, Invalid, NotFound } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/ids.server';
import { isValidEmail, maskEmail, splitEmailList } from '../../lib/hosting';
import { formatDateTime } from '../../lib/time';
import { consumeAll } from '../limits/rateLimits.server';
import { notFound, requireHostOrder, type HostCredentials } from '../groupOrder/hosting.server';
import { queueEmail, type Email } from './mail.server';
import { deliverMessagesNow } from '../outbox/outbox.server';
import { getShopSettings } from '../shop/settings.server';
import { orderTitle } from '../../lib/groupOrder';
import { inviteLinks, notOrderingLine, recordInvitees } from '../groupOrder/invitees.server';

// E-mails a host sends: invitations to guests and the one-time ownership link to the host's own address.
// Both go through the durable outbox (written with the change), then are delivered right away so the
// page can report real SMTP results; a message that fails now stays queued and the worker retries it.

export const CLAIM_MINUTES = 30;

export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function htmlEmail(
  paragraphs: string[],
  link: { href: string; label: string },
  details: [string, string][],
) {
  const rows = details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b615a">${escapeHtml(k)}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`,
    )
    .join('');
  return `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f1a17;max-width:520px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#6f3b1e;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>
<table style="border-collapse:collapse">${rows}</table>
<p style="color:#6b615a;font-size:13px">Or copy this link: ${escapeHtml(link.href)}</p></div>`;
}

export function invitationEmail(
  order: GroupOrder,
  to: string,
  joinUrl: string,
  fromName: string,
  notOrderingUrl?: string,
): Email {
  const when = order.orderType === 'delivery' ? 'Delivery' : 'Pickup';
  const details: [string, string][] = [
    ['Order code', order.code],
    [when, formatDateTime(order.pickupAt, order.timeZone)],
    ['Order by', formatDateTime(order.deadlineAt, order.timeZone)],
  ];
  const intro = `${order.hostName} (${order.companyName}) is collecting a group order "${orderTitle(order)}" and invites you to add yours.`;
  const outro = 'Add your items before the deadline so they are included when the order is placed.';
  const decline = notOrderingUrl ? [notOrderingLine(order.hostName), notOrderingUrl] : [];
  const html = htmlEmail([intro, outro], { href: joinUrl, label: 'Join the group order' }, details);
  return {
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
    html: notOrderingUrl
      ? html.replace(
          /<\/div>$/,
          `<p style="color:#6b615a">${escapeHtml(decline[0])} <a href="${escapeHtml(notOrderingUrl)}">I'm not ordering this time</a></p></div>`,
        )
      : html,
  };
}

/**
 * Delivers the given outbox e-mails now. Returns how many went out (or, without SMTP, were kept in the
 * local mailbox). A message another worker is already sending is awaited briefly.
 */
export async function deliverQueuedEmails(ids: number[]) {
  return (await deliverQueuedEmailIds(ids)).size;
}

/** As deliverQueuedEmails, but which of the messages went out (sent, or held without SMTP). */
async function deliverQueuedEmailIds(ids: number[]) {
  await deliverMessagesNow(ids);
  const deadline = Date.now() + 5000;
  for (;;) {
    const rows = await prisma.outboxMessage.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true },
    });
    if (!rows.some((row) => row.status === 'sending') || Date.now() > deadline) {
      return new Set(
        rows.filter((row) => row.status === 'sent' || row.status === 'held').map((row) => row.id),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An address is not e-mailed again for the same order within this many minutes. */
export const INVITE_REPEAT_WINDOW_MINUTES = 60;

/**
 * Spec: POST /invite {emails[]} → {sent, total}. total counts every address entered, valid or not.
 *
 * Idempotent: `requestKey` (made once per submit by the host's page, reused when it retries) makes a
 * repeated request queue nothing new; it answers with the delivery state of the first one. An address
 * invited to this order within INVITE_REPEAT_WINDOW_MINUTES by another request is not e-mailed again and
 * is listed in `skipped`. Only new e-mails count against the invitation limits.
 */
export async function sendInvitations(
  shop: string,
  id: number,
  emails: string[],
  credentials: HostCredentials,
  siteBase: string,
  /** client: the caller's per-client rate-limit key (clientKey in rateLimits.server.ts). */
  options: { requestKey?: string; now?: Date; retried?: boolean; client?: string } = {},
): Promise<{ sent: number; total: number; invalid: string[]; skipped: string[]; undelivered: string[] }> {
  const now = options.now ?? new Date();
  const requestKey = options.requestKey ?? `once-${crypto.randomUUID()}`;
  const order = await requireHostOrder(shop, id, credentials);
  const entered = splitEmailList(emails);
  const valid = [...new Set(entered.filter(isValidEmail).map((email) => email.toLowerCase()))];
  const invalid = entered.filter((email) => !isValidEmail(email));
  const previous = await recentInvitations(shop, id, valid, now);
  const replayed = previous.filter((p) => p.requestKey === requestKey);
  if (order.status !== 'active' && !replayed.length) {
    throw new Conflict(
      'This order has been submitted, so nobody can join it. Reopen it before inviting people.',
    );
  }
  if (valid.length === 0) throw new Invalid('Please enter valid email addresses.');
  const invitedBefore = new Set(previous.map((p) => p.email));
  const fresh = valid.filter((email) => !invitedBefore.has(email));
  if (fresh.length) {
    await consumeAll([
      { name: 'invitesPerOrder', key: `${shop}:${id}`, points: fresh.length },
      { name: 'invitesPerClient', key: options.client ?? `${shop}:unknown`, points: fresh.length },
      { name: 'invitesPerShop', key: shop, points: fresh.length },
    ]);
  }
  const settings = await getShopSettings(shop);
  let queued: { email: string; id: number }[];
  try {
    queued = await queueInvitations(fresh);
  } catch (error) {
    // The same request ran twice at once (a double submit): the other one queued these, answer as it.
    const raced = isUniqueViolation(error);
    if (raced && !options.retried) {
      return sendInvitations(shop, id, emails, credentials, siteBase, { ...options, retried: true });
    }
    throw error;
  }
  async function queueInvitations(addresses: string[]) {
    return prisma.$transaction(async (tx) => {
      const ids: { email: string; id: number }[] = [];
      const invitees = await recordInvitees(tx, shop, id, addresses);
      for (const to of addresses) {
        const links = inviteLinks(siteBase, order, invitees.get(to)!);
        const message = await queueEmail(
          tx,
          shop,
          invitationEmail(order, to, links.join, settings.emailSenderName, links.notOrdering),
        );
        await tx.invitation.create({
          data: { shop, groupOrderId: id, email: to, requestKey, outboxMessageId: message.id },
        });
        ids.push({ email: to, id: message.id });
      }
      return ids;
    });
  }
  const messages = [
    ...replayed.flatMap((p) => (p.outboxMessageId ? [{ email: p.email, id: p.outboxMessageId }] : [])),
    ...queued,
  ];
  const delivered = await deliverQueuedEmailIds(messages.map((m) => m.id));
  const replayedEmails = new Set(replayed.map((p) => p.email));
  return {
    sent: delivered.size,
    total: entered.length,
    invalid,
    skipped: valid.filter((email) => invitedBefore.has(email) && !replayedEmails.has(email)),
    // Queued but not accepted by the mail server yet: the outbox keeps trying them.
    undelivered: messages.filter((m) => !delivered.has(m.id)).map((m) => m.email),
  };
}

/** Invitations of these addresses to this order within the repeat window (any request). */
async function recentInvitations(shop: string, id: number, emails: string[], now: Date) {
  if (!emails.length) return [];
  return prisma.invitation.findMany({
    where: {
      shop,
      groupOrderId: id,
      email: { in: emails },
      createdAt: { gt: new Date(now.getTime() - INVITE_REPEAT_WINDOW_MINUTES * 60_000) },
    },
    select: { email: true, requestKey: true, outboxMessageId: true },
  });
}

/** "I Created This Order - Submit It": a one-time link to the host's own address. */
export async function requestOwnerClaim(
  shop: string,
  id: number,
  siteBase: string,
  now = new Date(),
  client = `${shop}:unknown`,
) {
  const order = await prisma.groupOrder.findFirst({ where: { id, shop } });
  if (!order) throw notFound();
  await consumeAll([
    { name: 'claimsPerOrder', key: `${shop}:${id}` },
    { name: 'claimsPerClient', key: client },
    { name: 'claimsPerShop', key: shop },
  ]);
  const settings = await getShopSettings(shop);
  const token = newSecret();
  const link = `${siteBase}/host/claim/${token}`;
  const intro = `Someone asked to manage the group order "${orderTitle(order)}" (code ${order.code}) from another browser.`;
  const how = `If that was you, open this link on that device within ${CLAIM_MINUTES} minutes. It works once.`;
  const ignore = 'If it was not you, ignore this e-mail: nothing changes.';
  const email: Email = {
    to: order.hostEmail,
    subject: `Manage your group order "${orderTitle(order)}"`,
    fromName: settings.emailSenderName,
    text: [intro, how, '', link, '', ignore].join('\n'),
    html: htmlEmail([intro, how, ignore], { href: link, label: 'Manage this order here' }, [
      ['Order code', order.code],
    ]),
  };
  const messageId = await prisma.$transaction(async (tx) => {
    await tx.ownerClaim.create({
      data: {
        shop,
        groupOrderId: id,
        tokenHash: hashSecret(token),
        expiresAt: new Date(now.getTime() + CLAIM_MINUTES * 60_000),
      },
    });
    return (await queueEmail(tx, shop, email)).id;
  });
  const sent = await deliverQueuedEmails([messageId]);
  return { sent: sent === 1, sentTo: maskEmail(order.hostEmail) };
}

const CLAIM_GONE =
  'This link has expired or has already been used. Ask for a new one from the order dashboard.';

/** The order a claim link is for, without using it (the page shows what the visitor is about to claim). */
export async function peekOwnerClaim(shop: string, token: string, now = new Date()) {
  const claim = await prisma.ownerClaim.findFirst({
    where: { shop, tokenHash: hashSecret(token) },
    include: { groupOrder: true },
  });
  if (!claim || claim.usedAt || claim.expiresAt <= now) return null;
  return claim.groupOrder;
}

/** "Chrome on Android": enough for a host to recognise their own phone in the list of devices. */
export function deviceLabel(userAgent: string | null | undefined) {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name;
  const os = parsed?.os.name;
  if (browser && os) return `${browser} on ${os}`.slice(0, 80);
  return (browser || os || 'Unknown browser').slice(0, 80);
}

/**
 * Uses a claim link once. Host authority is added, not moved: the browser that claims gets a token of its
 * own (only its hash is stored) and every browser that held the order keeps it. The host's address is
 * told, so a claim they did not make does not go unnoticed; they can remove the device from the dashboard.
 */
export async function redeemOwnerClaim(
  shop: string,
  token: string,
  now = new Date(),
  options: { userAgent?: string | null; siteBase?: string } = {},
) {
  const label = deviceLabel(options.userAgent);
  const settings = await getShopSettings(shop);
  const { result, messageId } = await prisma.$transaction(async (tx) => {
    const claim = await tx.ownerClaim.findFirst({
      where: { shop, tokenHash: hashSecret(token) },
      include: { groupOrder: true },
    });
    if (!claim || claim.usedAt || claim.expiresAt <= now) throw new Gone(CLAIM_GONE);
    const used = await tx.ownerClaim.updateMany({
      where: { id: claim.id, shop, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count === 0) throw new Gone(CLAIM_GONE);
    const hostToken = newSecret();
    await tx.hostDevice.create({
      data: {
        shop,
        groupOrderId: claim.groupOrderId,
        tokenHash: hashSecret(hostToken),
        label,
        createdAt: now,
      },
    });
    const message = await queueEmail(
      tx,
      shop,
      deviceAddedEmail(claim.groupOrder, label, now, settings.emailSenderName, options.siteBase),
    );
    return { result: { groupOrderId: claim.groupOrderId, hostToken }, messageId: message.id };
  });
  await deliverQueuedEmails([messageId]);
  return result;
}

function deviceAddedEmail(order: GroupOrder, label: string, at: Date, fromName: string, siteBase?: string) {
  const intro = `Another device now manages your group order "${orderTitle(order)}" (code ${order.code}): ${label}, at ${formatDateTime(at, order.timeZone)}.`;
  const how =
    'It used the one-time link we e-mailed you. Your own browser still manages the order as before.';
  const ignore =
    'If that was not you, open the order dashboard and remove the device under "Devices managing this order".';
  const href = siteBase ? `${siteBase}/host/dashboard/${order.id}` : null;
  return {
    to: order.hostEmail,
    subject: `Another device now manages "${orderTitle(order)}"`,
    fromName,
    text: [intro, how, ignore, ...(href ? ['', href] : [])].join('\n'),
    html: href
      ? htmlEmail([intro, how, ignore], { href, label: 'Open the dashboard' }, [['Order code', order.code]])
      : undefined,
  } satisfies Email;
}

/** The browsers that hold host authority, for the dashboard's list (which one is this browser, too). */
export async function listHostDevices(shop: string, id: number, credentials: HostCredentials) {
  const order = await requireHostOrder(shop, id, credentials);
  const devices = await prisma.hostDevice.findMany({
    where: { shop, groupOrderId: id },
    orderBy: { id: 'asc' },
  });
  const mine = credentials.hostToken ? hashSecret(credentials.hostToken) : null;
  return [
    {
      id: 0,
      label: 'The browser that created the order',
      addedAt: order.createdAt.toISOString(),
      addedText: formatDateTime(order.createdAt, order.timeZone),
      current: mine === order.hostTokenHash,
      removable: false,
    },
    ...devices.map((device) => ({
      id: device.id,
      label: device.label,
      addedAt: device.createdAt.toISOString(),
      addedText: formatDateTime(device.createdAt, order.timeZone),
      current: mine === device.tokenHash,
      removable: true,
    })),
  ];
}

/** A host removes a device added by a claim link (the creating browser cannot be removed). */
export async function revokeHostDevice(
  shop: string,
  id: number,
  deviceId: number,
  credentials: HostCredentials,
) {
  await requireHostOrder(shop, id, credentials);
  const removed = await prisma.hostDevice.deleteMany({ where: { id: deviceId, shop, groupOrderId: id } });
  if (removed.count === 0) throw new NotFound('That device no longer manages this order.');
  return listHostDevices(shop, id, credentials).catch((error) => {
    // A browser that removed itself is no longer the host: it gets an empty list.
    if (error instanceof Forbidden) return [];
    throw error;
  });
}
