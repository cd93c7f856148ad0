import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatList } from './language';
import { formatMoney } from './money';
import { formatDateTime } from './time';

// A menu of 40 items and a dashboard of 200 lines format hundreds of prices, times and lists per render: each
// Intl formatter is built once per locale/currency/zone and reused, and the output stays the same.

afterEach(() => vi.restoreAllMocks());

describe('storefront formatters', () => {
  it('build each money format once and keep formatting the same', () => {
    formatMoney(1, 'NZD', 'en-NZ');
    const built = vi.spyOn(Intl, 'NumberFormat');
    const prices = Array.from({ length: 50 }, (_, i) => formatMoney(450 + i * 10, 'NZD', 'en-NZ'));
    expect(built).not.toHaveBeenCalled();
    expect(prices[0]).toBe('$4.50');
    expect(formatMoney(1520)).toBe('$15.20');
  });

  it('build each date format once per zone and keep formatting the same', () => {
    const instant = new Date('2026-11-23T04:30:00Z');
    formatDateTime(instant, 'Pacific/Auckland');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const texts = Array.from({ length: 50 }, () => formatDateTime(instant, 'Pacific/Auckland'));
    expect(built).not.toHaveBeenCalled();
    expect(texts[0]).toBe('Mon 23 Nov, 5:30 pm');
  });

  it('build each list format once per locale, type and style and keep joining the same', () => {
    formatList('fr', ['lait', 'œuf']);
    formatList('en-AU', ['milk'], 'unit', 'short');
    expect(formatList('en-AU', ['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
    expect(formatList('en-AU', ['milk', 'egg'], 'disjunction')).toBe('milk or egg');
    const built = vi.spyOn(Intl, 'ListFormat');
    const joined = Array.from({ length: 50 }, () => formatList('fr', ['lait', 'œuf', 'soja']));
    expect(formatList('en-AU', ['milk', 'egg', 'soy'], 'unit', 'short')).toBe('milk, egg, soy');
    expect(built).not.toHaveBeenCalled();
    expect(joined[0]).toBe('lait, œuf et soja');
  });
});
