import { FormLayout, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { categoryLabel } from '~/lib/categories';
import { AllergenChoices, initialKeys } from './AllergenChoices';
import type { AdminMenuItem } from './types';
import { useMenuAction } from './useMenuAction';
import { FormModal } from './FormModal';

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
      title={item ? `Edit ${item.name}` : 'Add menu item'}
      onClose={onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label="Name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          label="Category"
          value={values.category}
          onChange={set('category')}
          error={errors.category}
          autoComplete="off"
          helpText={categories.length ? `Existing: ${categories.map(categoryLabel).join(', ')}` : undefined}
        />
        <TextField
          label="Price"
          value={values.price}
          onChange={set('price')}
          error={errors.price}
          autoComplete="off"
          inputMode="decimal"
        />
        <TextField
          label="Description"
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
