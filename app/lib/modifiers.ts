import { categoryKey } from './categories';

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
  maxSelections: number;
  applicableCategories: string[];
  priceDelta: string;
  priceDeltaCents: number;
  groupId: number;
  groupName: string;
};

export type ModifierGroupView = {
  groupId: number;
  type: string;
  heading: string;
  hint: string;
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

export function groupHeading(type: string, groupName: string): string {
  return HEADINGS[type] ?? groupName.toUpperCase();
}

/** The spec's hints. The size hint is fixed text; the real bound is always maxSelections. */
export function groupHint(type: string, maxSelections: number): string {
  switch (type) {
    case 'milk':
      return '(White Coffee only – Choose 1)';
    case 'sweeteners':
      return '(White Coffee only – Choose up to 1)';
    case 'size':
      return '(Choose up to 2)';
    case 'alterations':
      return '(Multi-select)';
    default:
      return `(Choose up to ${maxSelections})`;
  }
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
        hint: groupHint(modifier.type, modifier.maxSelections),
        maxSelections: Math.max(1, modifier.maxSelections),
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
 * Clicking a modifier: a selected one is removed; in a single-choice group it replaces the choice;
 * in a larger group it is added while there is room, otherwise nothing changes.
 */
export function toggleModifier(selected: number[], group: ModifierGroupView, modifierId: number): number[] {
  if (selected.includes(modifierId)) return selected.filter((id) => id !== modifierId);
  const inGroup = new Set(group.modifiers.map((m) => m.id));
  if (group.maxSelections <= 1) return [...selected.filter((id) => !inGroup.has(id)), modifierId];
  const count = selected.filter((id) => inGroup.has(id)).length;
  return count < group.maxSelections ? [...selected, modifierId] : selected;
}

export type SelectionResult = { ok: true; modifiers: MenuModifier[] } | { ok: false; message: string };

/** The server's check of a selection for one item: known ids, right category, within each group's limit. */
export function validateSelection(
  modifiers: MenuModifier[],
  item: { name: string; category: string },
  ids: number[],
): SelectionResult {
  const byId = new Map(modifiers.map((m) => [m.id, m]));
  const chosen: MenuModifier[] = [];
  for (const id of new Set(ids)) {
    const modifier = byId.get(id);
    if (!modifier) return { ok: false, message: `Option ${id} is not on the menu any more.` };
    if (!isAllowedFor(modifier, item.category)) {
      return { ok: false, message: `${modifier.name} is not available for ${item.name}.` };
    }
    chosen.push(modifier);
  }
  const perGroup = new Map<number, MenuModifier[]>();
  for (const modifier of chosen)
    perGroup.set(modifier.groupId, [...(perGroup.get(modifier.groupId) ?? []), modifier]);
  for (const group of perGroup.values()) {
    const max = Math.max(1, group[0].maxSelections);
    if (group.length > max) {
      const noun = max === 1 ? 'option' : 'options';
      return { ok: false, message: `Choose at most ${max} ${noun} for ${group[0].groupName}.` };
    }
  }
  return { ok: true, modifiers: sortModifiers(modifiers, chosen) };
}

/** Menu order, so the same set always reads (and merges) the same way. */
export function sortModifiers<T extends { id: number }>(menuOrder: { id: number }[], chosen: T[]): T[] {
  const rank = new Map(menuOrder.map((m, index) => [m.id, index]));
  return [...chosen].sort((a, b) => (rank.get(a.id) ?? 1e9) - (rank.get(b.id) ?? 1e9) || a.id - b.id);
}
