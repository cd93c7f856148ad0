import { Badge, BlockStack, Card, IndexTable, InlineStack, Text, useBreakpoints } from '@shopify/polaris';
import { categoryLabel } from '~/lib/categories';
import type { AdminMenuItem } from './types';
import { RowActions } from './RowActions';

export function MenuItemsCard({
  items,
  onEdit,
}: {
  items: AdminMenuItem[];
  onEdit: (item: AdminMenuItem) => void;
}) {
  // Phones (the Shopify mobile app): one stacked row per item instead of a table wider than the screen.
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      <div style={{ padding: '16px 16px 8px' }}>
        <Text as="h2" variant="headingMd">
          Menu items
        </Text>
      </div>
      <IndexTable
        resourceName={{ singular: 'menu item', plural: 'menu items' }}
        itemCount={items.length}
        selectable={false}
        condensed={smDown}
        headings={[
          { title: 'Name' },
          { title: 'Category' },
          { title: 'Price', alignment: 'end' },
          { title: 'Actions' },
        ]}
      >
        {items.map((item, index) => {
          const name = (
            <BlockStack gap="050">
              <InlineStack gap="100" blockAlign="center">
                <Text as="span" fontWeight="semibold" tone={item.active ? undefined : 'subdued'}>
                  {item.name}
                </Text>
                {item.imported ? <Badge tone="info">Shopify product</Badge> : null}
                {item.active ? null : <Badge>Archived</Badge>}
              </InlineStack>
              {item.description ? (
                <Text as="span" tone="subdued" variant="bodySm" truncate>
                  {item.description}
                </Text>
              ) : null}
            </BlockStack>
          );
          const price = (
            <Text as="span" alignment="end" numeric>
              {item.price}
            </Text>
          );
          const actions = (
            <RowActions
              subject="item"
              id={item.id}
              active={item.active}
              onEdit={() => onEdit(item)}
              first={index === 0}
              last={index === items.length - 1}
            />
          );
          return (
            <IndexTable.Row id={String(item.id)} key={item.id} position={index}>
              {smDown ? (
                <div style={{ padding: '12px 16px', width: '100%' }}>
                  <BlockStack gap="200">
                    <InlineStack align="space-between" blockAlign="start" gap="200" wrap={false}>
                      {name}
                      {price}
                    </InlineStack>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {categoryLabel(item.category)}
                    </Text>
                    {actions}
                  </BlockStack>
                </div>
              ) : (
                <>
                  <IndexTable.Cell>{name}</IndexTable.Cell>
                  <IndexTable.Cell>{categoryLabel(item.category)}</IndexTable.Cell>
                  <IndexTable.Cell>{price}</IndexTable.Cell>
                  <IndexTable.Cell>{actions}</IndexTable.Cell>
                </>
              )}
            </IndexTable.Row>
          );
        })}
      </IndexTable>
    </Card>
  );
}
