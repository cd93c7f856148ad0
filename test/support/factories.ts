import type { Prisma } from '@prisma/client';
import prisma from '../../app/db.server';
import { hashSecret, newSecret, randomOrderCode, randomOrderId } from '../../app/lib/ids.server';
import { utcToZoned } from '../../app/lib/time';
import { DEMO_ACCESS_TOKEN, seedDemo } from '../../prisma/demo-data';
import { TEST_SHOP } from './requests';

/**
 * The demo café menu in a test shop (tests sign requests for TEST_SHOP by default), with every modifier
 * group optional: most tests name a line's options by hand and are about something else. Tests of required
 * groups (Size, Milk and Blend are required on the demo menu) make them so with `requireGroups`.
 */
export async function seedMenu(shop = TEST_SHOP) {
  await seedDemo(prisma, { shop });
  await prisma.modifierGroup.updateMany({ where: { shop }, data: { minSelections: 0 } });
  return prisma.menuItem.findMany({ where: { shop }, orderBy: { position: 'asc' } });
}

/** No order items and no menu rows in any shop, then the demo menu in TEST_SHOP (seedMenu). */
export async function freshMenu() {
  await prisma.orderItem.deleteMany();
  await prisma.modifier.deleteMany();
  await prisma.modifierGroup.deleteMany();
  await prisma.menuItem.deleteMany();
  return seedMenu();
}

/** The shop's offline session as installing the app leaves it, with the scopes the test needs. */
export function storeOfflineSession(scope: string, shop = TEST_SHOP) {
  return prisma.session.create({
    data: { id: `offline_${shop}`, shop, state: 's', isOnline: false, accessToken: DEMO_ACCESS_TOKEN, scope },
  });
}

/** Makes the named modifier groups of the demo menu required (at least one choice), as the demo shop has them. */
export async function requireGroups(names: string[], shop = TEST_SHOP) {
  await prisma.modifierGroup.updateMany({ where: { shop, name: { in: names } }, data: { minSelections: 1 } });
}

/** A group order written straight to the database, with its host token for authorised calls. */
export async function createTestGroupOrder(
  overrides: Partial<Prisma.GroupOrderUncheckedCreateInput> & { shop?: string } = {},
) {
  const hostToken = newSecret();
  const now = Date.now();
  const order = await prisma.groupOrder.create({
    data: {
      id: randomOrderId(),
      code: randomOrderCode(),
      shop: TEST_SHOP,
      hostName: 'Hannah Host',
      hostEmail: 'hannah@example.com',
      companyName: 'Acme Pty Ltd',
      name: 'Friday coffee',
      orderType: 'pickup',
      paymentMethod: 'pay-in-store',
      pickupAt: new Date(now + 60 * 60_000),
      deadlineAt: new Date(now + 45 * 60_000),
      timeZone: 'Australia/Sydney',
      currency: 'AUD',
      hostTokenHash: hashSecret(hostToken),
      ...overrides,
    },
  });
  return { order, hostToken };
}

/**
 * The storefront create form's body as a host sends it: Hannah of Acme, pickup `pickupIn` and the deadline
 * `deadlineIn` minutes from now on Sydney's wall clock (the test shop's zone). Tests add or replace fields.
 */
export function createOrderBody({
  pickupIn = 90,
  deadlineIn = 50,
  ...overrides
}: { pickupIn?: number; deadlineIn?: number } & Record<string, unknown> = {}) {
  const zoned = (minutes: number) => utcToZoned(new Date(Date.now() + minutes * 60_000), 'Australia/Sydney');
  const [pickup, deadline] = [zoned(pickupIn), zoned(deadlineIn)];
  return {
    hostName: 'Hannah Host',
    hostEmail: 'hannah@example.com',
    companyName: 'Acme Pty Ltd',
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    deadlineDate: deadline.date,
    deadlineTime: deadline.time,
    ...overrides,
  };
}
