import { describe, expect, it } from 'vitest';
import { deadlineFits, defaultTimes, extendableMinutes, latestDeadline } from './deadline';
import { defaultPaymentMethod } from './payment';

const MIN = 60_000;
const now = new Date('2026-11-21T22:30:20Z').getTime();
const pickup = { orderType: 'pickup', noticeMinutes: 30 };
const delivery = { orderType: 'delivery', noticeMinutes: 30 };

describe('the deadline rule (create, extend and the defaults alike)', () => {
  it('closes ordering the notice before pickup, and at the latest at the delivery time', () => {
    expect(latestDeadline(now + 60 * MIN, pickup)).toBe(now + 30 * MIN);
    expect(latestDeadline(now + 60 * MIN, delivery)).toBe(now + 60 * MIN);
    expect(deadlineFits(now + 30 * MIN, now + 60 * MIN, pickup)).toBe(true);
    expect(deadlineFits(now + 50 * MIN, now + 60 * MIN, pickup)).toBe(false);
    expect(deadlineFits(now + 60 * MIN, now + 60 * MIN, delivery)).toBe(true);
  });

  it('says how much an extend can really add: 15, less near the limit, 0 when there is no room', () => {
    const order = (deadline: number, pickupAt: number) => ({
      deadlineAt: now + deadline * MIN,
      pickupAt: now + pickupAt * MIN,
    });
    expect(extendableMinutes(order(10, 90), pickup, now)).toBe(15);
    expect(extendableMinutes(order(21, 60), pickup, now)).toBe(9);
    expect(extendableMinutes(order(30, 60), pickup, now)).toBe(0);
    expect(extendableMinutes(order(40, 60), pickup, now)).toBe(0);
    expect(extendableMinutes(order(50, 60), delivery, now)).toBe(10);
    // A deadline already past extends from now.
    expect(extendableMinutes(order(-5, 90), pickup, now)).toBe(15);
  });

  it("gives defaults that keep the rule: the issue's 40/30 offsets move pickup to deadline plus notice", () => {
    const { pickupAt, deadlineAt } = defaultTimes(now, { pickupMinutes: 40, deadlineMinutes: 30 }, pickup);
    expect(deadlineFits(deadlineAt, pickupAt, pickup)).toBe(true);
    expect((pickupAt.getTime() - deadlineAt.getTime()) / MIN).toBe(30);
    expect(deadlineAt.getTime() % MIN).toBe(0);
    expect(deadlineAt.getTime() - now).toBeGreaterThanOrEqual(30 * MIN);
    // Offsets that already leave the notice are kept as the shop set them.
    const roomy = defaultTimes(now, { pickupMinutes: 90, deadlineMinutes: 30 }, pickup);
    expect((roomy.pickupAt.getTime() - roomy.deadlineAt.getTime()) / MIN).toBe(60);
    expect(extendableMinutes(roomy, pickup, now)).toBe(15);
  });
});

describe('defaultPaymentMethod', () => {
  it('is Pay in Store for a pickup, and On Account or Invoice for a delivery', () => {
    const all = ['pay-in-store', 'invoice', 'on-account'] as const;
    expect(defaultPaymentMethod('pickup', all)).toBe('pay-in-store');
    expect(defaultPaymentMethod('delivery', all)).toBe('on-account');
    expect(defaultPaymentMethod('delivery', ['pay-in-store', 'invoice'])).toBe('invoice');
    expect(defaultPaymentMethod('delivery', ['pay-in-store'])).toBe('pay-in-store');
    expect(defaultPaymentMethod('pickup', ['invoice'])).toBe('invoice');
  });
});
