import { isAllergen, type Allergen, type Avoid, type Diet } from './allergens';

// Every English text of the allergens and diets feature in one place, so that it can move to message
// files when the app is translated (issue 26, "Language").

export const ALLERGEN_NAMES: Record<Allergen, string> = {
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

/** Short forms for small tags on the menu and on labels. */
export const ALLERGEN_SHORT: Record<Allergen, string> = { ...ALLERGEN_NAMES, gluten: 'gluten' };

export const DIET_NAMES: Record<Diet, string> = { vegetarian: 'vegetarian', vegan: 'vegan' };
/** Diet tags as the menu shows them; a vegan item shows only "Vegan" (it is vegetarian too). */
export const DIET_TAGS: Record<Diet, string> = { vegetarian: 'Vegetarian', vegan: 'Vegan' };

/** Anything a guest avoids, short: "gluten", "milk", "vegan". */
export function avoidShort(key: Avoid): string {
  return isAllergen(key) ? ALLERGEN_SHORT[key] : DIET_NAMES[key];
}

/** What a guest avoids, as a choice reads: "No milk", "Vegan". */
export function avoidChoice(key: Avoid): string {
  if (key === 'vegan') return 'Vegan';
  if (key === 'vegetarian') return 'Vegetarian';
  return `No ${ALLERGEN_SHORT[key]}`;
}

export const TEXTS = {
  contains: 'Allergens',
  noAllergens: 'No listed allergens',
  avoidButton: 'Allergies or diet?',
  avoidHeading: 'What do you avoid?',
  avoidHint: 'We mark menu items that contain it and warn you before you confirm.',
  avoidClear: 'Clear',
  avoidingPrefix: 'Avoiding',
  notForYou: 'Not for you',
};

/** Which of a line's contents go against what its guest avoids, in words: "milk and not vegan". */
function conflictWords(keys: readonly Avoid[]): string {
  const words = keys.map((key) => (key === 'vegan' || key === 'vegetarian' ? `not ${key}` : avoidShort(key)));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The review's warning for one line: "Flat White contains milk, which you avoid." */
export function conflictSentence(itemName: string, keys: readonly Avoid[]) {
  const allergens = keys.filter((key) => key !== 'vegan' && key !== 'vegetarian');
  const diets = keys.filter((key) => key === 'vegan' || key === 'vegetarian');
  const parts: string[] = [];
  if (allergens.length) parts.push(`contains ${conflictWords(allergens)}, which you avoid`);
  if (diets.length) parts.push(`is not ${diets.join(' or ')}`);
  return `${itemName} ${parts.join(', and ')}.`;
}

/** Readable names of allergen keys, in order: "milk, cereals containing gluten". */
export function allergenList(allergens: readonly Allergen[]): string {
  return allergens.map((key) => ALLERGEN_NAMES[key]).join(', ');
}

/** A line's facts in one phrase for e-mails and print: "vegetarian; allergens: milk, eggs"; "" when none. */
export function factsText(facts: { allergens: readonly Allergen[]; diets: readonly Diet[] }): string {
  const parts = [
    ...facts.diets.map((diet) => DIET_NAMES[diet]),
    ...(facts.allergens.length ? [`${TEXTS.contains.toLowerCase()}: ${allergenList(facts.allergens)}`] : []),
  ];
  return parts.join('; ');
}
