import { useFetcher } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  IndexTable,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
  useBreakpoints,
} from '@shopify/polaris';
import { useEffect, useState, type ReactNode } from 'react';
import { MODIFIER_TYPES } from '~/lib/modifiers';
import type { getMenuAdmin } from '~/models/menu/menuAdmin.server';

type Menu = Awaited<ReturnType<typeof getMenuAdmin>>;
export type AdminMenuItem = Menu['items'][number];
export type AdminGroup = Menu['groups'][number];
export type AdminModifier = AdminGroup['modifiers'][number];
export type Editing =
  | { kind: 'item'; item?: AdminMenuItem }
  | { kind: 'group'; group?: AdminGroup }
  | { kind: 'modifier'; groupId: number; modifier?: AdminModifier };

type ActionData = { ok: boolean; message: string; errors?: Record<string, string> };

/** "white_coffee" -> "White Coffee", as the storefront shows categories. */
export function categoryLabel(key: string) {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Posts to the menu action and shows the result as an App Bridge toast. */
function useMenuAction(onDone?: () => void) {
  const fetcher = useFetcher<ActionData>();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) {
      shopify.toast.show(fetcher.data.message);
      onDone?.();
    } else if (!fetcher.data.errors) {
      shopify.toast.show(fetcher.data.message, { isError: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  const submit = (values: Record<string, string>) => fetcher.submit(values, { method: 'post' });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return { submit, busy: fetcher.state !== 'idle', errors };
}

function RowActions({
  subject,
  id,
  active,
  onEdit,
  first,
  last,
}: {
  subject: 'item' | 'group' | 'modifier';
  id: number;
  active: boolean;
  onEdit: () => void;
  first: boolean;
  last: boolean;
}) {
  const { submit, busy } = useMenuAction();
  const go = (verb: string) => submit({ intent: `${subject}.${verb}`, id: String(id) });
  return (
    <ButtonGroup variant="segmented">
      <Button size="slim" disabled={first || busy} onClick={() => go('up')} accessibilityLabel="Move up">
        ↑
      </Button>
      <Button size="slim" disabled={last || busy} onClick={() => go('down')} accessibilityLabel="Move down">
        ↓
      </Button>
      <Button size="slim" onClick={onEdit}>
        Edit
      </Button>
      <Button size="slim" disabled={busy} onClick={() => go(active ? 'archive' : 'unarchive')}>
        {active ? 'Archive' : 'Unarchive'}
      </Button>
    </ButtonGroup>
  );
}

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
              Type {group.type} · guests choose up to {group.maxSelections}
            </Text>
          </BlockStack>
          <InlineStack gap="200">
            <Button size="slim" onClick={props.onAddModifier}>
              Add modifier
            </Button>
            <RowActions
              subject="group"
              id={group.id}
              active={group.active}
              onEdit={props.onEditGroup}
              first={props.first}
              last={props.last}
            />
          </InlineStack>
        </InlineStack>
      </div>
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
        {group.modifiers.map((modifier, index) => {
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
              active={modifier.active}
              onEdit={() => props.onEditModifier(modifier)}
              first={index === 0}
              last={index === group.modifiers.length - 1}
            />
          );
          return (
            <IndexTable.Row id={String(modifier.id)} key={modifier.id} position={index}>
              {smDown ? (
                <div style={{ padding: '12px 16px', width: '100%' }}>
                  <BlockStack gap="200">
                    <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                      {name}
                      {delta}
                    </InlineStack>
                    <Text as="span" tone="subdued" variant="bodySm">
                      Applies to {appliesTo}
                    </Text>
                    {actions}
                  </BlockStack>
                </div>
              ) : (
                <>
                  <IndexTable.Cell>{name}</IndexTable.Cell>
                  <IndexTable.Cell>{delta}</IndexTable.Cell>
                  <IndexTable.Cell>{appliesTo}</IndexTable.Cell>
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

function FormModal(props: {
  title: string;
  onClose: () => void;
  onSave: () => void;
  busy: boolean;
  saveLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={props.onClose}
      title={props.title}
      primaryAction={{ content: props.saveLabel ?? 'Save', onAction: props.onSave, loading: props.busy }}
      secondaryActions={[{ content: 'Cancel', onAction: props.onClose }]}
    >
      <Modal.Section>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
        >
          {props.children}
          <button type="submit" hidden />
        </form>
      </Modal.Section>
    </Modal>
  );
}

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

export function GroupModal({ group, onClose }: { group?: AdminGroup; onClose: () => void }) {
  const [values, setValues] = useState({
    name: group?.name ?? '',
    type: group?.type ?? 'other',
    maxSelections: String(group?.maxSelections ?? 1),
  });
  const { submit, busy, errors } = useMenuAction(onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({ intent: group ? 'group.update' : 'group.create', id: String(group?.id ?? ''), ...values });
  return (
    <FormModal
      title={group ? `Edit ${group.name}` : 'Add modifier group'}
      onClose={onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label="Group name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <Select
          label="Type"
          options={[...MODIFIER_TYPES]}
          value={values.type}
          onChange={set('type')}
          error={errors.type}
        />
        <TextField
          label="Max selections"
          type="number"
          value={values.maxSelections}
          onChange={set('maxSelections')}
          error={errors.maxSelections}
          autoComplete="off"
        />
      </FormLayout>
    </FormModal>
  );
}

export function ModifierModal(props: {
  groupId: number;
  modifier?: AdminModifier;
  categories: string[];
  onClose: () => void;
}) {
  const { modifier } = props;
  const [values, setValues] = useState({
    name: modifier?.name ?? '',
    priceDelta: modifier?.priceDelta ?? '0.00',
  });
  const [isDefault, setDefault] = useState(modifier?.isDefault ?? false);
  const [applies, setApplies] = useState<string[]>(
    modifier?.applicableCategories.split(',').filter(Boolean) ?? [],
  );
  const { submit, busy, errors } = useMenuAction(props.onClose);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = () =>
    submit({
      intent: modifier ? 'modifier.update' : 'modifier.create',
      id: String(modifier?.id ?? ''),
      groupId: String(props.groupId),
      ...values,
      isDefault: String(isDefault),
      applicableCategories: applies.join(','),
    });
  return (
    <FormModal
      title={modifier ? `Edit ${modifier.name}` : 'Add modifier'}
      onClose={props.onClose}
      onSave={save}
      busy={busy}
    >
      <FormLayout>
        <TextField
          label="Modifier name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="off"
        />
        <TextField
          label="Price change"
          value={values.priceDelta}
          onChange={set('priceDelta')}
          error={errors.priceDelta}
          autoComplete="off"
          helpText="Added to the item's price, e.g. 0.80 for oat milk. Use a minus sign for a discount."
        />
        <Checkbox label="Selected by default" checked={isDefault} onChange={setDefault} />
        <ChoiceList
          allowMultiple
          title="Applies to categories (none ticked: every category)"
          choices={props.categories.map((key) => ({ label: categoryLabel(key), value: key }))}
          selected={applies}
          onChange={setApplies}
        />
      </FormLayout>
    </FormModal>
  );
}

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
