import { parseAvoids, type Avoid } from './allergens';

// Shopify's product taxonomy (`shopify.allergen-information`, `shopify.dietary-preferences`) names its
// values in its own words: "Soy", "Tree nuts", "Sulfites", "Wheat". Each label or handle that means one
// of ours, lower-cased with anything but letters as one space.
const TAXONOMY_WORDS: Record<string, Avoid> = {
  gluten: 'gluten',
  wheat: 'gluten',
  'cereals containing gluten': 'gluten',
  crustaceans: 'crustaceans',
  crustacean: 'crustaceans',
  shellfish: 'crustaceans',
  eggs: 'eggs',
  egg: 'eggs',
  fish: 'fish',
  peanuts: 'peanuts',
  peanut: 'peanuts',
  soy: 'soybeans',
  soya: 'soybeans',
  soybeans: 'soybeans',
  milk: 'milk',
  dairy: 'milk',
  lactose: 'milk',
  nuts: 'nuts',
  'tree nuts': 'nuts',
  celery: 'celery',
  mustard: 'mustard',
  sesame: 'sesame',
  'sesame seeds': 'sesame',
  sulphites: 'sulphites',
  sulfites: 'sulphites',
  'sulphur dioxide': 'sulphites',
  lupin: 'lupin',
  molluscs: 'molluscs',
  mollusks: 'molluscs',
  vegetarian: 'vegetarian',
  vegan: 'vegan',
};

/** Our keys for the taxonomy's labels; words with no match (a "Gluten-free" diet, "Halal") are left out. */
export function taxonomyKeys(labels: readonly string[]): Avoid[] {
  const keys = labels.flatMap((label) => {
    const word = label
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim();
    const key = TAXONOMY_WORDS[word];
    return key ? [key] : [];
  });
  return parseAvoids(keys);
}
