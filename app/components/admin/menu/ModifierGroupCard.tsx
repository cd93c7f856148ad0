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
import { useT } from '~/components/i18n';
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
  const t = useT();
  return (
    <div style={{ padding: 16 }}>
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <BlockStack gap="050">
          <InlineStack gap="100" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {group.name}
            </Text>
            {group.active ? null : <Badge>{t('admin.menu.archived')}</Badge>}
          </InlineStack>
          <Text as="span" tone="subdued" variant="bodySm">
            {t('admin.menu.groupLine', {
              type: t(`admin.menu.type.${group.type}`),
              rule: selectionRule(group.minSelections, group.maxSelections, (id, values) =>
                t(`admin.${id}`, values),
              ),
            })}
            {group.minSelections > 0 ? t('admin.menu.required') : t('admin.menu.optional')}
          </Text>
        </BlockStack>
        <InlineStack gap="200">
          <Button size="slim" onClick={onAddModifier}>
            {t('admin.menu.addModifier')}
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
  const t = useT();
  const name = (
    <InlineStack gap="100" blockAlign="center">
      <Text as="span" tone={modifier.active ? undefined : 'subdued'}>
        {modifier.name}
      </Text>
      {modifier.isDefault ? <Badge tone="success">{t('admin.menu.default')}</Badge> : null}
      {modifier.active ? null : <Badge>{t('admin.menu.archived')}</Badge>}
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
    : t('admin.menu.allCategories');
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
      phoneDetail={t('admin.menu.appliesTo', { list: appliesTo })}
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
  const t = useT();
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
        resourceName={{
          singular: t('admin.menu.modifierResource.one'),
          plural: t('admin.menu.modifierResource.other'),
        }}
        itemCount={group.modifiers.length}
        selectable={false}
        condensed={smDown}
        headings={[
          { title: t('admin.menu.heading.modifier') },
          { title: t('admin.menu.heading.priceChange'), alignment: 'end' },
          { title: t('admin.menu.heading.appliesTo') },
          { title: t('admin.menu.heading.actions') },
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
