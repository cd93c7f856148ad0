// Allergens and diets (issue 26): the 14 allergens of EU Regulation 1169/2011, Annex II, and two diet
// tags. A menu item carries its own; a modifier option can add allergens (soy milk adds soybeans) and can
// take a diet away (dairy milk makes a drink not vegan). What a guest gets is the item as made: the
// item's allergens with every chosen option's, and the item's diets less any a chosen option breaks.
// Stored as comma-separated keys, like a modifier's categories; the words people read are in
// allergenTexts.ts.

export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIETS = ['vegetarian', 'vegan'] as const;
export type Diet = (typeof DIETS)[number];

/** What a guest can say they avoid: an allergen, or food that is not vegetarian / not vegan. */
export type Avoid = Allergen | Diet;
export const AVOIDS: readonly Avoid[] = [...ALLERGENS, ...DIETS];

const ALLERGEN_SET = new Set<string>(ALLERGENS);
const DIET_SET = new Set<string>(DIETS);
const AVOID_SET = new Set<string>(AVOIDS);

export const isAllergen = (key: string): key is Allergen => ALLERGEN_SET.has(key);
export const isDiet = (key: string): key is Diet => DIET_SET.has(key);
export const isAvoid = (key: string): key is Avoid => AVOID_SET.has(key);

function keysOf<K extends string>(
  value: string | readonly string[] | null | undefined,
  known: (key: string) => key is K,
  order: readonly K[],
): K[] {
  const list = typeof value === 'string' ? value.split(',') : (value ?? []);
  const found = new Set(list.map((key) => key.trim().toLowerCase()).filter(known));
  // Always in the one order (the regulation's), so two lists of the same keys read and compare the same.
  return order.filter((key) => found.has(key));
}

/** Allergen keys from a stored column or a list; unknown words are dropped. */
export const parseAllergens = (value: string | readonly string[] | null | undefined) =>
  keysOf(value, isAllergen, ALLERGENS);
export const parseDiets = (value: string | readonly string[] | null | undefined) =>
  keysOf(value, isDiet, DIETS);
export const parseAvoids = (value: string | readonly string[] | null | undefined) =>
  keysOf(value, isAvoid, AVOIDS);

/** A list as its column stores it. */
export const joinKeys = (keys: readonly string[]) => keys.join(',');

/** Where allergens and diets come from: a menu item, or a modifier option. */
export type ItemFacts = { allergens: readonly Allergen[]; diets: readonly Diet[] };
export type OptionFacts = { allergens: readonly Allergen[]; removesDiets: readonly Diet[] };

/**
 * The item as made with these options: its allergens and every option's (in the regulation's order), and
 * its diet tags less those any option removes. Vegan food is vegetarian too: an option that breaks
 * "vegetarian" takes "vegan" with it.
 */
export function asMade(item: ItemFacts, options: readonly OptionFacts[]): ItemFacts {
  const allergens = parseAllergens([...item.allergens, ...options.flatMap((o) => o.allergens)]);
  const removed = new Set(options.flatMap((o) => o.removesDiets));
  if (removed.has('vegetarian')) removed.add('vegan');
  return { allergens, diets: parseDiets(item.diets.filter((diet) => !removed.has(diet))) };
}

/**
 * What in a line goes against what the guest avoids: the allergens it contains that they avoid, and the
 * diets they keep that it is not tagged with (an item not tagged vegan conflicts with "vegan"; one
 * tagged vegan satisfies "vegetarian" too). Empty when nothing conflicts.
 */
export function conflicts(made: ItemFacts, avoids: readonly Avoid[]): Avoid[] {
  const avoided = new Set(avoids);
  const diets = new Set<Diet>(made.diets);
  if (diets.has('vegan')) diets.add('vegetarian');
  return [
    ...made.allergens.filter((allergen) => avoided.has(allergen)),
    ...DIETS.filter((diet) => avoided.has(diet) && !diets.has(diet)),
  ];
}
