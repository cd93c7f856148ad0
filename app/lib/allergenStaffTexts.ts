import { avoidsList, avoidShort, type Words } from './allergenTexts';
import { isAllergen, type Avoid } from './allergens';

// The allergen texts of the kitchen, apart from the guests' (allergenTexts.ts) so that guest pages do not
// load them. The menu editor's words are messages of the admin area (admin.allergen.*, admin.diet.*).

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
