import { describe, expect, it } from 'vitest';
import { categoryKey, categoryLabel, distinctCategories } from './categories';

describe('categoryLabel', () => {
  it('turns underscores into spaces and capitalises each word', () => {
    expect(categoryLabel('white_coffee')).toBe('White Coffee');
    expect(categoryLabel('cold_drinks')).toBe('Cold Drinks');
    expect(categoryLabel('food')).toBe('Food');
  });

  it('copes with odd spacing and capitals', () => {
    expect(categoryLabel('  HOT__chocolate_ ')).toBe('Hot Chocolate');
    expect(categoryLabel('')).toBe('');
  });
});

describe('categoryKey', () => {
  it('treats key and label spellings as one category', () => {
    expect(categoryKey('White Coffee')).toBe('white_coffee');
    expect(categoryKey('white_coffee')).toBe('white_coffee');
    expect(categoryKey('tea')).not.toBe(categoryKey('white_coffee'));
  });

  it('normalises whatever is not a key yet, and leaves a key as it is', () => {
    for (const [given, key] of [
      ['  Cold & Hot Drinks ', 'cold_and_hot_drinks'],
      ['_white__coffee_', 'white_coffee'],
      ['cold-drinks', 'cold_drinks'],
      ['Tea', 'tea'],
      ['cold_drinks', 'cold_drinks'],
      ['b2b_2', 'b2b_2'],
    ])
      expect(categoryKey(given)).toBe(key);
  });
});

describe('distinctCategories', () => {
  it('lists each category once, in menu order', () => {
    const items = [
      { category: 'tea' },
      { category: 'food' },
      { category: 'tea' },
      { category: 'white_coffee' },
    ];
    expect(distinctCategories(items)).toEqual(['tea', 'food', 'white_coffee']);
  });
});
