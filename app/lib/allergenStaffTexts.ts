import { avoidsList, avoidShort, type Words } from './allergenTexts';
import { isAllergen, type Allergen, type Avoid, type Diet } from './allergens';

// The allergen texts of the admin and the kitchen, apart from the guests' (allergenTexts.ts) so that guest
// pages do not load them.

/** Labels of the menu editor's allergen choices, and the kitchen's words. */
export const STAFF_TEXTS = {
  adminAllergens: 'Allergens',
  adminDiets: 'Diets',
  adminRemovesDiets: 'Makes the item no longer',
  adminAllergensHelp: 'What the item contains as listed, before any option.',
  adminOptionAllergensHelp: 'What this option adds to the item (soy milk adds soybeans).',
};

/**
 * The menu editor's names (the admin is English): the same words as the guests' English message file
 * (a test holds them equal).
 */
export const ADMIN_ALLERGEN_NAMES: Record<Allergen, string> = {
  gluten: 'cereals containing gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  peanuts: 'peanuts',
  soybeans: 'soybeans',
  milk: 'milk',
  nuts: 'nuts',
  celery: 'celery',
  mustard: 'mustard',
  sesame: 'sesame',
  sulphites: 'sulphites',
  lupin: 'lupin',
  molluscs: 'molluscs',
};
export const ADMIN_DIET_NAMES: Record<Diet, string> = { vegetarian: 'vegetarian', vegan: 'vegan' };

/** A guest's own flags as the kitchen prints them: "Avoids: milk, nuts, vegan"; "" when none. */
export function avoidsText(avoids: readonly Avoid[], words: Words): string {
  return avoids.length ? words.t('kitchen.avoids', { list: avoidsList(avoids, words) }) : '';
}

/** A line that has what its guest avoids, for the kitchen: "CHECK: has milk, not vegan". */
export function kitchenConflictText(keys: readonly Avoid[], words: Words): string {
  const parts = keys.map((key) =>
    isAllergen(key)
      ? words.t('kitchen.has', { allergen: avoidShort(key, words) })
      : words.t('kitchen.not', { diet: avoidShort(key, words) }),
  );
  return words.t('kitchen.check', { list: parts.join(', ') });
}
