import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GroupOrder, Invitee, Prisma } from '@prisma/client';
import { z } from 'zod';
import prisma from '../../db.server';
import { env } from '../../env.server';
import { Conflict, NotFound } from '../../lib/errors';
import { reminderEmail } from '../mail/invitationEmails.server';
import type { MailSettings } from '../mail/words.server';
import { queueEmail } from '../mail/mail.server';
import { typeError } from '../../lib/schemas/typeError';

// "Who is still missing": every address a host invited to an order is an Invitee, whose state the host
// sees (invited, joined, ordered, not ordering). Each invitee has their own links (join, "I'm not ordering
// this time") carrying `<id>.<HMAC of shop, order and id>`: nothing secret is stored, a link works only
// for that invitee in that order and shop, and a changed id or another order's signature finds nothing.

type Tx = Prisma.TransactionClient | typeof prisma;

export type InviteeState = 'invited' | 'joined' | 'ordered' | 'not-ordering';

export const INVITEE_STATE_LABELS: Record<InviteeState, string> = {
  invited: 'Invited',
  joined: 'Joined',
  ordered: 'Ordered',
  'not-ordering': 'Not ordering',
};

export const InviteTokenSchema = z
  .string(typeError(undefined, 'The invitation link is not valid.'))
  .regex(
    /^\d{1,10}\.[A-Za-z0-9_-]{32}$/,
    'This invitation link is not valid. Please use the link from your e-mail.',
  );

