import { describe, expect, it } from 'vitest';
import { clampQuantity, lineTotalCents, MAX_QUANTITY, priceLine, unitPriceCents } from './pricing';

describe('pricing', () => {
  it('adds modifier deltas to the item price', () => {
    expect(unitPriceCents(520, [])).toBe(520);
    expect(unitPriceCents(520, [{ priceDeltaCents: 50 }, { priceDeltaCents: 80 }])).toBe(650);
  });

  it('multiplies the unit price by the quantity', () => {
    expect(lineTotalCents(650, 3)).toBe(1950);
  });

  it('gives 2-decimal strings for the API', () => {
    expect(priceLine(520, [{ priceDeltaCents: 80 }], 2)).toEqual({
      unitCents: 600,
      totalCents: 1200,
      itemPrice: '6.00',
      totalPrice: '12.00',
    });
    expect(priceLine(455, [{ priceDeltaCents: 5 }], 3).totalPrice).toBe('13.80');
  });

  it('avoids floating-point drift on amounts like 0.10 + 0.20', () => {
    expect(priceLine(10, [{ priceDeltaCents: 20 }], 1).itemPrice).toBe('0.30');
  });

  it('keeps quantities between 1 and the maximum', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(10_000)).toBe(MAX_QUANTITY);
  });
});
