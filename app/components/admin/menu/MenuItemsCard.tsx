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
import type { ReactNode } from 'react';
import { categoryLabel } from '~/lib/categories';
import type { AdminMenuItem } from './types';
import { MenuRow } from './MenuRow';
import { useT } from '~/components/i18n';
import { RowActions } from './RowActions';
import { SortableItem, SortableItems } from './SortableItems';
import { useMenuAction } from './useMenuAction';

/** "Sold out today" (off the guest menu until the shop's next day), or putting it back. */
function SoldOutButton({ item }: { item: AdminMenuItem }) {
  const t = useT();
  const { submit, busy } = useMenuAction();
  if (!item.active) return null;
  return item.soldOutToday ? (
    <Button
      size="slim"
      disabled={busy}
      onClick={() => submit({ intent: 'item.available', id: String(item.id) })}
      accessibilityLabel={t('admin.menu.backOnMenuLabel', { name: item.name })}
    >
      {t('admin.menu.backOnMenu')}
    </Button>
  ) : (
    <Button
      size="slim"
      disabled={busy}
      onClick={() => submit({ intent: 'item.soldout', id: String(item.id) })}
      accessibilityLabel={t('admin.menu.soldOutLabel', { name: item.name })}
    >
      {t('admin.menu.soldOut')}
    </Button>
  );
}

/** An item's name cell: the drag handle, the name with its badges, and the description under it. */
function MenuItemName({
  item,
  handle,
  isDropTarget,
}: {
  item: AdminMenuItem;
  handle: ReactNode;
  isDropTarget: boolean;
}) {
  const t = useT();
  return (
    <div
      className={isDropTarget ? 'menu-drop-target' : undefined}
      style={{ display: 'flex', alignItems: 'flex-start', minWidth: 0, flex: 1 }}
    >
      {handle}
      <div style={{ minWidth: 0, flex: 1 }}>
        <BlockStack gap="050">
          <InlineStack gap="100" blockAlign="center">
            <Text as="span" fontWeight="semibold" tone={item.active ? undefined : 'subdued'}>
              {item.name}
            </Text>
            {item.imported ? <Badge tone="info">{t('admin.menu.shopifyProduct')}</Badge> : null}
            {item.soldOutToday ? <Badge tone="warning">{t('admin.menu.soldOut')}</Badge> : null}
            {item.active ? null : <Badge>{t('admin.menu.archived')}</Badge>}
          </InlineStack>
          {item.description ? (
            <Text as="span" tone="subdued" variant="bodySm" truncate>
              {item.description}
            </Text>
          ) : null}
        </BlockStack>
      </div>
    </div>
  );
}

/** One menu item's row: name, category, price and its actions (edit, move, archive, sold out). */
function MenuItemRow({
  item,
  index,
  count,
  phone,
  handle,
  isDropTarget,
  onEdit,
}: {
  item: AdminMenuItem;
  index: number;
  count: number;
  phone: boolean;
  handle: ReactNode;
  isDropTarget: boolean;
  onEdit: (item: AdminMenuItem) => void;
}) {
  const price = (
    <Text as="span" alignment="end" numeric>
      {item.price}
    </Text>
  );
  const actions = (
    <RowActions
      subject="item"
      id={item.id}
      name={item.name}
      active={item.active}
      onEdit={() => onEdit(item)}
      first={index === 0}
      last={index === count - 1}
    >
      <SoldOutButton item={item} />
    </RowActions>
  );
  return (
    <MenuRow
      id={item.id}
      position={index}
      phone={phone}
      name={<MenuItemName item={item} handle={handle} isDropTarget={isDropTarget} />}
      amount={price}
      middle={[categoryLabel(item.category), price]}
      phoneDetail={categoryLabel(item.category)}
      actions={actions}
      nameAlign="start"
    />
  );
}

export function MenuItemsCard({
  items,
  onEdit,
}: {
  items: AdminMenuItem[];
  onEdit: (item: AdminMenuItem) => void;
}) {
  // One stacked row per item instead of a table wider than the window: on phones (the Shopify mobile app)
  // and below 1040 px, where the row's five buttons ("Heute ausverkauft" in German) no longer fit beside it.
  const t = useT();
  const { lgDown: stacked } = useBreakpoints();
  const { submit } = useMenuAction();
  const place = (id: number, index: number) =>
    submit({ intent: 'item.place', id: String(id), index: String(index) });
  return (
    <SortableItems items={items} onPlace={place}>
      <Card padding="0">
        <div style={{ padding: '16px 16px 8px' }}>
          <Text as="h2" variant="headingMd">
            {t('admin.menu.items')}
          </Text>
        </div>
        <IndexTable
          resourceName={{
            singular: t('admin.menu.itemResource.one'),
            plural: t('admin.menu.itemResource.other'),
          }}
          itemCount={items.length}
          selectable={false}
          condensed={stacked}
          headings={[
            { title: t('admin.menu.heading.name') },
            { title: t('admin.menu.heading.category') },
            { title: t('admin.menu.heading.price'), alignment: 'end' },
            { title: t('admin.menu.heading.actions') },
          ]}
        >
          {items.map((item, index) => (
            <SortableItem key={item.id} item={item}>
              {(handle, isDropTarget) => (
                <MenuItemRow
                  item={item}
                  index={index}
                  count={items.length}
                  phone={stacked}
                  handle={handle}
                  isDropTarget={isDropTarget}
                  onEdit={onEdit}
                />
              )}
            </SortableItem>
          ))}
        </IndexTable>
      </Card>
    </SortableItems>
  );
}