function signature(shop: string, groupOrderId: number, inviteeId: number) {
  return createHmac('sha256', env.SHOPIFY_API_SECRET)
    .update(`invitee:v1:${shop}:${groupOrderId}:${inviteeId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The invitee's own token, for their links. */
export function inviteToken(invitee: Pick<Invitee, 'id' | 'shop' | 'groupOrderId'>) {
  return `${invitee.id}.${signature(invitee.shop, invitee.groupOrderId, invitee.id)}`;
}

export function inviteLinks(siteBase: string, order: Pick<GroupOrder, 'code'>, invitee: Invitee) {
  const token = inviteToken(invitee);
  return {
    join: `${siteBase}/join/${order.code}?invite=${encodeURIComponent(token)}`,
    notOrdering: `${siteBase}/not-ordering/${encodeURIComponent(token)}`,
  };
}

/** The invitee (with their order) a token names in this shop, or null for any token that does not check. */
export async function findInviteeByToken(shop: string, token: string | null | undefined, tx: Tx = prisma) {
  const parsed = InviteTokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const [idText, given] = parsed.data.split('.');
  const invitee = await tx.invitee.findFirst({
    where: { id: Number(idText), shop },
    include: { groupOrder: true },
  });
  if (!invitee) return null;
  const expected = Buffer.from(signature(shop, invitee.groupOrderId, invitee.id));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return invitee;
}

/** One Invitee per address and order (inside the invitation's transaction); returns them by address. */
export async function recordInvitees(tx: Tx, shop: string, groupOrderId: number, emails: string[]) {
  const byEmail = new Map<string, Invitee>();
  for (const email of emails) {
    const invitee = await tx.invitee.upsert({
      where: { groupOrderId_email: { groupOrderId, email } },
      create: { shop, groupOrderId, email },
      update: {},
    });
    byEmail.set(email, invitee);
  }
  return byEmail;
}

type GuestRow = { id: number; email: string | null; updatedAt: Date };

/**
 * Each invitee's state, from the order's guests and items: ordered (a guest of theirs has items) comes
 * first; then "not ordering", unless they joined again after saying so; then joined; else invited.
 */
export async function inviteeStates(tx: Tx, shop: string, groupOrderId: number) {
  const [invitees, guests, items] = await Promise.all([
    tx.invitee.findMany({ where: { shop, groupOrderId }, orderBy: { id: 'asc' } }),
    tx.guest.findMany({
      where: { shop, groupOrderId },
      select: { id: true, email: true, updatedAt: true },
    }),
    tx.orderItem.findMany({
      where: { shop, groupOrderId },
      select: { guestId: true, guestEmail: true },
      distinct: ['guestId', 'guestEmail'],
    }),
  ]);
  const guestsByEmail = new Map<string, GuestRow[]>();
  for (const guest of guests) {
    if (!guest.email) continue;
    const key = guest.email.toLowerCase();
    guestsByEmail.set(key, [...(guestsByEmail.get(key) ?? []), guest]);
  }
  const guestById = new Map(guests.map((guest) => [guest.id, guest]));
  const orderedGuests = new Set(items.flatMap((item) => (item.guestId ? [item.guestId] : [])));
  const orderedEmails = new Set(
    items.flatMap((item) => (item.guestEmail ? [item.guestEmail.toLowerCase()] : [])),
  );
  return invitees.map((invitee) => {
    const theirs = [
      ...(invitee.guestId && guestById.has(invitee.guestId) ? [guestById.get(invitee.guestId)!] : []),
      ...(guestsByEmail.get(invitee.email) ?? []),
    ];
    const ordered = orderedEmails.has(invitee.email) || theirs.some((guest) => orderedGuests.has(guest.id));
    const rejoined = theirs.some((guest) => invitee.declinedAt && guest.updatedAt > invitee.declinedAt);
    const state: InviteeState = ordered
      ? 'ordered'
      : invitee.declinedAt && !rejoined
        ? 'not-ordering'
        : theirs.length
          ? 'joined'
          : 'invited';
    return { invitee, state };
  });
}

/** Who a reminder goes to: invited or joined, not ordered and not declined. */
export async function stillMissing(tx: Tx, shop: string, groupOrderId: number) {
  return (await inviteeStates(tx, shop, groupOrderId))
    .filter(({ state }) => state === 'invited' || state === 'joined')
    .map(({ invitee }) => invitee);
}

/**
 * "Still choosing": guests who joined the order (by code, link or invitation) but have nothing in it, in
 * the order they joined, leaving out those who said "I'm not ordering this time" and did not join again
 * after. Their carts live only in their browsers, so the host is told before submitting without them.
 */
export async function stillChoosing(tx: Tx, shop: string, groupOrderId: number) {
  const [guests, declined] = await Promise.all([
    tx.guest.findMany({
      where: { shop, groupOrderId, items: { none: {} } },
      select: { id: true, name: true, email: true, updatedAt: true },
      orderBy: { id: 'asc' },
    }),
    tx.invitee.findMany({
      where: { shop, groupOrderId, declinedAt: { not: null } },
      select: { email: true, guestId: true, declinedAt: true },
    }),
  ]);
  return guests
    .filter(
      (guest) =>
        !declined.some(
          (invitee) =>
            (invitee.guestId === guest.id || invitee.email === guest.email?.toLowerCase()) &&
            guest.updatedAt <= invitee.declinedAt!,
        ),
    )
    .map((guest) => guest.name);
}

const ALREADY_ORDERED =
  'You have already added an order. If you are not ordering after all, remove your items from your order page.';

/**
 * "I'm not ordering this time", from the invitee's own link. Saying it again changes nothing (the first
 * time is kept). Refused once they have ordered, and once the order no longer takes orders.
 */
export async function declineInvitation(shop: string, token: string, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const invitee = await findInviteeByToken(shop, token, tx);
    if (!invitee)
      throw new NotFound('This link is not valid. Please use the link from your invitation e-mail.');
    const order = invitee.groupOrder;
    const state = (await inviteeStates(tx, shop, order.id)).find((s) => s.invitee.id === invitee.id)?.state;
    if (state === 'ordered') throw new Conflict(ALREADY_ORDERED);
    if (state === 'not-ordering') return { order, declinedAt: invitee.declinedAt! };
    if (order.status !== 'active') {
      throw new Conflict('This group order has already been submitted, so there is nothing to decline.');
    }
    const updated = await tx.invitee.update({ where: { id: invitee.id, shop }, data: { declinedAt: now } });
    return { order, declinedAt: updated.declinedAt! };
  });
}

/** A guest joined through their invitation link: they are that invitee, and no longer "not ordering". */
export async function joinedByInvitation(
  tx: Tx,
  shop: string,
  groupOrderId: number,
  token: string,
  guestId: number,
) {
  const invitee = await findInviteeByToken(shop, token, tx);
  if (!invitee || invitee.groupOrderId !== groupOrderId) return null;
  return tx.invitee.update({ where: { id: invitee.id, shop }, data: { guestId, declinedAt: null } });
}

/** Queues one reminder per invitee (in the caller's transaction) and notes when each was reminded. */
export async function queueReminders(
  tx: Tx,
  order: GroupOrder,
  invitees: Invitee[],
  siteBase: string,
  settings: MailSettings,
  now: Date,
) {
  const ids: number[] = [];
  for (const invitee of invitees) {
    const links = inviteLinks(siteBase, order, invitee);
    const email = await reminderEmail(order, invitee.email, links, settings);
    const message = await queueEmail(tx, order.shop, email);
    ids.push(message.id);
  }
  if (invitees.length) {
    await tx.invitee.updateMany({
      where: { shop: order.shop, id: { in: invitees.map((i) => i.id) } },
      data: { remindedAt: now },
    });
  }
  return ids;
}
