import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  groupHint,
  groupsForCategory,
  missingChoice,
  toggleModifier,
  validateSelection,
  withRequiredDefaults,
  type MenuModifier,
} from './modifiers';

let nextId = 1;
function mod(
  groupId: number,
  type: string,
  name: string,
  options: Partial<
    Pick<
      MenuModifier,
      'isDefault' | 'minSelections' | 'maxSelections' | 'applicableCategories' | 'priceDeltaCents'
    >
  > = {},
): MenuModifier {
  const cents = options.priceDeltaCents ?? 0;
  return {
    id: nextId++,
    name,
    type,
    isDefault: options.isDefault ?? false,
    minSelections: options.minSelections ?? 0,
    maxSelections: options.maxSelections ?? 1,
    applicableCategories: options.applicableCategories ?? [],
    priceDelta: (cents / 100).toFixed(2),
    priceDeltaCents: cents,
    groupId,
    groupName: type.charAt(0).toUpperCase() + type.slice(1),
    allergens: [],
    removesDiets: [],
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

  it("keeps the spec's hints where the shop's rule is the spec's", () => {
    expect(groupHint('size', 0, 2)).toBe('(Choose up to 2)');
    expect(groupHint('milk', 1, 1)).toBe('(White Coffee only – Choose 1)');
    expect(groupHint('sweeteners', 0, 1)).toBe('(White Coffee only – Choose up to 1)');
    expect(groupHint('alterations', 0, 4)).toBe('(Multi-select)');
    expect(groupHint('other', 0, 3)).toBe('(Choose up to 3)');
  });

  it("shows the shop's real rule where it differs from the spec's sample menu", () => {
    // The shop: Size allows one and is required; its hint said "(Choose up to 2)".
    expect(groupHint('size', 1, 1)).toBe('(Choose 1)');
    expect(groupHint('size', 0, 1)).toBe('(Choose up to 1)');
    expect(groupHint('milk', 0, 1)).toBe('(White Coffee only – Choose up to 1)');
    expect(groupHint('alterations', 1, 3)).toBe('(Choose 1 to 3)');
    expect(groupHint('blend', 2, 2)).toBe('(Choose 2)');
    const hints = Object.fromEntries(groupsForCategory(ALL, 'white_coffee').map((g) => [g.type, g.hint]));
    expect(hints).toEqual({
      size: '(Choose up to 1)',
      milk: '(White Coffee only – Choose up to 1)',
      sweeteners: '(White Coffee only – Choose up to 1)',
      alterations: '(Multi-select)',
    });
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
      refused: {
        text: 'Oat is not available for Long Black.',
        sentence: { id: 'api.modifier.notFor', values: { option: 'Oat', item: 'Long Black' } },
      },
    });
    expect(validateSelection(ALL, longBlack, [unrestrictedMilk.id]).ok).toBe(false);
  });

  it('refuses too many modifiers in one group', () => {
    expect(validateSelection(ALL, latte, [small.id, large.id])).toEqual({
      ok: false,
      refused: {
        text: 'Choose at most 1 option for Size.',
        sentence: { id: 'api.modifier.tooMany', values: { count: 1, group: 'Size' } },
      },
    });
    expect(validateSelection(ALL, latte, [extraShot.id, extraHot.id, noFroth.id]).ok).toBe(false);
  });

  it('refuses unknown ids', () => {
    expect(validateSelection(ALL, latte, [99_999])).toEqual({
      ok: false,
      refused: {
        text: 'Option 99999 is not on the menu any more.',
        sentence: { id: 'api.modifier.gone', values: { id: 99_999 } },
      },
    });
  });
});

describe('required groups (minSelections)', () => {
  const regular = mod(10, 'size', 'Regular', { isDefault: true, minSelections: 1 });
  const big = mod(10, 'size', 'Big', { minSelections: 1 });
  const cream = mod(11, 'milk', 'Cream', { isDefault: true, minSelections: 1 });
  const soy = mod(11, 'milk', 'Soy milk', { minSelections: 1 });
  const bread = mod(12, 'other', 'Sourdough', { minSelections: 1, applicableCategories: ['food'] });
  const rye = mod(12, 'other', 'Rye', { minSelections: 1, applicableCategories: ['food'] });
  const MENU = [regular, big, cream, soy, bread, rye];
  const flatWhite = { name: 'Flat White', category: 'white_coffee' };
  const toast = { name: 'Toast', category: 'food' };
  const longBlack = { name: 'Long Black', category: 'black_coffee' };

  it('a required single choice cannot be emptied, only changed', () => {
    const [size, milk] = groupsForCategory(MENU, 'white_coffee');
    expect(size.minSelections).toBe(1);
    expect(toggleModifier([regular.id, cream.id], milk, cream.id)).toEqual([regular.id, cream.id]);
    expect(toggleModifier([regular.id, cream.id], size, regular.id)).toEqual([regular.id, cream.id]);
    expect(toggleModifier([regular.id, cream.id], milk, soy.id)).toEqual([regular.id, soy.id]);
  });

  it('the dialog names the required group still unanswered', () => {
    const groups = groupsForCategory(MENU, 'food');
    expect(missingChoice(groups, [regular.id], 'Toast')).toEqual({
      groupId: 12,
      message: 'Choose 1 option for Other on Toast.',
    });
    expect(missingChoice(groups, [regular.id, rye.id], 'Toast')).toBeNull();
  });

  it('the server refuses a line that leaves a required group empty', () => {
    expect(validateSelection(MENU, flatWhite, [regular.id])).toEqual({
      ok: false,
      refused: {
        text: 'Choose 1 option for Milk on Flat White.',
        sentence: { id: 'modifier.tooFew', values: { count: 1, group: 'Milk', item: 'Flat White' } },
      },
    });
    expect(validateSelection(MENU, flatWhite, [regular.id, cream.id]).ok).toBe(true);
    expect(validateSelection(MENU, toast, []).ok).toBe(false);
    // Milk is required, but not for a black coffee: a group applies only where its options do.
    expect(validateSelection(MENU, longBlack, [big.id]).ok).toBe(true);
    expect(validateSelection(MENU, longBlack, []).ok).toBe(false);
  });

  it('a usual order saved before a group became required gets its default', () => {
    expect(withRequiredDefaults(MENU, 'white_coffee', [big.id])).toEqual([big.id, cream.id]);
    expect(withRequiredDefaults(MENU, 'food', [])).toEqual([regular.id]);
  });
});
