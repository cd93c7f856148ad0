import { isAllergen, type Allergen, type Avoid, type Diet } from './allergens';
import { formatList, type Translate } from './language';

// The allergens and diets feature in words, in the reader's language: the texts are in the message files
// (app/locales, keys "allergen.*" and "allergens.*"); lists are joined the language's way (Intl.ListFormat).

/** The reader's language: its messages and the locale lists are formatted with. */
export type Words = { t: Translate; intlLocale: string };

function list({ intlLocale }: Words, words: string[], type: 'conjunction' | 'disjunction' | 'unit' = 'unit') {
  return formatList(intlLocale, words, type, type === 'unit' ? 'short' : 'long');
}

/** An allergen's full name: "cereals containing gluten". */
export function allergenName(key: Allergen, { t }: Words): string {
  return t(`allergen.${key}`);
}

/** Anything a guest avoids, short: "gluten", "milk", "vegan". */
export function avoidShort(key: Avoid, { t }: Words): string {
  return isAllergen(key) ? t(`allergen.short.${key}`) : t(`diet.${key}`);
}

/** A diet as the menu tags it: "Vegetarian", "Vegan". */
export function dietTag(key: Diet, { t }: Words): string {
  return t(`diet.tag.${key}`);
}

/** What a guest avoids, as a choice reads: "No milk", "Vegan". */
export function avoidChoice(key: Avoid, words: Words): string {
  if (!isAllergen(key)) return dietTag(key, words);
  return words.t('allergens.no', { allergen: avoidShort(key, words) });
}

/** What a guest avoids, listed: "milk, nuts, vegan". */
export function avoidsList(keys: readonly Avoid[], words: Words): string {
  return list(
    words,
    keys.map((key) => avoidShort(key, words)),
  );
}

/** The review's warning for one line: "Flat White contains milk, which you avoid." */
export function conflictSentence(itemName: string, keys: readonly Avoid[], words: Words) {
  const allergens = keys.filter(isAllergen);
  const diets = keys.filter((key): key is Diet => !isAllergen(key));
  const { t } = words;
  const contains = list(
    words,
    allergens.map((key) => avoidShort(key, words)),
    'conjunction',
  );
  const notDiet = list(
    words,
    diets.map((key) => t(`diet.${key}`)),
    'disjunction',
  );
  if (allergens.length && diets.length)
    return t('allergens.conflictBoth', { item: itemName, contains, diet: notDiet });
  if (allergens.length) return t('allergens.conflictContains', { item: itemName, contains });
  return t('allergens.conflictDiet', { item: itemName, diet: notDiet });
}

/** Readable names of allergen keys, in order: "milk, cereals containing gluten". */
export function allergenList(allergens: readonly Allergen[], words: Words): string {
  return list(
    words,
    allergens.map((key) => allergenName(key, words)),
  );
}

/** A line's facts in one phrase for e-mails and print: "vegetarian; allergens: milk, eggs"; "" when none. */
export function factsText(
  facts: { allergens: readonly Allergen[]; diets: readonly Diet[] },
  words: Words,
): string {
  const parts = [
    ...facts.diets.map((diet) => words.t(`diet.${diet}`)),
    ...(facts.allergens.length
      ? [words.t('allergens.factsLower', { list: allergenList(facts.allergens, words) })]
      : []),
  ];
  return parts.join(words.t('allergens.factsSeparator'));
}
