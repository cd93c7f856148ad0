import type { GroupOrder } from '@prisma/client';
import prisma, { isUniqueViolation } from '../../db.server';
import { Conflict, Invalid } from '../../lib/errors';
import { isValidEmail, splitEmailList } from '../../lib/hosting';
import { consumeAll } from '../limits/rateLimits.server';
import { invitationEmail } from '../mail/invitationEmails.server';
import { deliverQueuedEmailIds, queueEmail } from '../mail/mail.server';
import { getShopSettings } from '../shop/settings.server';
import { requireHostOrder, type HostCredentials } from './hostAccess.server';
import { inviteLinks, recordInvitees } from './invitees.server';

// A host invites people by e-mail. The invitations go through the durable outbox (written with the
// invitees), then are delivered right away so the page can report real SMTP results; a message that
// fails now stays queued and the worker retries it.

/** An address is not e-mailed again for the same order within this many minutes. */
export const INVITE_REPEAT_WINDOW_MINUTES = 60;

type Queued = { email: string; id: number };

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
  let queued: Queued[];
  try {
    queued = await queueInvitations(order, fresh, siteBase, requestKey);
  } catch (error) {
    // The same request ran twice at once (a double submit): the other one queued these, answer as it.
    const raced = isUniqueViolation(error);
    if (raced && !options.retried) {
      return sendInvitations(shop, id, emails, credentials, siteBase, { ...options, retried: true });
    }
    throw error;
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

/** One transaction: the invitees, each one's e-mail in the outbox, and the invitation rows of this request. */
async function queueInvitations(
  order: GroupOrder,
  addresses: string[],
  siteBase: string,
  requestKey: string,
) {
  const { shop, id } = order;
  const settings = await getShopSettings(shop);
  return prisma.$transaction(async (tx) => {
    const ids: Queued[] = [];
    const invitees = await recordInvitees(tx, shop, id, addresses);
    for (const to of addresses) {
      const links = inviteLinks(siteBase, order, invitees.get(to)!);
      const email = await invitationEmail(order, to, links.join, settings, links.notOrdering);
      const message = await queueEmail(tx, shop, email);
      await tx.invitation.create({
        data: { shop, groupOrderId: id, email: to, requestKey, outboxMessageId: message.id },
      });
      ids.push({ email: to, id: message.id });
    }
    return ids;
  });
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
