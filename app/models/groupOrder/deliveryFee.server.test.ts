import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { seedMenu } from '../../../test/support/factories';
import { guestsSpending } from '../../../test/support/moneyOrders';
import { TEST_SHOP } from '../../../test/support/requests';
import { SettingsSchema, updateShopSettings } from '../shop/settings.server';
import { sayIn } from '../../lib/sentences.server';
import { createGroupOrder } from './hosting.server';
import { refreshShares } from './guestShares.server';

// The delivery fee's source (issue 25; docs/decisions/2026-11-27-delivery-fee.md): the merchant's shop
// setting, taken by a delivery group order when it is created, none for pickup, and then split into the
// guests' shares to the cent.

const now = new Date('2026-11-21T22:30:20Z');
const order = {
  hostName: 'Hannah Host',
  hostEmail: 'hannah@example.com',
  companyName: 'Acme',
  pickupDate: '2026-11-22',
  pickupTime: '11:00',
  deadlineDate: '2026-11-22',
  deadlineTime: '10:00',
};
const delivery = { ...order, orderType: 'delivery', deliveryAddress: '1 George St' };
const settings = {
  kitchenName: 'Our kitchen',
  timeZone: 'Australia/Sydney',
  currency: 'AUD',
  pickupNoticeMinutes: '30',
  defaultPickupOffsetMinutes: '40',
  defaultDeadlineOffsetMinutes: '30',
  paymentMethods: ['pay-in-store', 'invoice', 'on-account'],
  emailSenderName: 'Group Order',
};

async function setFee(deliveryFee: string) {
  await updateShopSettings(TEST_SHOP, SettingsSchema.parse({ ...settings, deliveryFee }));
}

beforeEach(async () => {
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  await prisma.shopSettings.deleteMany({ where: { shop: TEST_SHOP } });
  await seedMenu(TEST_SHOP);
});

describe('the shop’s delivery fee (admin settings)', () => {
  it('is read as whole cents: "5.00", "4.5" and blank (none)', () => {
    const fee = (deliveryFee: string) => SettingsSchema.parse({ ...settings, deliveryFee }).deliveryFee;
    expect(fee('5.00')).toBe(500);
    expect(fee('4.5')).toBe(450);
    expect(fee(' 12 ')).toBe(1200);
    expect(fee('')).toBe(0);
    expect(fee('500.00')).toBe(50_000);
  });

  it('refuses a negative, absurd or unreadable fee with a sentence (en, fr, de), and nothing is saved', async () => {
    await setFee('3.00');
    for (const bad of ['-1', '500.01', 'five', '1e3', '2.345', '99999999']) {
      const result = SettingsSchema.safeParse({ ...settings, deliveryFee: bad });
      expect(result.success, bad).toBe(false);
      const issue = result.error!.issues[0];
      expect(issue.path).toEqual(['deliveryFee']);
      expect(issue.message).toBe('The delivery fee must be an amount from $0.00 to $500.00, such as 5.00.');
      expect(sayIn('fr')(issue.message)).toMatch(/^Les frais de livraison/);
      expect(sayIn('de')(issue.message)).toMatch(/^Die Liefergebühr/);
    }
    const stored = await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(stored.deliveryFeeCents).toBe(300);
  });

  it('is kept when a save leaves it out', async () => {
    await setFee('3.00');
    await updateShopSettings(TEST_SHOP, SettingsSchema.parse(settings));
    const stored = await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(stored.deliveryFeeCents).toBe(300);
  });
});

describe('a group order’s delivery fee', () => {
  it('is the shop’s fee for a delivery, none for pickup', async () => {
    await setFee('6.50');
    const { order: delivered } = await createGroupOrder(TEST_SHOP, delivery, { now });
    const { order: pickedUp } = await createGroupOrder(TEST_SHOP, order, { now });
    expect(delivered.deliveryFeeCents).toBe(650);
    expect(pickedUp.deliveryFeeCents).toBe(0);
  });

  it('is taken at create: a later change of the shop’s fee leaves open orders as they were', async () => {
    await setFee('6.50');
    const { order: before } = await createGroupOrder(TEST_SHOP, delivery, { now });
    await setFee('9.00');
    const { order: after } = await createGroupOrder(TEST_SHOP, delivery, { now });
    const reread = await prisma.groupOrder.findFirstOrThrow({ where: { id: before.id, shop: TEST_SHOP } });
    expect(reread.deliveryFeeCents).toBe(650);
    expect(after.deliveryFeeCents).toBe(900);
  });

  it.each(['pro-rata', 'even', 'company'] as const)(
    'flows into the shares to the cent (%s)',
    async (feeSplit) => {
      await setFee('5.01');
      const { order: created } = await createGroupOrder(
        TEST_SHOP,
        { ...delivery, paymentMode: 'own-share', feeSplit, tipPercent: '7' },
        { now },
      );
      await guestsSpending(created, [333, 1000, 1667]);
      const split = await prisma.$transaction((tx) => refreshShares(tx, TEST_SHOP, created.id));
      const shares = await prisma.guestShare.findMany({
        where: { shop: TEST_SHOP, groupOrderId: created.id },
      });
      const tip = Math.floor((3000 * 7 + 50) / 100);
      expect(split.totalCents).toBe(3000 + 501 + tip);
      const fees = shares.reduce((sum, s) => sum + s.feesCents, 0);
      expect(fees + (feeSplit === 'company' ? split.companyFeesCents - tip : 0)).toBe(501);
      const everyone = shares.reduce((sum, s) => sum + s.guestCents + s.companyCents, 0);
      expect(everyone + split.companyFeesCents).toBe(split.totalCents);
      for (const s of shares) {
        for (const cents of [s.itemsCents, s.feesCents, s.tipCents, s.guestCents, s.companyCents]) {
          expect(Number.isInteger(cents)).toBe(true);
        }
      }
      if (feeSplit === 'even') expect(shares.map((s) => s.feesCents).sort()).toEqual([167, 167, 167]);
    },
  );
});
