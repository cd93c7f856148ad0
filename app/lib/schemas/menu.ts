import { z } from 'zod';
import { isAllergen, isDiet, joinKeys, parseAllergens, parseDiets } from '../allergens';
import { categoryKey } from '../categories';
import { decimalToCents } from '../money';
import { MODIFIER_TYPES } from '../modifiers';
import { optionalText, refusal, requiredText } from '../text';
import { typeError } from './typeError';

// The admin menu editor's inputs: the form fields of each modal and the intents its action accepts.
// Prices arrive as the merchant types them ("4.50") and leave as cents.

const price = (label: string, { allowNegative = false } = {}) =>
  z
    .string(typeError(`Enter ${label}.`, undefined))
    .trim()
    .transform((value, ctx) => {
      const cents = value === '' ? null : decimalToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${capitalise(label)} must be an amount such as 4.50.` });
        return z.NEVER;
      }
      if (!allowNegative && cents < 0) {
        ctx.addIssue({ code: 'custom', message: `${capitalise(label)} cannot be negative.` });
        return z.NEVER;
      }
      return cents;
    });

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A list of allergen or diet keys as the editor posts it ("gluten,milk"): every key must be one we know,
 * stored in the one order. Left out, the row keeps what it has (undefined leaves the column alone).
 */
const keyList = (label: string, known: (key: string) => boolean, tidy: (keys: string[]) => string[]) =>
  optionalText({ label, max: 400 })
    .transform((value, ctx) => {
      const keys = (value ?? '')
        .split(',')
        .map((key) => key.trim().toLowerCase())
        .filter(Boolean);
      const unknown = keys.find((key) => !known(key));
      if (unknown !== undefined) {
        const message = `${label}: "${unknown}" is not one we know.`;
        ctx.addIssue({ code: 'custom', ...refusal(message, { rule: 'unknown', label, value: unknown }) });
        return z.NEVER;
      }
      return joinKeys(tidy(keys));
    })
    .optional();
const allergens = keyList('Allergens', isAllergen, parseAllergens);
const diets = (label: string) => keyList(label, isDiet, parseDiets);

const category = requiredText({
  label: 'Category',
  max: 60,
  missing: 'Enter a category, such as White Coffee.',
})
  .transform(categoryKey)
  .refine((key) => key.length > 0, 'The category needs at least one letter or digit.');

export const MenuItemSchema = z.object({
  name: requiredText({ label: 'Name', max: 120, missing: 'Enter the item name.' }),
  category,
  price: price('the price'),
  description: optionalText({ label: 'Description', max: 500, multiline: true }).transform((v) => v ?? ''),
  allergens,
  diets: diets('Diets'),
});

export const ModifierGroupSchema = z.object({
  name: requiredText({ label: 'Group name', max: 60, missing: 'Enter the group name.' }),
  type: z.enum(MODIFIER_TYPES, { error: 'Choose a type such as size or milk.' }),
  maxSelections: z.coerce
    .number(typeError(undefined, 'Max selections must be a number.'))
    .int('Max selections must be a whole number.')
    .min(1, 'Guests must be able to choose at least 1.')
    .max(20, 'Max selections can be at most 20.'),
  // 0 (or left out): guests may skip the group; 1 or more: they must choose at least that many.
  minSelections: z.coerce
    .number(typeError(undefined, 'Min selections must be a number.'))
    .int('Min selections must be a whole number.')
    .min(0, 'Min selections cannot be below 0.')
    .max(20, 'Min selections can be at most 20.')
    .optional()
    .default(0),
});

export const ModifierSchema = z.object({
  groupId: z.coerce.number().int().positive('Choose the group this modifier belongs to.'),
  name: requiredText({ label: 'Modifier name', max: 60, missing: 'Enter the modifier name.' }),
  priceDelta: price('the price change', { allowNegative: true }),
  isDefault: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()),
  applicableCategories: optionalText({ label: 'Categories', max: 2000 })
    .transform((value) => value ?? '')
    .transform((value) => [...new Set(value.split(',').map(categoryKey).filter(Boolean))].join(',')),
  allergens,
  removesDiets: diets('Diets it removes'),
});

export type MenuItemInput = z.infer<typeof MenuItemSchema>;
export type ModifierGroupInput = z.infer<typeof ModifierGroupSchema>;
export type ModifierInput = z.infer<typeof ModifierSchema>;

const Id = z.coerce.number().int().positive();
const Row = z.object({ id: Id });
const ROW_VERBS = ['up', 'down', 'archive', 'unarchive'] as const;
export type RowVerb = (typeof ROW_VERBS)[number];
export type MenuSubject = 'item' | 'group' | 'modifier';
const rowIntents = <S extends MenuSubject>(subject: S) =>
  ROW_VERBS.map((verb) => `${subject}.${verb}` as const);

/**
 * What the menu page's action can be asked to do, one variant per intent: "item.create" carries the item's
 * fields, "modifier.up" the row to move, "import" the collection to import from.
 */
export const MenuActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('import'),
    collectionId: optionalText({ label: 'The collection', max: 200 }),
  }),
  MenuItemSchema.extend({ intent: z.literal('item.create') }),
  MenuItemSchema.extend({ intent: z.literal('item.update'), id: Id }),
  ModifierGroupSchema.extend({ intent: z.literal('group.create') }),
  ModifierGroupSchema.extend({ intent: z.literal('group.update'), id: Id }),
  ModifierSchema.extend({ intent: z.literal('modifier.create') }),
  ModifierSchema.extend({ intent: z.literal('modifier.update'), id: Id }),
  Row.extend({ intent: z.enum(rowIntents('item') as [`item.${RowVerb}`, ...`item.${RowVerb}`[]]) }),
  // "Sold out today" and back on the menu.
  Row.extend({ intent: z.enum(['item.soldout', 'item.available']) }),
  // Drag and drop: the item's new place in the whole list (0 is first).
  Row.extend({
    intent: z.literal('item.place'),
    index: z.coerce
      .number(typeError(undefined, 'The new place must be a number.'))
      .int('The new place must be a whole number.')
      .min(0, 'The new place must be 0 or more.')
      .max(100_000, 'The new place is past the end of the menu.'),
  }),
  Row.extend({ intent: z.enum(rowIntents('group') as [`group.${RowVerb}`, ...`group.${RowVerb}`[]]) }),
  Row.extend({
    intent: z.enum(rowIntents('modifier') as [`modifier.${RowVerb}`, ...`modifier.${RowVerb}`[]]),
  }),
]);
export type MenuAction = z.infer<typeof MenuActionSchema>;
