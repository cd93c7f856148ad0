import { avoidShort } from './allergenTexts';
import { isAllergen, type Avoid } from './allergens';

// The allergen texts of the admin and the kitchen, apart from the guests' (allergenTexts.ts) so that guest
// pages do not load them.

/** Labels of the menu editor's allergen choices, and the kitchen's words. */
export const STAFF_TEXTS = {
  guestFlags: 'Avoids',
  kitchenCheck: 'CHECK',
  adminAllergens: 'Allergens',
  adminDiets: 'Diets',
  adminRemovesDiets: 'Makes the item no longer',
  adminAllergensHelp: 'What the item contains as listed, before any option.',
  adminOptionAllergensHelp: 'What this option adds to the item (soy milk adds soybeans).',
};

/** A guest's own flags as the kitchen prints them: "Avoids: milk, nuts, vegan"; "" when none. */
export function avoidsText(avoids: readonly Avoid[]): string {
  return avoids.length ? `${STAFF_TEXTS.guestFlags}: ${avoids.map(avoidShort).join(', ')}` : '';
}

/** A line that has what its guest avoids, for the kitchen: "CHECK: has milk, not vegan". */
export function kitchenConflictText(keys: readonly Avoid[]): string {
  return `${STAFF_TEXTS.kitchenCheck}: ${keys.map((key) => (isAllergen(key) ? `has ${avoidShort(key)}` : `not ${key}`)).join(', ')}`;
}
