import { BlockStack, ChoiceList } from '@shopify/polaris';
import { ADMIN_ALLERGEN_NAMES, ADMIN_DIET_NAMES, STAFF_TEXTS } from '~/lib/allergenStaffTexts';
import { ALLERGENS, DIETS, parseAllergens, parseDiets } from '~/lib/allergens';

// The allergen and diet ticks of the item and modifier editors; values are the stored keys.

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const ALLERGEN_CHOICES = ALLERGENS.map((key) => ({ label: capital(ADMIN_ALLERGEN_NAMES[key]), value: key }));
const DIET_CHOICES = DIETS.map((key) => ({ label: capital(ADMIN_DIET_NAMES[key]), value: key }));

/** The editor's state for a row's allergens and diets, from the stored comma-separated keys. */
export function initialKeys(allergens?: string, diets?: string) {
  return { allergens: parseAllergens(allergens) as string[], diets: parseDiets(diets) as string[] };
}

export function AllergenChoices(props: {
  /** item: what the item contains and which diets it suits; option: what it adds and which diets it breaks. */
  kind: 'item' | 'option';
  allergens: string[];
  diets: string[];
  onAllergens: (keys: string[]) => void;
  onDiets: (keys: string[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const item = props.kind === 'item';
  return (
    <BlockStack gap="300">
      <ChoiceList
        allowMultiple
        title={`${STAFF_TEXTS.adminAllergens}: ${item ? STAFF_TEXTS.adminAllergensHelp : STAFF_TEXTS.adminOptionAllergensHelp}`}
        choices={ALLERGEN_CHOICES}
        selected={props.allergens}
        onChange={props.onAllergens}
        error={props.errors.allergens}
      />
      <ChoiceList
        allowMultiple
        title={item ? STAFF_TEXTS.adminDiets : STAFF_TEXTS.adminRemovesDiets}
        choices={DIET_CHOICES}
        selected={props.diets}
        onChange={props.onDiets}
        error={item ? props.errors.diets : props.errors.removesDiets}
      />
    </BlockStack>
  );
}
