import type { GroupOrder, Prisma } from '@prisma/client';
import prisma from '../../db.server';
import { hashSecret, newSecret } from '../../lib/ids.server';
import { consumeAll } from '../limits/rateLimits.server';
import { hostLinksEmail, orderCreatedEmail } from '../mail/hostAccessEmails.server';
import type { MailSettings } from '../mail/words.server';
import { queueEmail } from '../mail/mail.server';
import { getShopSettings } from '../shop/settings.server';
import { CLAIM_MINUTES } from './hostDevices.server';
import type { Language } from '../../lib/language';

// How a host gets back to their dashboard without the browser that created the order
// (docs/decisions/2026-11-26-host-links.md): the e-mail sent when the order is created, and Find order by
// e-mail. Both carry one-time host links (OwnerClaim, the same as "manage from another browser"): opening
// one on a device adds that device as a host, and the host is told. Nothing here ever says whether an
// address hosts anything.

/** The created e-mail's link lasts until a day after pickup: the host may lose their link at any time before. */
export const CREATED_LINK_AFTER_PICKUP_MS = 24 * 60 * 60_000;

type Tx = Prisma.TransactionClient;

/** A one-time host link for the order, valid until `expiresAt`; only its hash is stored. */
async function issueHostLink(tx: Tx, order: GroupOrder, siteBase: string, expiresAt: Date) {
  const token = newSecret();
  await tx.ownerClaim.create({
    data: { shop: order.shop, groupOrderId: order.id, tokenHash: hashSecret(token), expiresAt },
  });
  return `${siteBase}/host/claim/${token}`;
}

/**
 * Queued in the transaction that creates the order: the host's own dashboard link (one-time, until a day
 * after pickup) and the join link to share, so losing the browser that created the order loses nothing.
 */
export async function queueOrderCreatedEmail(
  tx: Tx,
  order: GroupOrder,
  siteBase: string,
  settings: MailSettings,
) {
  const expiresAt = new Date(order.pickupAt.getTime() + CREATED_LINK_AFTER_PICKUP_MS);
  const manage = await issueHostLink(tx, order, siteBase, expiresAt);
  const join = `${siteBase}/join/${order.code}`;
  const email = await orderCreatedEmail(order, { manage, join, expiresAt }, settings);
  await queueEmail(tx, order.shop, email);
}

/** How long the e-mailed host links work (the page's answer says it: guest.json find.sent). */
export const HOST_LINK_MINUTES = CLAIM_MINUTES;

/**
 * Find order → Your Email: e-mails the address a one-time link to the dashboard of each order it hosts
 * (active, or created in the last 14 days). The caller learns nothing: the same budgets are taken and the
 * same answer is given whether or not the address hosts anything, and delivery happens in the outbox
 * worker, so the answer does not take longer when there is mail to send. The e-mail is written in
 * `language`, the one the asking page's request named (else the shop's), not the orders' hosts'.
 */
export async function requestHostLinksByEmail(
  shop: string,
  email: string,
  siteBase: string,
  client: string,
  language: Language | null,
  now = new Date(),
) {
  const address = email.trim().toLowerCase();
  await consumeAll([
    { name: 'lookups', key: client },
    { name: 'hostLinksPerAddress', key: `${shop}:${hashSecret(address)}` },
    { name: 'claimsPerShop', key: shop },
  ]);
  const since = new Date(now.getTime() - 14 * 24 * 60 * 60_000);
  const orders = await prisma.groupOrder.findMany({
    where: { shop, hostEmail: address, OR: [{ status: 'active' }, { createdAt: { gte: since } }] },
    orderBy: { createdAt: 'desc' },
    take: 10,
  });
  if (orders.length === 0) return;
  const settings = await getShopSettings(shop);
  const expiresAt = new Date(now.getTime() + CLAIM_MINUTES * 60_000);
  await prisma.$transaction(async (tx) => {
    const links: { order: GroupOrder; href: string }[] = [];
    for (const order of orders)
      links.push({ order, href: await issueHostLink(tx, order, siteBase, expiresAt) });
    const email = await hostLinksEmail(address, links, CLAIM_MINUTES, settings, language);
    await queueEmail(tx, shop, email);
  });
}
