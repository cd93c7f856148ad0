import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetLeft,
  FEE_SPLITS,
  overBudget,
  OVERAGE_POLICIES,
  PAYMENT_MODES,
  splitByWeights,
  splitEvenly,
  splitOrder,
  tipTotal,
  type MoneyRules,
} from './moneyShares';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const rulesArb: fc.Arbitrary<MoneyRules> = fc
  .record({
    paymentMode: fc.constantFrom(...PAYMENT_MODES),
    budgetCents: fc.option(fc.integer({ min: 100, max: 50_000 }), { nil: null }),
    overagePolicy: fc.constantFrom(...OVERAGE_POLICIES),
    percent: fc.boolean(),
    tip: fc.integer({ min: 0, max: 50_000 }),
    deliveryFeeCents: fc.integer({ min: 0, max: 10_000 }),
    feeSplit: fc.constantFrom(...FEE_SPLITS),
  })
  .map(({ percent, tip, ...rest }) => ({
    ...rest,
    tipPercent: percent ? tip % 31 : 0,
    tipCents: percent ? 0 : tip,
  }));

const itemsArb = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40_000 })), {
  minLength: 1,
  maxLength: 60,
});

describe('splitByWeights / splitEvenly', () => {
  it('hands out the total exactly, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 80 }),
        (total, weights) => {
          const parts = splitByWeights(total, weights);
          expect(sum(parts)).toBe(total);
          const weightSum = sum(weights);
          parts.forEach((part, index) => {
            const exact = weightSum > 0 ? (total * weights[index]) / weightSum : total / weights.length;
            expect(Math.abs(part - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('splits evenly to the cent, extra cents to the first', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(10, [0, 0])).toEqual([5, 5]);
    expect(splitByWeights(7, [])).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        (total, count) => {
          const parts = splitEvenly(total, count);
          expect(sum(parts)).toBe(total);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('splitOrder', () => {
  it('always reconciles: shares + company fees = items + fee + tip, and each share adds up', () => {
    fc.assert(
      fc.property(rulesArb, itemsArb, (rules, items) => {
        const { shares, companyFeesCents, totalCents } = splitOrder(rules, items);
        const itemsTotal = sum(items);
        const fee = itemsTotal > 0 ? rules.deliveryFeeCents : 0;
        expect(totalCents).toBe(itemsTotal + fee + tipTotal(rules, itemsTotal));
        expect(sum(shares.map((s) => s.companyCents + s.guestCents)) + companyFeesCents).toBe(totalCents);
        shares.forEach((share, index) => {
          expect(share.itemsCents).toBe(items[index]);
          expect(share.itemsCents + share.feesCents + share.tipCents).toBe(
            share.companyCents + share.guestCents,
          );
          expect(share.companyCents).toBeGreaterThanOrEqual(0);
          expect(share.guestCents).toBeGreaterThanOrEqual(0);
          // Nobody without items pays a fee or a tip.
          if (items[index] === 0) expect(share.companyCents + share.guestCents).toBe(0);
        });
      }),
    );
  });

  it('covers at most the budget when guests pay the rest, and all of it under the other rules', () => {
    fc.assert(
      fc.property(rulesArb, itemsArb, (rules, items) => {
        const { shares } = splitOrder(rules, items);
        for (const share of shares) {
          const own = share.itemsCents + share.feesCents + share.tipCents;
          if (rules.paymentMode === 'company') expect(share.guestCents).toBe(0);
          if (rules.paymentMode === 'own-share') expect(share.companyCents).toBe(0);
          if (rules.paymentMode === 'budget' && rules.overagePolicy === 'guest-pays') {
            expect(share.companyCents).toBe(Math.min(rules.budgetCents ?? 0, own));
          }
        }
      }),
    );
  });

  it('splits a $5.00 fee and a 10 % tip pro rata, evenly, or leaves them to the company', () => {
    const rules: MoneyRules = {
      paymentMode: 'budget',
      budgetCents: 1500,
      overagePolicy: 'guest-pays',
      tipPercent: 10,
      tipCents: 0,
      deliveryFeeCents: 500,
      feeSplit: 'pro-rata',
    };
    const proRata = splitOrder(rules, [1000, 2000, 0]);
    expect(proRata.shares.map((s) => [s.feesCents, s.tipCents])).toEqual([
      [167, 100],
      [333, 200],
      [0, 0],
    ]);
    // 20.00 + 3.33 + 2.00 = 25.33 of which the budget covers 15.00.
    expect(proRata.shares[1]).toMatchObject({ companyCents: 1500, guestCents: 1033 });
    const even = splitOrder({ ...rules, feeSplit: 'even' }, [1000, 2000, 0]);
    expect(even.shares.map((s) => s.feesCents)).toEqual([250, 250, 0]);
    const company = splitOrder({ ...rules, feeSplit: 'company' }, [1000, 2000]);
    expect(company.companyFeesCents).toBe(800);
    expect(company.shares.map((s) => s.guestCents)).toEqual([0, 500]);
  });
});

describe('the budget line', () => {
  const budget = { paymentMode: 'budget' as const, budgetCents: 1500 };
  it('says what is left and by how much items go over', () => {
    expect(budgetLeft(budget, 1260)).toBe(240);
    expect(overBudget(budget, 1740)).toBe(240);
    expect(budgetLeft(budget, 1740)).toBe(0);
    expect(overBudget(budget, 1500)).toBe(0);
    expect(budgetLeft({ paymentMode: 'own-share', budgetCents: null }, 900)).toBeNull();
    expect(overBudget({ paymentMode: 'company', budgetCents: 1500 }, 9000)).toBe(0);
  });
});

describe('splitOrder with paid shares (money-proof)', () => {
  it('keeps every paid share as it is and still adds up to the total, the rest of the fee and tip to the others', () => {
    fc.assert(
      fc.property(
        rulesArb,
        itemsArb,
        fc.array(fc.boolean(), { maxLength: 12 }),
        (rules, items, paidFlags) => {
          // The shares as they were when some guests paid (the same items: a paid guest changes nothing).
          const before = splitOrder(
            rules,
            items.map((cents, i) => (paidFlags[i] ? cents : 0)),
          );
          const fixed = items.map((cents, i) => (paidFlags[i] && cents > 0 ? before.shares[i] : null));
          const after = splitOrder(rules, items, fixed);
          fixed.forEach((share, i) => share && expect(after.shares[i]).toBe(share));
          const everyone = sum(after.shares.map((s) => s.companyCents + s.guestCents));
          const paidFees = sum(fixed.map((s) => (s ? s.feesCents + s.tipCents : 0)));
          const feeAndTip = after.totalCents - sum(items);
          // Paid guests never hold more than the order's fee and tip unless the tip shrank (a refund's case).
          if (paidFees <= feeAndTip) expect(everyone + after.companyFeesCents).toBe(after.totalCents);
          for (const s of after.shares) {
            expect(Number.isInteger(s.guestCents) && s.guestCents >= 0).toBe(true);
            expect(s.itemsCents + s.feesCents + s.tipCents).toBe(s.companyCents + s.guestCents);
          }
        },
      ),
      { seed: 20261127, numRuns: 400 },
    );
  });
});
