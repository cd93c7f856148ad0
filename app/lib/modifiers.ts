import type { Allergen, Diet } from './allergens';
import { categoryKey } from './categories';
import type { Said, Sentence } from './errors';
import type { Translate } from './language';

// Modifier rules shared by the customise dialog and the server (spec sections 2 and 5).

export const MODIFIER_TYPES = [
  'size',
  'milk',
  'blend',
  'sugar',
  'sweeteners',
  'alterations',
  'other',
] as const;

/** A modifier as the API sends it (spec shape plus its group, so "other" groups can be told apart). */
export type MenuModifier = {
  id: number;
  name: string;
  type: string;
  isDefault: boolean;
  /** The group's rule: at least minSelections (0: optional), at most maxSelections. */
  minSelections: number;
  maxSelections: number;
  applicableCategories: string[];
  priceDelta: string;
  priceDeltaCents: number;
  groupId: number;
  groupName: string;
  /** What the option adds to the item, and the diets it takes away (app/lib/allergens.ts). */
  allergens: Allergen[];
  removesDiets: Diet[];
};

export type ModifierGroupView = {
  groupId: number;
  type: string;
  heading: string;
  hint: string;
  minSelections: number;
  maxSelections: number;
  modifiers: MenuModifier[];
};

const HEADINGS: Record<string, string> = {
  size: 'SIZE',
  milk: 'MILK TYPE',
  blend: 'BLEND',
  sugar: 'SUGAR',
  sweeteners: 'SWEETENERS',
  alterations: 'ALTERATIONS',
};

// Milk and sweeteners only make sense in a white coffee, whatever the modifiers' own categories say.
const WHITE_COFFEE_ONLY = new Set(['milk', 'sweeteners']);
const WHITE_COFFEE = categoryKey('White Coffee');

/** A group's heading: the spec's for the known types (in the page's language when `t` is given). */
export function groupHeading(type: string, groupName: string, t?: Translate): string {
  if (t && type in HEADINGS) return t(`modifier.heading.${type}`);
  return HEADINGS[type] ?? groupName.toUpperCase();
}

/** A group's bounds as the menu sets them: max at least 1, min between 0 and max. */
export function groupBounds(modifier: Pick<MenuModifier, 'minSelections' | 'maxSelections'>) {
  const max = Math.max(1, modifier.maxSelections);
  return { min: Math.min(max, Math.max(0, modifier.minSelections ?? 0)), max };
}

/** The group's real rule in words: "Choose 1", "Choose up to 2", "Choose 1 to 3". */
export function selectionRule(min: number, max: number, t?: Translate): string {
  if (t) {
    if (min === max) return t('modifier.choose', { count: max });
    return min === 0 ? t('modifier.chooseUpTo', { max }) : t('modifier.chooseRange', { min, max });
  }
  if (min === max) return `Choose ${max}`;
  if (min === 0) return `Choose up to ${max}`;
  return `Choose ${min} to ${max}`;
}

/**
 * The hint beside a group's heading. The spec's texts describe its sample menu (milk exactly 1, size up
 * to 2, sweeteners up to 1, alterations several): each is kept where the shop's rule is the same, and the
 * shop's real rule is shown where it differs, so the hint never promises what the dialog refuses.
 */
export function groupHint(type: string, minSelections: number, maxSelections: number, t?: Translate): string {
  const { min, max } = groupBounds({ minSelections, maxSelections });
  const rule = selectionRule(min, max, t);
  if (WHITE_COFFEE_ONLY.has(type))
    return t ? t('modifier.whiteCoffeeOnly', { rule }) : `(White Coffee only – ${rule})`;
  if (type === 'alterations' && min === 0 && max > 1) return t ? t('modifier.multiSelect') : '(Multi-select)';
  if (t) return t('modifier.rule', { rule });
  return `(${rule})`;
}

export function isWhiteCoffee(category: string): boolean {
  return categoryKey(category) === WHITE_COFFEE;
}

