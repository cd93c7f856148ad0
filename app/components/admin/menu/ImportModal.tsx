import { useT } from '~/components/i18n';
import { BlockStack, Select, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useMenuAction } from './useMenuAction';
import { FormModal } from './FormModal';

export function ImportModal({
  collections,
  onClose,
}: {
  collections: { id: string; title: string }[] | null;
  onClose: () => void;
}) {
  const [collectionId, setCollectionId] = useState('');
  const t = useT();
  const { submit, busy } = useMenuAction(onClose);
  return (
    <FormModal
      title={t('admin.menu.import')}
      onClose={onClose}
      onSave={() => submit({ intent: 'import', collectionId })}
      busy={busy}
      saveLabel={t('admin.menu.importSave')}
    >
      <BlockStack gap="300">
        <Text as="p">{t('admin.menu.importText')}</Text>
        {collections === null ? (
          <Text as="p" tone="critical">
            {t('admin.menu.importNoCollections')}
          </Text>
        ) : (
          <Select
            label={t('admin.menu.importCategoryFrom')}
            options={[
              { label: t('admin.menu.importProductType'), value: '' },
              ...collections.map((c) => ({
                label: t('admin.menu.importCollection', { title: c.title }),
                value: c.id,
              })),
            ]}
            value={collectionId}
            onChange={setCollectionId}
            helpText={t('admin.menu.importHelp')}
          />
        )}
      </BlockStack>
    </FormModal>
  );
}
