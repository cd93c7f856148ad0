import { BlockStack, IndexTable, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

type BlockAlign = 'start' | 'center';

/**
 * One row of a menu table (items, a group's modifiers): name, two middle cells and the actions on a wide
 * screen; on a phone, the name and the amount side by side over a line of detail, then the actions.
 */
export function MenuRow({
  id,
  position,
  phone,
  name,
  amount,
  middle,
  phoneDetail,
  actions,
  nameAlign,
}: {
  id: number;
  position: number;
  phone: boolean;
  name: ReactNode;
  amount: ReactNode;
  /** The cells between the name and the actions, in the table's column order. */
  middle: [ReactNode, ReactNode];
  /** The line under the name and amount on a phone. */
  phoneDetail: ReactNode;
  actions: ReactNode;
  nameAlign: BlockAlign;
}) {
  return (
    <IndexTable.Row id={String(id)} position={position}>
      {phone ? (
        <div style={{ padding: '12px 16px', width: '100%' }}>
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign={nameAlign} gap="200" wrap={false}>
              {name}
              {amount}
            </InlineStack>
            <Text as="span" tone="subdued" variant="bodySm">
              {phoneDetail}
            </Text>
            {actions}
          </BlockStack>
        </div>
      ) : (
        <>
          <IndexTable.Cell>{name}</IndexTable.Cell>
          <IndexTable.Cell>{middle[0]}</IndexTable.Cell>
          <IndexTable.Cell>{middle[1]}</IndexTable.Cell>
          <IndexTable.Cell>{actions}</IndexTable.Cell>
        </>
      )}
    </IndexTable.Row>
  );
}
