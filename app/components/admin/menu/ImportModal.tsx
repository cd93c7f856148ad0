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
  const { submit, busy } = useMenuAction(onClose);
  return (
    <FormModal
      title="Import from Shopify products"
      onClose={onClose}
      onSave={() => submit({ intent: 'import', collectionId })}
      busy={busy}
      saveLabel="Import"
    >
      <BlockStack gap="300">
        <Text as="p">
          Every variant of your active products becomes a menu item at its Shopify price, linked to the
          product so draft orders show the real product. Importing again updates those items instead of adding
          copies.
        </Text>
        {collections === null ? (
          <Text as="p" tone="critical">
            Collections could not be loaded from Shopify; you can still import all products.
          </Text>
        ) : (
          <Select
            label="Category from"
            options={[
              { label: 'Each product’s product type', value: '' },
              ...collections.map((c) => ({ label: `Collection: ${c.title}`, value: c.id })),
            ]}
            value={collectionId}
            onChange={setCollectionId}
            helpText="Choosing a collection imports only its products, with the collection as their category."
          />
        )}
      </BlockStack>
    </FormModal>
  );
}
