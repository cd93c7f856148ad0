import { describe, expect, it } from 'vitest';
import { allergenList, avoidChoice, conflictSentence, factsText } from './allergenTexts';
import { ALLERGENS, asMade, conflicts, joinKeys, parseAllergens, parseAvoids, parseDiets } from './allergens';
import { taxonomyKeys } from './allergenTaxonomy';
import { wordsFor } from '~/i18n.server';

const flatWhite = { allergens: parseAllergens('milk'), diets: parseDiets('vegetarian') };
const soy = { allergens: parseAllergens('soybeans'), removesDiets: [] };
const oat = { allergens: parseAllergens('gluten'), removesDiets: [] };
const dairy = { allergens: parseAllergens('milk'), removesDiets: parseDiets('vegan') };

describe('allergens and diets', () => {
  it('knows the 14 allergens of Annex II', () => {
    expect(ALLERGENS).toHaveLength(14);
  });

  it('reads stored lists in one order and drops unknown words', () => {
    expect(parseAllergens(' Milk,gluten,,chocolate,milk')).toEqual(['gluten', 'milk']);
    expect(parseDiets('vegan,halal,vegetarian')).toEqual(['vegetarian', 'vegan']);
    expect(parseAvoids(['vegan', 'nuts'])).toEqual(['nuts', 'vegan']);
    expect(joinKeys(parseAllergens('sesame,eggs'))).toBe('eggs,sesame');
    expect(parseAllergens(null)).toEqual([]);
  });

  it('makes the item with its options: allergens added, diets removed', () => {
    expect(asMade(flatWhite, [soy])).toEqual({ allergens: ['soybeans', 'milk'], diets: ['vegetarian'] });
    expect(asMade(flatWhite, [oat, soy]).allergens).toEqual(['gluten', 'soybeans', 'milk']);
    const veganBlack = { allergens: [], diets: parseDiets('vegetarian,vegan') };
    expect(asMade(veganBlack, [dairy])).toEqual({ allergens: ['milk'], diets: ['vegetarian'] });
    expect(asMade(veganBlack, [oat]).diets).toEqual(['vegetarian', 'vegan']);
    const ham = { allergens: [], removesDiets: parseDiets('vegetarian') };
    expect(asMade(veganBlack, [ham]).diets).toEqual([]);
  });

  it('finds what a line has against what its guest avoids', () => {
    const made = asMade(flatWhite, [oat]);
    expect(conflicts(made, parseAvoids('milk'))).toEqual(['milk']);
    expect(conflicts(made, parseAvoids('nuts'))).toEqual([]);
    expect(conflicts(made, parseAvoids('vegan,gluten'))).toEqual(['gluten', 'vegan']);
    expect(conflicts(made, parseAvoids('vegetarian'))).toEqual([]);
    // Vegan food is vegetarian food.
    expect(conflicts({ allergens: [], diets: ['vegan'] }, ['vegetarian'])).toEqual([]);
    expect(conflicts({ allergens: [], diets: [] }, ['vegetarian'])).toEqual(['vegetarian']);
  });

  it('says a conflict as a sentence naming the line and the allergen', () => {
    const en = wordsFor('en');
    expect(conflictSentence('Flat White', ['milk'], en)).toBe('Flat White contains milk, which you avoid.');
    expect(conflictSentence('Croissant', ['gluten', 'eggs', 'milk', 'vegan'], en)).toBe(
      'Croissant contains gluten, eggs and milk, which you avoid, and is not vegan.',
    );
    expect(allergenList(['gluten', 'milk'], en)).toBe('cereals containing gluten, milk');
    expect(avoidChoice('nuts', en)).toBe('No nuts');
    expect(avoidChoice('vegan', en)).toBe('Vegan');
    const fr = wordsFor('fr');
    expect(conflictSentence('Flat White', ['milk', 'nuts'], fr)).toBe(
      'Flat White contient : lait et fruits à coque, que vous évitez.',
    );
    expect(avoidChoice('milk', wordsFor('de'))).toBe('Ohne Milch');
  });

  it("writes a line's facts with each language's punctuation", () => {
    const facts = { allergens: ['milk'] as const, diets: ['vegetarian'] as const };
    expect(factsText(facts, wordsFor('en'))).toBe('vegetarian; allergens: milk');
    expect(factsText(facts, wordsFor('fr'))).toBe('végétarien ; allergènes : lait');
    expect(factsText({ allergens: [], diets: [] }, wordsFor('de'))).toBe('');
  });

  it('reads Shopify taxonomy labels as our keys', () => {
    expect(taxonomyKeys(['Soy', 'Tree nuts', 'Sulfites', 'wheat', 'Gluten-free', 'Vegan', 'milk'])).toEqual([
      'gluten',
      'soybeans',
      'milk',
      'nuts',
      'sulphites',
      'vegan',
    ]);
  });
});
