import { describe, expect, it } from 'vitest';
import prisma from '../../db.server';
import { createTestGroupOrder, seedMenu } from '../../../test/support/factories';
import { OTHER_SHOP, TEST_SHOP } from '../../../test/support/requests';
import { asHttp } from '../../../test/support/http';
import { hashSecret } from '../../lib/ids.server';
import { isHost } from './hostAccess.server';
import { createGroupOrder, CreateValidationError, extendDeadline } from './hosting.server';
import {
  listHostDevices,
  peekOwnerClaim,
  redeemOwnerClaim,
  requestOwnerClaim,
  revokeHostDevice,
} from './hostDevices.server';

const input = {
  hostName: 'Hannah Host',
  hostEmail: 'hannah@example.com',
  companyName: 'Acme',
  pickupDate: '2026-11-22',
  pickupTime: '10:00',
  deadlineDate: '2026-11-22',
  deadlineTime: '09:45',
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CreateValidationError) return error.fieldErrors;
    throw error;
  }
  return null;
}

describe('createGroupOrder times (shop zone Australia/Sydney)', () => {
  // 2026-11-22 09:30 in Sydney (AEDT, UTC+11) is 2026-11-21T22:30Z.
  const now = new Date('2026-11-21T22:30:20Z');

  it('counts notice from the current minute: 29 minutes refused, 30 meets the notice, 31 accepted', async () => {
    const refused = await refusal(
      createGroupOrder(TEST_SHOP, { ...input, pickupTime: '09:59', deadlineTime: '09:31' }, { now }),
    );
    expect(refused?.pickupTime).toBe(
      'Pickup orders require at least 30 minutes notice. Please select a later pickup time.',
    );
    // 30 minutes meets the pickup notice, but ordering would have to close now: the deadline rule refuses.
    const now30 = await refusal(
      createGroupOrder(TEST_SHOP, { ...input, pickupTime: '10:00', deadlineTime: '09:31' }, { now }),
    );
    expect(now30?.pickupTime).toBeUndefined();
    expect(now30?.deadlineTime).toMatch(/at least 30 minutes before the pickup time/);
    const { order } = await createGroupOrder(
      TEST_SHOP,
      { ...input, pickupTime: '10:01', deadlineTime: '09:31' },
      { now },
    );
    expect(order.pickupAt.toISOString()).toBe('2026-11-21T23:01:00.000Z');
  });

  it('uses the minutes the shop configured', async () => {
    await prisma.shopSettings.upsert({
      where: { shop: OTHER_SHOP },
      create: { shop: OTHER_SHOP, pickupNoticeMinutes: 60 },
      update: { pickupNoticeMinutes: 60 },
    });
    const refused = await refusal(
      createGroupOrder(OTHER_SHOP, { ...input, pickupTime: '10:15', deadlineTime: '09:40' }, { now }),
    );
    expect(refused?.pickupTime).toBe(
      'Pickup orders require at least 60 minutes notice. Please select a later pickup time.',
    );
  });

  it('refuses 29 real minutes and accepts 31 across the October DST jump', async () => {
    const dstNow = new Date('2026-10-03T15:45:00Z'); // 01:45 AEST on 4 October; clocks jump 02:00 -> 03:00
    // Deadline 01:46 AEST: the latest the rule allows for pickup 31 real minutes away.
    const common = { pickupDate: '2026-10-04', deadlineDate: '2026-10-04', deadlineTime: '01:46' };
    expect(
      (
        await refusal(
          createGroupOrder(TEST_SHOP, { ...input, ...common, pickupTime: '03:14' }, { now: dstNow }),
        )
      )?.pickupTime,
    ).toMatch(/at least 30 minutes/);
    const { order } = await createGroupOrder(
      TEST_SHOP,
      { ...input, ...common, pickupTime: '03:16' },
      { now: dstNow },
    );
    expect(order.pickupAt.toISOString()).toBe('2026-10-03T16:16:00.000Z');
  });

  it('refuses 29 real minutes and accepts 31 when the April change repeats the 2 am hour', async () => {
    // 02:45 AEDT on 5 April; at 03:00 clocks go back to 02:00 AEST, so 02:14 next comes 29 minutes later.
    const dstNow = new Date('2026-04-04T15:45:00Z');
    const common = { pickupDate: '2026-04-05', deadlineDate: '2026-04-05', deadlineTime: '02:46' };
    expect(
      (
        await refusal(
          createGroupOrder(TEST_SHOP, { ...input, ...common, pickupTime: '02:14' }, { now: dstNow }),
        )
      )?.pickupTime,
    ).toBe('Pickup orders require at least 30 minutes notice. Please select a later pickup time.');
    const { order } = await createGroupOrder(
      TEST_SHOP,
      { ...input, ...common, pickupTime: '02:16' },
      { now: dstNow },
    );
    expect(order.pickupAt.toISOString()).toBe('2026-04-04T16:16:00.000Z');
  });

  it('reads a repeated wall time as the one still to come, in the shop’s own zone', async () => {
    // Sydney, 01:30 AEDT on 5 April: 02:10 first comes 40 minutes later (before clocks go back at 03:00).
    const early = await createGroupOrder(
      TEST_SHOP,
      {
        ...input,
        pickupDate: '2026-04-05',
        deadlineDate: '2026-04-05',
        deadlineTime: '01:40',
        pickupTime: '02:10',
      },
      { now: new Date('2026-04-04T14:30:00Z') },
    );
    expect(early.order.pickupAt.toISOString()).toBe('2026-04-04T15:10:00.000Z');

    // New York, 01:45 EDT on 1 November: at 02:00 clocks go back to 01:00 EST, so 01:14 is 29 real minutes
    // away and 01:16 is 31.
    const shop = 'new-york-coffee.myshopify.com';
    await prisma.shopSettings.create({ data: { shop, timeZone: 'America/New_York', currency: 'USD' } });
    const nyNow = { now: new Date('2026-11-01T05:45:00Z') };
    const common = { pickupDate: '2026-11-01', deadlineDate: '2026-11-01', deadlineTime: '01:46' };
    expect(
      (await refusal(createGroupOrder(shop, { ...input, ...common, pickupTime: '01:14' }, nyNow)))
        ?.pickupTime,
    ).toBe('Pickup orders require at least 30 minutes notice. Please select a later pickup time.');
    const { order } = await createGroupOrder(shop, { ...input, ...common, pickupTime: '01:16' }, nyNow);
    expect(order.pickupAt.toISOString()).toBe('2026-11-01T06:16:00.000Z');
    expect(order.deadlineAt.toISOString()).toBe('2026-11-01T05:46:00.000Z');
    expect(order.timeZone).toBe('America/New_York');
  });

  it('says plainly when the deadline is too close to pickup, after it, or already past', async () => {
    const rule =
      'The ordering deadline must be at least 30 minutes before the pickup time, so the shop has time to prepare the order. Please choose an earlier deadline or a later pickup time.';
    const late = await refusal(createGroupOrder(TEST_SHOP, { ...input, deadlineTime: '10:05' }, { now }));
    expect(late?.deadlineTime).toBe(rule);
    // The issue's defaults: deadline 10 minutes before pickup, while the shop needs 30 minutes' notice.
    const close = await refusal(
      createGroupOrder(TEST_SHOP, { ...input, pickupTime: '10:40', deadlineTime: '10:30' }, { now }),
    );
    expect(close?.deadlineTime).toBe(rule);
    await createGroupOrder(TEST_SHOP, { ...input, pickupTime: '10:40', deadlineTime: '10:10' }, { now });
    // A delivery has no preparation notice: its deadline may reach the delivery time.
    const delivery = { ...input, orderType: 'delivery', deliveryAddress: '1 George St', pickupTime: '10:40' };
    await createGroupOrder(TEST_SHOP, { ...delivery, deadlineTime: '10:40' }, { now });
    expect(
      (await refusal(createGroupOrder(TEST_SHOP, { ...delivery, deadlineTime: '10:41' }, { now })))
        ?.deadlineTime,
    ).toBe('The ordering deadline must not be after the delivery time. Please choose an earlier deadline.');
    const past = await refusal(createGroupOrder(TEST_SHOP, { ...input, deadlineTime: '09:15' }, { now }));
    expect(past?.deadlineTime).toBe(
      'The ordering deadline has already passed. Please choose a time in the future.',
    );
  });

  it('gives every order a distinct random id and code', async () => {
    const made = await Promise.all(
      [1, 2, 3, 4].map(() => createGroupOrder(TEST_SHOP, { ...input, pickupTime: '11:00' }, { now })),
    );
    expect(new Set(made.map((m) => m.order.code)).size).toBe(4);
    expect(made.every((m) => m.order.id > 10_000_000)).toBe(true);
  });
});

