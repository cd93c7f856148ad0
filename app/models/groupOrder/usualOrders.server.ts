import { parseAvoids, type Avoid } from '../../lib/allergens';
import type { Prisma, UsualOrder } from '@prisma/client';
import prisma from '../../db.server';
import { Forbidden } from '../../lib/errors';
import { hashSecret } from '../../lib/ids.server';
import { isAllowedFor, withRequiredDefaults } from '../../lib/modifiers';
import type { SaveUsualOrderInput, UsualItem } from '../../lib/schemas/usualOrder';
import { guestMenu } from '../menu/menuCache.server';

// A guest's usual order, keyed by shop + e-mail (spec "Usual order"). Its request schemas are in
// app/lib/schemas/usualOrder.ts.
//
// An address is not a key: typing someone's address does not load their usual order. A browser loads or
// replaces it with a proof: its device key (a random secret kept in the browser, of which only hashes are
// stored on the usual order) is one the address was proven on, or it holds the token of a guest in
// `groupOrderId` whose address is that one and was proven by an e-mailed link (guestLinks.server.ts).
// The browser that saves the first usual order for an address is listed too, until the address is proven
// on some browser: from then on only browsers that proved it are.

export {
  LoadUsualOrderSchema,
  SaveUsualOrderSchema,
  UsualOrderQuerySchema,
  type SaveUsualOrderInput,
  type UsualItem,
} from '../../lib/schemas/usualOrder';

function parseItems(json: string): UsualItem[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export type UsualProof = {
  deviceKey?: string | null;
  groupOrderId?: number | null;
  guestToken?: string | null;
};

export const USUAL_PROOF_NEEDED =
  'To load or replace the usual order saved for this e-mail address on this device, open the link we e-mail to that address.';

type Device = { h: string; proven: boolean };
const DEVICES_KEPT = 10;

function parseDevices(json: string): Device[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((d): d is Device => typeof d?.h === 'string' && typeof d?.proven === 'boolean')
      : [];
  } catch {
    return [];
  }
}

/** The devices after adding one (a proven one drops the unproven: the address has an owner now). */
function withDevice(devices: Device[], deviceKey: string | null | undefined, proven: boolean) {
  if (!deviceKey) return devices;
  const h = hashSecret(deviceKey);
  const kept = devices.filter((d) => d.h !== h && (!proven || d.proven));
  return [...kept, { h, proven }].slice(-DEVICES_KEPT);
}

/** Whether this browser holds a guest of that order whose address is `email` and was proven by a link. */
async function provenGuest(shop: string, email: string, proof: UsualProof) {
  if (!proof.groupOrderId || !proof.guestToken) return false;
  const guest = await prisma.guest.findFirst({
    where: {
      shop,
      groupOrderId: proof.groupOrderId,
      email,
      emailVerifiedAt: { not: null },
      tokens: { some: { tokenHash: hashSecret(proof.guestToken) } },
    },
    select: { id: true },
  });
  return Boolean(guest);
}

/** How this browser may act on the usual order of `email`: by its device key, by a proven guest, or not. */
async function proofOf(shop: string, email: string, saved: UsualOrder | null, proof: UsualProof) {
  const devices = saved ? parseDevices(saved.devices) : [];
  if (proof.deviceKey && devices.some((d) => d.h === hashSecret(proof.deviceKey!))) return 'device';
  if (await provenGuest(shop, email, proof)) return 'guest';
  return null;
}

/** A browser proved the address (it opened a guest link): it may load and replace the usual order. */
export async function addProvenDevice(
  tx: Prisma.TransactionClient,
  shop: string,
  email: string,
  deviceKey: string,
) {
  const saved = await tx.usualOrder.findUnique({ where: { shop_email: { shop, email } } });
  if (!saved) return;
  await tx.usualOrder.updateMany({
    where: { id: saved.id, shop },
    data: { devices: JSON.stringify(withDevice(parseDevices(saved.devices), deviceKey, true)) },
  });
}