/** A modifier applies when it lists the item's category or lists none at all. */
export function appliesTo(modifier: Pick<MenuModifier, 'applicableCategories'>, category: string): boolean {
  if (modifier.applicableCategories.length === 0) return true;
  const key = categoryKey(category);
  return modifier.applicableCategories.some((c) => categoryKey(c) === key);
}

/** Whether a modifier may be chosen for an item of this category (type rule + category rule). */
export function isAllowedFor(
  modifier: Pick<MenuModifier, 'type' | 'applicableCategories'>,
  category: string,
) {
  if (WHITE_COFFEE_ONLY.has(modifier.type) && !isWhiteCoffee(category)) return false;
  return appliesTo(modifier, category);
}

/** The groups the dialog shows for an item, in menu order, each with only the modifiers that apply. */
export function groupsForCategory(modifiers: MenuModifier[], category: string): ModifierGroupView[] {
  const groups = new Map<number, ModifierGroupView>();
  for (const modifier of modifiers) {
    if (!isAllowedFor(modifier, category)) continue;
    let group = groups.get(modifier.groupId);
    if (!group) {
      group = {
        groupId: modifier.groupId,
        type: modifier.type,
        heading: groupHeading(modifier.type, modifier.groupName),
        hint: groupHint(modifier.type, modifier.minSelections, modifier.maxSelections),
        minSelections: groupBounds(modifier).min,
        maxSelections: groupBounds(modifier).max,
        modifiers: [],
      };
      groups.set(modifier.groupId, group);
    }
    group.modifiers.push(modifier);
  }
  return [...groups.values()];
}

/** Selections the dialog starts with on every open: each group's defaults, within its limit. */
export function defaultSelection(groups: ModifierGroupView[]): number[] {
  return groups.flatMap((group) =>
    group.modifiers
      .filter((m) => m.isDefault)
      .slice(0, group.maxSelections)
      .map((m) => m.id),
  );
}

/**
 * Clicking a modifier: a selected one is removed, unless the group would then have fewer than its minimum
 * (a required single choice is changed by picking another, never emptied); in a single-choice group it
 * replaces the choice; in a larger group it is added while there is room, otherwise nothing changes.
 */
export function toggleModifier(selected: number[], group: ModifierGroupView, modifierId: number): number[] {
  const inGroup = new Set(group.modifiers.map((m) => m.id));
  const count = selected.filter((id) => inGroup.has(id)).length;
  if (selected.includes(modifierId)) {
    return count > group.minSelections ? selected.filter((id) => id !== modifierId) : selected;
  }
  if (group.maxSelections <= 1) return [...selected.filter((id) => !inGroup.has(id)), modifierId];
  return count < group.maxSelections ? [...selected, modifierId] : selected;
}

/**
 * A saved selection (a usual order) made before a group became required: each required group that is
 * short of its minimum gets its defaults, so the line can still be confirmed as the shop now asks.
 */
export function withRequiredDefaults(modifiers: MenuModifier[], category: string, ids: number[]): number[] {
  const result = [...ids];
  for (const group of groupsForCategory(modifiers, category)) {
    const inGroup = group.modifiers.filter((m) => result.includes(m.id)).length;
    if (inGroup >= group.minSelections) continue;
    const defaults = group.modifiers.filter((m) => m.isDefault && !result.includes(m.id));
    result.push(...defaults.slice(0, group.minSelections - inGroup).map((m) => m.id));
  }
  return result;
}

/** "Choose at least 1 option for Milk type on Flat White." */
function tooFewMessage(groupName: string, min: number, max: number, itemName: string, t?: Translate) {
  if (t)
    return min === max
      ? t('modifier.tooFew', { count: min, group: groupName, item: itemName })
      : t('modifier.tooFewAtLeast', { count: min, group: groupName, item: itemName });
  const noun = min === 1 ? 'option' : 'options';
  const howMany = min === max ? `${min}` : `at least ${min}`;
  return `Choose ${howMany} ${noun} for ${groupName} on ${itemName}.`;
}

