import Bowser from 'bowser';
import prisma from '../../db.server';
import { Forbidden, Gone, NotFound } from '../../lib/errors';
import { hashSecret, newSecret } from '../../lib/ids.server';
import { maskEmail } from '../../lib/hosting';
import { formatDateTime } from '../../lib/time';
import { consumeAll } from '../limits/rateLimits.server';
import { deviceAddedEmail, ownerClaimEmail } from '../mail/hostAccessEmails.server';
import { deliverQueuedEmails, queueEmail } from '../mail/mail.server';
import { getShopSettings } from '../shop/settings.server';
import { notFound, requireHostOrder, type HostCredentials } from './hostAccess.server';

// The browsers that manage an order besides the one that created it. A host asks for a one-time claim
// link to their own address ("I Created This Order - Submit It"); opening it on another device adds that
// device as a host (a HostDevice, only its token's hash stored), and the host is told by e-mail. The
// dashboard lists the devices and removes one.

/** How long a one-time host link works. */
export const CLAIM_MINUTES = 30;

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
  const email = await ownerClaimEmail(order, link, CLAIM_MINUTES, settings);
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
function deviceLabel(userAgent: string | null | undefined) {
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
    const order = claim.groupOrder;
    const dashboard = options.siteBase ? `${options.siteBase}/host/dashboard/${order.id}` : null;
    const email = await deviceAddedEmail(order, { label, at: now }, settings, dashboard);
    const message = await queueEmail(tx, shop, email);
    return { result: { groupOrderId: claim.groupOrderId, hostToken }, messageId: message.id };
  });
  await deliverQueuedEmails([messageId]);
  return result;
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
