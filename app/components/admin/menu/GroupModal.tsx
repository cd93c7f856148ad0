import { useT } from '~/components/i18n';
import { FormLayout, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { MODIFIER_TYPES } from '~/lib/modifiers';
import type { AdminGroup } from './types';
import { useMenuAction } from './useMenuAction';
import { FormModal } from './FormModal';

export function GroupModal({ group, onClose }: { group?: AdminGroup; onClose: () => void }) {
  const [values, setValues] = useState({
    name: group?.name ?? '',
    type: group?.type ?? 'other',
    minSelections: String(group?.minSelections ?? 0),
    maxSelections: String(group?.maxSelections ?? 1),
  });
  const t = useT();
  const { submit, busy, errors } = useMenuAction(onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({ intent: group ? 'group.update' : 'group.create', id: String(group?.id ?? ''), ...values });
  return (
    <FormModal
      title={group ? t('admin.menu.edit', { name: group.name }) : t('admin.menu.addGroup')}
      onClose={onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label={t('admin.menu.group.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <Select
          label={t('admin.menu.group.type')}
          options={MODIFIER_TYPES.map((type) => ({ label: t(`admin.menu.type.${type}`), value: type }))}
          value={values.type}
          onChange={set('type')}
          error={errors.type}
        />
        <TextField
          label={t('admin.menu.group.max')}
          type="number"
          value={values.maxSelections}
          onChange={set('maxSelections')}
          error={errors.maxSelections}
          autoComplete="off"
        />
        <TextField
          label={t('admin.menu.group.min')}
          type="number"
          value={values.minSelections}
          onChange={set('minSelections')}
          error={errors.minSelections}
          helpText={t('admin.menu.group.minHelp')}
          autoComplete="off"
        />
      </FormLayout>
    </FormModal>
  );
}
