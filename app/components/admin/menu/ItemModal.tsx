import { useT } from '~/components/i18n';
import type { Translate } from '~/lib/language';
import { FormLayout, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { categoryLabel } from '~/lib/categories';
import { AllergenChoices, initialKeys } from './AllergenChoices';
import type { AdminMenuItem } from './types';
import { useMenuAction } from './useMenuAction';
import { FormModal } from './FormModal';

/** The categories already on the menu, as a hint under the category field. */
function existingCategories(t: Translate, categories: string[]) {
  return categories.length
    ? t('admin.menu.item.existing', { list: categories.map(categoryLabel).join(', ') })
    : undefined;
}

export function ItemModal({
  item,
  categories,
  onClose,
}: {
  item?: AdminMenuItem;
  categories: string[];
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    name: item?.name ?? '',
    category: item ? categoryLabel(item.category) : '',
    price: item?.price ?? '',
    description: item?.description ?? '',
  });
  const [keys, setKeys] = useState(() => initialKeys(item?.allergens, item?.diets));
  const t = useT();
  const { submit, busy, errors } = useMenuAction(onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({
      intent: item ? 'item.update' : 'item.create',
      id: String(item?.id ?? ''),
      ...values,
      allergens: keys.allergens.join(','),
      diets: keys.diets.join(','),
    });
  return (
    <FormModal
      title={item ? t('admin.menu.edit', { name: item.name }) : t('admin.menu.addItem')}
      onClose={onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label={t('admin.menu.item.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          label={t('admin.menu.item.category')}
          value={values.category}
          onChange={set('category')}
          error={errors.category}
          autoComplete="off"
          helpText={existingCategories(t, categories)}
        />
        <TextField
          label={t('admin.menu.item.price')}
          value={values.price}
          onChange={set('price')}
          error={errors.price}
          autoComplete="off"
          inputMode="decimal"
        />
        <TextField
          label={t('admin.menu.item.description')}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          multiline={3}
          autoComplete="off"
        />
        <AllergenChoices
          kind="item"
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
