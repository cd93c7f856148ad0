import { BlockStack, ChoiceList } from '@shopify/polaris';
import { useMemo } from 'react';
import { useLanguage, useT } from '~/components/i18n';
import { ALLERGENS, DIETS, parseAllergens, parseDiets } from '~/lib/allergens';

// The allergen and diet ticks of the item and modifier editors, in the merchant's language (the same words
// as the guests' in each language: app/locales/locales.test.ts); values are the stored keys.

const capital = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

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
  const t = useT();
  const { intlLocale } = useLanguage();
  const [allergenChoices, dietChoices] = useMemo(
    () => [
      ALLERGENS.map((key) => ({ label: capital(t(`admin.allergen.${key}`), intlLocale), value: key })),
      DIETS.map((key) => ({ label: capital(t(`admin.diet.${key}`), intlLocale), value: key })),
    ],
    [t, intlLocale],
  );
  const item = props.kind === 'item';
  return (
    <BlockStack gap="300">
      <ChoiceList
        allowMultiple
        title={t('admin.allergens.choicesTitle', {
          title: t('admin.allergens.title'),
          help: t(item ? 'admin.allergens.itemHelp' : 'admin.allergens.optionHelp'),
        })}
        choices={allergenChoices}
        selected={props.allergens}
        onChange={props.onAllergens}
        error={props.errors.allergens}
      />
      <ChoiceList
        allowMultiple
        title={t(item ? 'admin.allergens.diets' : 'admin.allergens.removesDiets')}
        choices={dietChoices}
        selected={props.diets}
        onChange={props.onDiets}
        error={item ? props.errors.diets : props.errors.removesDiets}
      />
    </BlockStack>
  );
}