describe('extendDeadline', () => {
  it('adds 15 minutes to a deadline still ahead', async () => {
    const now = new Date();
    const { order, hostToken } = await createTestGroupOrder({
      deadlineAt: new Date(now.getTime() + 10 * 60_000),
    });
    const { order: updated } = await extendDeadline(TEST_SHOP, order.id, { hostToken }, now);
    expect(updated.deadlineAt.getTime()).toBe(order.deadlineAt.getTime() + 15 * 60_000);
  });

  it('applies the create rule: an order created at the latest deadline cannot extend, 9 minutes short adds 9', async () => {
    const now = new Date('2026-11-21T22:30:20Z'); // 09:30 in Sydney
    const base = { ...input, pickupDate: '2026-11-22', deadlineDate: '2026-11-22', pickupTime: '10:40' };
    const atLatest = await createGroupOrder(TEST_SHOP, { ...base, deadlineTime: '10:10' }, { now });
    await expect(
      extendDeadline(TEST_SHOP, atLatest.order.id, { hostToken: atLatest.hostToken }, now),
    ).rejects.toThrow(/The deadline cannot move any later: pickup is at 10:40 am/);
    const short = await createGroupOrder(TEST_SHOP, { ...base, deadlineTime: '10:01' }, { now });
    const extended = await extendDeadline(TEST_SHOP, short.order.id, { hostToken: short.hostToken }, now);
    expect(extended).toMatchObject({ minutes: 9, capped: true });
    expect(extended.order.deadlineAt.toISOString()).toBe('2026-11-21T23:10:00.000Z');
  });
});

