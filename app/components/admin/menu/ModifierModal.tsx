import { useT } from '~/components/i18n';
import { Checkbox, ChoiceList, FormLayout, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { categoryLabel } from '~/lib/categories';
import { AllergenChoices, initialKeys } from './AllergenChoices';
import type { AdminModifier } from './types';
import { useMenuAction } from './useMenuAction';
import { FormModal } from './FormModal';

export function ModifierModal(props: {
  groupId: number;
  modifier?: AdminModifier;
  categories: string[];
  onClose: () => void;
}) {
  const { modifier } = props;
  const [values, setValues] = useState({
    name: modifier?.name ?? '',
    priceDelta: modifier?.priceDelta ?? '0.00',
  });
  const [isDefault, setDefault] = useState(modifier?.isDefault ?? false);
  const [applies, setApplies] = useState<string[]>(
    modifier?.applicableCategories.split(',').filter(Boolean) ?? [],
  );
  const [keys, setKeys] = useState(() => initialKeys(modifier?.allergens, modifier?.removesDiets));
  const t = useT();
  const { submit, busy, errors } = useMenuAction(props.onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({
      intent: modifier ? 'modifier.update' : 'modifier.create',
      id: String(modifier?.id ?? ''),
      groupId: String(props.groupId),
      ...values,
      isDefault: String(isDefault),
      applicableCategories: applies.join(','),
      allergens: keys.allergens.join(','),
      removesDiets: keys.diets.join(','),
    });
  return (
    <FormModal
      title={modifier ? t('admin.menu.edit', { name: modifier.name }) : t('admin.menu.addModifier')}
      onClose={props.onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label={t('admin.menu.modifier.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          label={t('admin.menu.modifier.price')}
          value={values.priceDelta}
          onChange={set('priceDelta')}
          error={errors.priceDelta}
          autoComplete="off"
          helpText={t('admin.menu.modifier.priceHelp')}
        />
        <Checkbox label={t('admin.menu.modifier.default')} checked={isDefault} onChange={setDefault} />
        <ChoiceList
          allowMultiple
          title={t('admin.menu.modifier.applies')}
          choices={props.categories.map((key) => ({ label: categoryLabel(key), value: key }))}
          selected={applies}
          onChange={setApplies}
        />
        <AllergenChoices
          kind="option"
          allergens={keys.allergens}
          diets={keys.diets}
          onAllergens={(allergens) => setKeys((k) => ({ ...k, allergens }))}
          onDiets={(diets) => setKeys((k) => ({ ...k, diets }))}
          errors={errors}
        />
      </FormLayout>
    </FormModal>
  );
}
