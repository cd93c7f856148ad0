import { z } from 'zod';
import prisma from '../../db.server';
import { Gone, NotFound } from '../../lib/errors';
import { say } from '../../lib/sentences.server';
import { guestNameKey } from '../../lib/guests';
import { GuestTokenSchema } from '../../lib/guestSchema';
import { hashSecret, newSecret } from '../../lib/ids.server';
import { consumeAll } from '../limits/rateLimits.server';
import { guestLinkEmail } from '../mail/guestEmails.server';
import { deliverQueuedEmails, queueEmail } from '../mail/mail.server';
import { inPrismaTransaction } from '../../db/query.server';
import { getShopSettings } from '../shop/settings.server';
import { GuestEmailSchema, GuestNameSchema } from './orderItems.server';
import { addGuestToken } from './guests.server';
import { addProvenDevice } from './usualOrders.server';

// "Same person, new phone": a guest's items and note are reachable only from the browsers holding the
// guest's token. Another browser gets one by opening a one-time link e-mailed to the guest's own address
// (the one they gave when ordering) and pressing its button. The link is bound to the shop, the order
// and the guest, works once, for GUEST_LINK_MINUTES; only a hash of its secret is stored. The design is
// the host's one-time link's (hostDevices.server.ts, requestOwnerClaim / redeemOwnerClaim).

export const GUEST_LINK_MINUTES = 30;

/**
 * What the requester is told, whether or not the address matched (so it tells nobody whose it is), in
 * the request's language where it is answered (api.guest.linkSent).
 */
export function guestLinkSent(name: string) {
  return say('api.guest.linkSent', { name: name.trim(), minutes: GUEST_LINK_MINUTES });
}

/** The English of guestLinkSent. */
export function guestLinkSentMessage(name: string) {
  return guestLinkSent(name).text;
}

export const GUEST_LINK_GONE =
  'This link has expired or has already been used. Ask for a new one on the join page of the order.';

export const GuestLinkRequestSchema = z.object({
  guestName: GuestNameSchema,
  email: GuestEmailSchema.pipe(z.string({ error: 'Please enter the e-mail address you ordered with.' })),
});

export const GuestLinkRedeemSchema = z.object({
  guestToken: GuestTokenSchema,
  deviceKey: z.preprocess((value) => value || undefined, GuestTokenSchema.optional()),
});

/**
 * Sends the one-time link to the guest's own address when the address typed is the one the guest gave.
 * The answer is the same sentence either way, and the e-mail is delivered after the answer (`delivery`,
 * which only tests wait for), so neither the words nor the time tell whether the address matched.
 */
export async function requestGuestLink(
  shop: string,
  groupOrderId: number,
  input: z.infer<typeof GuestLinkRequestSchema>,
  siteBase: string,
  options: { now?: Date; client?: string } = {},
) {
  const now = options.now ?? new Date();
  const order = await prisma.groupOrder.findFirst({ where: { id: groupOrderId, shop } });
  if (!order) throw new NotFound('Group order not found');
  const nameKey = guestNameKey(input.guestName);
  await consumeAll([
    { name: 'guestLinksPerGuest', key: `${shop}:${groupOrderId}:${nameKey}` },
    { name: 'guestLinksPerClient', key: options.client ?? `${shop}:unknown` },
    { name: 'guestLinksPerShop', key: shop },
  ]);
  const guest = await prisma.guest.findUnique({
    where: { groupOrderId_nameKey: { groupOrderId, nameKey } },
  });
  let delivery: Promise<unknown> = Promise.resolve();
  if (guest && guest.shop === shop && guest.email && guest.email === input.email) {
    const settings = await getShopSettings(shop);
    const token = newSecret();
    const link = { href: `${siteBase}/guest/link/${token}`, minutes: GUEST_LINK_MINUTES };
    const to = { name: guest.name, email: guest.email, language: guest.language };
    const email = await guestLinkEmail(order, to, link, settings);
    const messageId = await prisma.$transaction(async (tx) => {
      await tx.guestLink.create({
        data: {
          shop,
          groupOrderId,
          guestId: guest.id,
          tokenHash: hashSecret(token),
          expiresAt: new Date(now.getTime() + GUEST_LINK_MINUTES * 60_000),
          createdAt: now,
        },
      });
      return (await queueEmail(tx, shop, email)).id;
    });
    // Queued with the link: a delivery that fails now is retried by the outbox worker.
    delivery = deliverQueuedEmails([messageId]).catch((error) => {
      console.error('Guest link e-mail not delivered yet; the outbox will retry', error);
    });
  }
  return { sent: true, message: guestLinkSentMessage(input.guestName), delivery };
}

async function findLink(shop: string, token: string) {
  return prisma.guestLink.findFirst({
    where: { shop, tokenHash: hashSecret(token) },
    include: { guest: { include: { groupOrder: true } } },
  });
}

/** What a link is for, without using it (opening the e-mailed link only shows the page). */
export async function peekGuestLink(shop: string, token: string, now = new Date()) {
  const link = await findLink(shop, token);
  if (!link || link.usedAt || link.expiresAt <= now || link.guest.shop !== shop) return null;
  return {
    groupOrderId: link.groupOrderId,
    // The page says the title in its language (orderTitle with its words).
    order: { name: link.guest.groupOrder.name, companyName: link.guest.groupOrder.companyName },
    guestName: link.guest.name,
  };
}

/**
 * Uses a link once: the browser's guest token (and, for the usual order, its device key) is bound to the
 * guest, and the guest's address counts as proven from now on. Every browser that held the guest keeps it.
 */
export async function redeemGuestLink(
  shop: string,
  token: string,
  input: z.infer<typeof GuestLinkRedeemSchema>,
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    const link = await tx.guestLink.findFirst({
      where: { shop, tokenHash: hashSecret(token) },
      include: { guest: true },
    });
    if (!link || link.usedAt || link.expiresAt <= now || link.guest.shop !== shop) {
      throw new Gone(GUEST_LINK_GONE);
    }
    const used = await tx.guestLink.updateMany({
      where: { id: link.id, shop, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count === 0) throw new Gone(GUEST_LINK_GONE);
    await addGuestToken(inPrismaTransaction(tx), link.guestId, hashSecret(input.guestToken), now);
    const guest = await tx.guest.update({
      where: { id: link.guestId, shop },
      data: { emailVerifiedAt: now },
    });
    if (guest.email && input.deviceKey) await addProvenDevice(tx, shop, guest.email, input.deviceKey);
    const items = await tx.orderItem.count({ where: { shop, guestId: guest.id } });
    return {
      hasItems: items > 0,
      groupOrderId: guest.groupOrderId,
      guestName: guest.name,
      initials: guest.initials,
      email: guest.email,
    };
  });
}
