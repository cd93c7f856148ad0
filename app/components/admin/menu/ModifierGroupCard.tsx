import {
  Badge,
  BlockStack,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { categoryLabel } from '~/lib/categories';
import { selectionRule } from '~/lib/modifiers';
import type { AdminGroup, AdminModifier } from './types';
import { MenuRow } from './MenuRow';
import { RowActions } from './RowActions';

/** The group's heading: its name, its selection rule for guests, and its actions. */
function ModifierGroupHeader({
  group,
  first,
  last,
  onEditGroup,
  onAddModifier,
}: {
  group: AdminGroup;
  first: boolean;
  last: boolean;
  onEditGroup: () => void;
  onAddModifier: () => void;
}) {
  return (
    <div style={{ padding: 16 }}>
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <BlockStack gap="050">
          <InlineStack gap="100" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {group.name}
            </Text>
            {group.active ? null : <Badge>Archived</Badge>}
          </InlineStack>
          <Text as="span" tone="subdued" variant="bodySm">
            Type {group.type} · guests: {selectionRule(group.minSelections, group.maxSelections)}
            {group.minSelections > 0 ? ' (required)' : ' (optional)'}
          </Text>
        </BlockStack>
        <InlineStack gap="200">
          <Button size="slim" onClick={onAddModifier}>
            Add modifier
          </Button>
          <RowActions
            subject="group"
            id={group.id}
            name={group.name}
            active={group.active}
            onEdit={onEditGroup}
            first={first}
            last={last}
          />
        </InlineStack>
      </InlineStack>
    </div>
  );
}

/** One modifier's row: name with its badges, price change, the categories it applies to, its actions. */
function ModifierRow({
  modifier,
  index,
  count,
  phone,
  onEdit,
}: {
  modifier: AdminModifier;
  index: number;
  count: number;
  phone: boolean;
  onEdit: (modifier: AdminModifier) => void;
}) {
  const name = (
    <InlineStack gap="100" blockAlign="center">
      <Text as="span" tone={modifier.active ? undefined : 'subdued'}>
        {modifier.name}
      </Text>
      {modifier.isDefault ? <Badge tone="success">Default</Badge> : null}
      {modifier.active ? null : <Badge>Archived</Badge>}
    </InlineStack>
  );
  const delta = (
    <Text as="span" alignment="end" numeric>
      {modifier.priceDeltaCents > 0 ? '+' : ''}
      {modifier.priceDelta}
    </Text>
  );
  const appliesTo = modifier.applicableCategories
    ? modifier.applicableCategories.split(',').map(categoryLabel).join(', ')
    : 'All categories';
  const actions = (
    <RowActions
      subject="modifier"
      id={modifier.id}
      name={modifier.name}
      active={modifier.active}
      onEdit={() => onEdit(modifier)}
      first={index === 0}
      last={index === count - 1}
    />
  );
  return (
    <MenuRow
      id={modifier.id}
      position={index}
      phone={phone}
      name={name}
      amount={delta}
      middle={[delta, appliesTo]}
      phoneDetail={`Applies to ${appliesTo}`}
      actions={actions}
      nameAlign="center"
    />
  );
}

export function ModifierGroupCard(props: {
  group: AdminGroup;
  first: boolean;
  last: boolean;
  onEditGroup: () => void;
  onAddModifier: () => void;
  onEditModifier: (modifier: AdminModifier) => void;
}) {
  const { group } = props;
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      <ModifierGroupHeader
        group={group}
        first={props.first}
        last={props.last}
        onEditGroup={props.onEditGroup}
        onAddModifier={props.onAddModifier}
      />
      <IndexTable
        resourceName={{ singular: 'modifier', plural: 'modifiers' }}
        itemCount={group.modifiers.length}
        selectable={false}
        condensed={smDown}
        headings={[
          { title: 'Modifier' },
          { title: 'Price change', alignment: 'end' },
          { title: 'Applies to' },
          { title: 'Actions' },
        ]}
      >
        {group.modifiers.map((modifier, index) => (
          <ModifierRow
            key={modifier.id}
            modifier={modifier}
            index={index}
            count={group.modifiers.length}
            phone={smDown}
            onEdit={props.onEditModifier}
          />
        ))}
      </IndexTable>
    </Card>
  );
}
