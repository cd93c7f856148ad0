import { describe, expect, it } from 'vitest';
import { spreadGuests } from './lunch-rush';

// The rush's spread of a burst's guests over app instances, as a load balancer taking them in turn.
describe('spreadGuests', () => {
  it('gives one instance every guest (the one-instance rush is unchanged)', () => {
    expect(spreadGuests(15, 1)).toEqual([15]);
  });

  it('alternates over two instances, the first taking the odd guest', () => {
    expect(spreadGuests(10, 2)).toEqual([5, 5]);
    expect(spreadGuests(15, 2)).toEqual([8, 7]);
    expect(spreadGuests(1, 2)).toEqual([1, 0]);
  });

  it('loses and invents no guest over any number of instances', () => {
    for (const instances of [1, 2, 3, 4]) {
      for (const count of [0, 1, 5, 7, 70]) {
        const spread = spreadGuests(count, instances);
        expect(spread.reduce((sum, n) => sum + n, 0)).toBe(count);
        expect(Math.max(...spread) - Math.min(...spread)).toBeLessThanOrEqual(1);
      }
    }
  });
});