describe('ownership claim', () => {
  it('e-mails a one-time link to the host, which mints a new host token once', async () => {
    await seedMenu();
    const { order, hostToken } = await createTestGroupOrder();
    const result = await requestOwnerClaim(TEST_SHOP, order.id, 'https://shop.example/apps/group-order');
    expect(result).toEqual({ sent: true, sentTo: 'h•••@example.com' });
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: 'email' },
      orderBy: { id: 'desc' },
    });
    const payload = JSON.parse(mail.payload);
    expect(payload.to).toBe('hannah@example.com');
    const token = /\/host\/claim\/([A-Za-z0-9_-]+)/.exec(payload.text)![1];
    const claim = await prisma.ownerClaim.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(claim.tokenHash).toBe(hashSecret(token));
    expect(claim.expiresAt.getTime() - claim.createdAt.getTime()).toBeCloseTo(30 * 60_000, -4);

    // Another shop cannot use it; this shop can, once.
    expect(await peekOwnerClaim(OTHER_SHOP, token)).toBeNull();
    await expect(asHttp(redeemOwnerClaim(OTHER_SHOP, token))).rejects.toMatchObject({ status: 410 });
    const redeemed = await redeemOwnerClaim(TEST_SHOP, token, new Date(), {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      siteBase: 'https://shop.example/apps/group-order',
    });
    expect(redeemed.groupOrderId).toBe(order.id);
    // Authority is added, not moved: both browsers are the host now, each with its own token.
    expect(redeemed.hostToken).not.toBe(hostToken);
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.hostTokenHash).toBe(hashSecret(hostToken));
    expect(await isHost(stored, { hostToken })).toBe(true);
    expect(await isHost(stored, { hostToken: redeemed.hostToken })).toBe(true);
    expect(await isHost(stored, { hostToken: 'someone-else-entirely' })).toBe(false);
    const devices = await listHostDevices(TEST_SHOP, order.id, { hostToken });
    expect(devices.map((d) => [d.label, d.current, d.removable])).toEqual([
      ['The browser that created the order', true, false],
      ['Chrome on Android', false, true],
    ]);
    // The original host hears about it.
    const told = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: 'email' },
      orderBy: { id: 'desc' },
    });
    const notice = JSON.parse(told.payload);
    expect(notice.to).toBe('hannah@example.com');
    expect(notice.subject).toBe('Another device now manages "Friday coffee"');
    expect(notice.text).toContain('Chrome on Android');
    expect(notice.text).toContain(`https://shop.example/apps/group-order/host/dashboard/${order.id}`);
    await expect(asHttp(redeemOwnerClaim(TEST_SHOP, token))).rejects.toMatchObject({ status: 410 });

    // Any host may remove an added device; the removed browser is no longer the host.
    await revokeHostDevice(TEST_SHOP, order.id, devices[1].id, { hostToken });
    expect(await isHost(stored, { hostToken: redeemed.hostToken })).toBe(false);
    await expect(
      asHttp(revokeHostDevice(TEST_SHOP, order.id, devices[1].id, { hostToken })),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      asHttp(revokeHostDevice(OTHER_SHOP, order.id, devices[1].id, { hostToken })),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses an expired link and limits how many links one order can ask for', async () => {
    const { order } = await createTestGroupOrder();
    const asked = new Date(Date.now() - 31 * 60_000);
    await requestOwnerClaim(TEST_SHOP, order.id, 'https://shop.example/apps/group-order', asked);
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: 'email' },
      orderBy: { id: 'desc' },
    });
    const token = /\/host\/claim\/([A-Za-z0-9_-]+)/.exec(JSON.parse(mail.payload).text)![1];
    await expect(asHttp(redeemOwnerClaim(TEST_SHOP, token))).rejects.toMatchObject({ status: 410 });

    await requestOwnerClaim(TEST_SHOP, order.id, 'https://shop.example/apps/group-order');
    await requestOwnerClaim(TEST_SHOP, order.id, 'https://shop.example/apps/group-order');
    const fourth = await asHttp(
      requestOwnerClaim(TEST_SHOP, order.id, 'https://shop.example/apps/group-order'),
    ).catch((e) => e);
    expect(fourth).toBeInstanceOf(Response);
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).message).toMatch(
      /We have already sent several links for this order\. Please try again in \d+ minutes?\./,
    );
  });
});