/**
 * The saved items that can still be ordered: items still on the menu and active, and only modifiers that
 * still exist and still apply to the item, with what the guest avoids (allergen and diet keys). A saved
 * one without a proof (see above) is refused with 403.
 */
export async function getUsualOrder(
  shop: string,
  email: string,
  proof: UsualProof = {},
): Promise<{ items: UsualItem[]; avoids: Avoid[] }> {
  const saved = await prisma.usualOrder.findUnique({ where: { shop_email: { shop, email } } });
  // Nothing saved: the spec's 'No saved items yet' (this tells that the address has no usual order here).
  if (!saved) return { items: [], avoids: [] };
  const how = await proofOf(shop, email, saved, proof);
  if (!how) throw new Forbidden(USUAL_PROOF_NEEDED, { reason: 'proof-needed' });
  if (how === 'guest' && proof.deviceKey) {
    // Proven on this browser through the order: it loads the usual order by itself from now on.
    await prisma.usualOrder.updateMany({
      where: { id: saved.id, shop },
      data: { devices: JSON.stringify(withDevice(parseDevices(saved.devices), proof.deviceKey, true)) },
    });
  }
  const { items, modifiers } = await guestMenu(shop);
  const menu = new Map(items.map((item) => [item.id, item]));
  const modifierById = new Map(modifiers.map((m) => [m.id, m]));
  const kept = parseItems(saved.items).flatMap((item) => {
    const menuItem = menu.get(item.id);
    if (!menuItem) return [];
    const selectedModifiers = (item.selectedModifiers ?? []).filter((id) => {
      const modifier = modifierById.get(id);
      return modifier ? isAllowedFor(modifier, menuItem.category) : false;
    });
    return [
      {
        id: item.id,
        name: menuItem.name,
        quantity: item.quantity,
        selectedModifiers: withRequiredDefaults(modifiers, menuItem.category, selectedModifiers),
      },
    ];
  });
  return { items: kept, avoids: parseAvoids(saved.avoids) };
}

/**
 * Saves (replaces) the usual order of the address. The first one for an address may be saved by anyone,
 * and lists the saving browser; replacing one needs a proof, like loading it.
 */
export async function saveUsualOrder(shop: string, input: SaveUsualOrderInput, proof: UsualProof = {}) {
  const menuIds = new Set(
    (await prisma.menuItem.findMany({ where: { shop, active: true }, select: { id: true } })).map(
      (m) => m.id,
    ),
  );
  const items: UsualItem[] = input.orderItems
    .filter((item) => menuIds.has(item.id))
    .map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      selectedModifiers: item.selectedModifiers,
    }));
  const email = input.email;
  const saved = await prisma.usualOrder.findUnique({ where: { shop_email: { shop, email } } });
  const how = await proofOf(shop, email, saved, proof);
  if (saved && !how) throw new Forbidden(USUAL_PROOF_NEEDED, { reason: 'proof-needed' });
  const listed = saved ? parseDevices(saved.devices) : [];
  // A listed browser keeps what it was (proven or not); a proven guest's browser is proven.
  const proven =
    how === 'guest' ||
    (proof.deviceKey ? listed.some((d) => d.h === hashSecret(proof.deviceKey!) && d.proven) : false);
  const devices = withDevice(listed, proof.deviceKey, proven);
  await prisma.usualOrder.upsert({
    where: { shop_email: { shop, email } },
    create: {
      shop,
      email,
      name: input.name,
      items: JSON.stringify(items),
      devices: JSON.stringify(devices),
      avoids: input.avoids ?? '',
    },
    // What the guest avoids is remembered with the items; a save that does not say keeps it.
    update: {
      name: input.name,
      items: JSON.stringify(items),
      devices: JSON.stringify(devices),
      avoids: input.avoids,
    },
  });
  return items;
}
