import { FormLayout, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { categoryLabel } from '~/lib/categories';
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
  const { submit, busy, errors } = useMenuAction(onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({ intent: item ? 'item.update' : 'item.create', id: String(item?.id ?? ''), ...values });
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
      </FormLayout>
    </FormModal>
  );
}
