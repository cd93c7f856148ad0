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