/** The dialog's check before adding: the first group with fewer choices than its minimum, said as a sentence. */
export function missingChoice(
  groups: ModifierGroupView[],
  selected: number[],
  itemName: string,
  t?: Translate,
): { groupId: number; message: string } | null {
  for (const group of groups) {
    const count = group.modifiers.filter((m) => selected.includes(m.id)).length;
    if (count < group.minSelections) {
      const name = group.modifiers[0]?.groupName ?? group.heading;
      return {
        groupId: group.groupId,
        message: tooFewMessage(name, group.minSelections, group.maxSelections, itemName, t),
      };
    }
  }
  return null;
}

/** A selection the server accepts, or the refusal as its English text with the sentence in other languages. */
export type SelectionResult = { ok: true; modifiers: MenuModifier[] } | { ok: false; refused: Said };

const refuse = (text: string, sentence: Sentence): SelectionResult => ({
  ok: false,
  refused: { text, sentence },
});

/**
 * The server's check of a selection for one item: known ids, right category, and each group's rule (at
 * most its maximum; at least its minimum for every required group that applies to the item). `modifiers`
 * must hold the chosen ones and every modifier of the required groups (menuCache.server.ts reads both).
 */
export function validateSelection(
  modifiers: MenuModifier[],
  item: { name: string; category: string },
  ids: number[],
): SelectionResult {
  const byId = new Map(modifiers.map((m) => [m.id, m]));
  const chosen: MenuModifier[] = [];
  for (const id of new Set(ids)) {
    const modifier = byId.get(id);
    if (!modifier) {
      return refuse(`Option ${id} is not on the menu any more.`, { id: 'api.modifier.gone', values: { id } });
    }
    if (!isAllowedFor(modifier, item.category)) {
      return refuse(`${modifier.name} is not available for ${item.name}.`, {
        id: 'api.modifier.notFor',
        values: { option: modifier.name, item: item.name },
      });
    }
    chosen.push(modifier);
  }
  const perGroup = new Map<number, MenuModifier[]>();
  for (const modifier of chosen)
    perGroup.set(modifier.groupId, [...(perGroup.get(modifier.groupId) ?? []), modifier]);
  for (const group of perGroup.values()) {
    const { max } = groupBounds(group[0]);
    if (group.length > max) {
      const noun = max === 1 ? 'option' : 'options';
      return refuse(`Choose at most ${max} ${noun} for ${group[0].groupName}.`, {
        id: 'api.modifier.tooMany',
        values: { count: max, group: group[0].groupName },
      });
    }
  }
  const required = new Set<number>();
  for (const modifier of modifiers) {
    if (groupBounds(modifier).min > 0 && isAllowedFor(modifier, item.category))
      required.add(modifier.groupId);
  }
  for (const groupId of required) {
    const first = modifiers.find((m) => m.groupId === groupId)!;
    const { min, max } = groupBounds(first);
    if ((perGroup.get(groupId)?.length ?? 0) < min) {
      return refuse(tooFewMessage(first.groupName, min, max, item.name), {
        id: min === max ? 'modifier.tooFew' : 'modifier.tooFewAtLeast',
        values: { count: min, group: first.groupName, item: item.name },
      });
    }
  }
  return { ok: true, modifiers: sortModifiers(modifiers, chosen) };
}

/** Menu order, so the same set always reads (and merges) the same way. */
export function sortModifiers<T extends { id: number }>(menuOrder: { id: number }[], chosen: T[]): T[] {
  const rank = new Map(menuOrder.map((m, index) => [m.id, index]));
  return [...chosen].sort((a, b) => (rank.get(a.id) ?? 1e9) - (rank.get(b.id) ?? 1e9) || a.id - b.id);
}
