import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  groupHint,
  groupsForCategory,
  toggleModifier,
  validateSelection,
  type MenuModifier,
} from './modifiers';

let nextId = 1;
function mod(
  groupId: number,
  type: string,
  name: string,
  options: Partial<
    Pick<MenuModifier, 'isDefault' | 'maxSelections' | 'applicableCategories' | 'priceDeltaCents'>
  > = {},
): MenuModifier {
  const cents = options.priceDeltaCents ?? 0;
  return {
    id: nextId++,
    name,
    type,
    isDefault: options.isDefault ?? false,
    maxSelections: options.maxSelections ?? 1,
    applicableCategories: options.applicableCategories ?? [],
    priceDelta: (cents / 100).toFixed(2),
    priceDeltaCents: cents,
    groupId,
    groupName: type.charAt(0).toUpperCase() + type.slice(1),
  };
}

const small = mod(1, 'size', 'Small', { isDefault: true });
const large = mod(1, 'size', 'Large', { priceDeltaCents: 100 });
const fullCream = mod(2, 'milk', 'Full Cream', { isDefault: true, applicableCategories: ['white_coffee'] });
const oat = mod(2, 'milk', 'Oat', { priceDeltaCents: 80, applicableCategories: ['white_coffee'] });
const unrestrictedMilk = mod(2, 'milk', 'Soy'); // no category restriction, still White Coffee only by type
const equal = mod(3, 'sweeteners', 'Equal');
const extraShot = mod(4, 'alterations', 'Extra Shot', {
  maxSelections: 2,
  applicableCategories: ['white_coffee', 'black_coffee'],
});
const extraHot = mod(4, 'alterations', 'Extra Hot', {
  maxSelections: 2,
  applicableCategories: ['white_coffee', 'black_coffee', 'tea'],
});
const noFroth = mod(4, 'alterations', 'No Froth', {
  maxSelections: 2,
  applicableCategories: ['white_coffee'],
});
const heated = mod(5, 'other', 'Heated', { applicableCategories: ['food'] });
const ALL = [small, large, fullCream, oat, unrestrictedMilk, equal, extraShot, extraHot, noFroth, heated];

describe('groupsForCategory', () => {
  it('shows milk and sweeteners only for White Coffee', () => {
    const white = groupsForCategory(ALL, 'white_coffee').map((g) => g.heading);
    expect(white).toEqual(['SIZE', 'MILK TYPE', 'SWEETENERS', 'ALTERATIONS']);
    const black = groupsForCategory(ALL, 'black_coffee').map((g) => g.heading);
    expect(black).toEqual(['SIZE', 'ALTERATIONS']);
  });

  it('accepts the category written as a label too', () => {
    expect(groupsForCategory(ALL, 'White Coffee').map((g) => g.type)).toContain('milk');
  });

  it('shows a group only where some modifier applies to the category, and only those modifiers', () => {
    const tea = groupsForCategory(ALL, 'tea');
    expect(tea.map((g) => g.heading)).toEqual(['SIZE', 'ALTERATIONS']);
    expect(tea[1].modifiers.map((m) => m.name)).toEqual(['Extra Hot']);
    const food = groupsForCategory(ALL, 'food');
    expect(food.map((g) => g.heading)).toEqual(['SIZE', 'OTHER']);
  });

  it('gives each group the spec hint', () => {
    const hints = Object.fromEntries(groupsForCategory(ALL, 'white_coffee').map((g) => [g.type, g.hint]));
    expect(hints).toEqual({
      size: '(Choose up to 2)',
      milk: '(White Coffee only – Choose 1)',
      sweeteners: '(White Coffee only – Choose up to 1)',
      alterations: '(Multi-select)',
    });
    expect(groupHint('blend', 1)).toContain('Choose up to 1');
    expect(groupHint('other', 3)).toContain('Choose up to 3');
  });
});

describe('selection rules', () => {
  const groups = groupsForCategory(ALL, 'white_coffee');
  const [size, , , alterations] = groups;

  it('preselects each group default', () => {
    expect(defaultSelection(groups)).toEqual([small.id, fullCream.id]);
  });

  it('replaces the choice in a single-choice group', () => {
    expect(toggleModifier([small.id, fullCream.id], size, large.id)).toEqual([fullCream.id, large.id]);
  });

  it('adds up to the maximum in a larger group, then ignores further picks', () => {
    let selected = toggleModifier([], alterations, extraShot.id);
    selected = toggleModifier(selected, alterations, extraHot.id);
    expect(selected).toEqual([extraShot.id, extraHot.id]);
    expect(toggleModifier(selected, alterations, noFroth.id)).toEqual(selected);
  });

  it('removes a selected modifier when clicked again', () => {
    expect(toggleModifier([small.id, extraShot.id], alterations, extraShot.id)).toEqual([small.id]);
    expect(toggleModifier([small.id], size, small.id)).toEqual([]);
  });
});

describe('validateSelection (server)', () => {
  const latte = { name: 'Latte', category: 'white_coffee' };
  const longBlack = { name: 'Long Black', category: 'black_coffee' };

  it('accepts a valid set and returns it in menu order', () => {
    const result = validateSelection(ALL, latte, [oat.id, large.id, oat.id]);
    expect(result).toEqual({ ok: true, modifiers: [large, oat] });
  });

  it('refuses a modifier that does not apply to the category', () => {
    expect(validateSelection(ALL, longBlack, [oat.id])).toEqual({
      ok: false,
      message: 'Oat is not available for Long Black.',
    });
    expect(validateSelection(ALL, longBlack, [unrestrictedMilk.id]).ok).toBe(false);
  });

  it('refuses too many modifiers in one group', () => {
    expect(validateSelection(ALL, latte, [small.id, large.id])).toEqual({
      ok: false,
      message: 'Choose at most 1 option for Size.',
    });
    expect(validateSelection(ALL, latte, [extraShot.id, extraHot.id, noFroth.id]).ok).toBe(false);
  });

  it('refuses unknown ids', () => {
    expect(validateSelection(ALL, latte, [99_999])).toEqual({
      ok: false,
      message: 'Option 99999 is not on the menu any more.',
    });
  });
});
