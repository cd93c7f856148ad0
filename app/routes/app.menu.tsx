import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { GroupModal } from '~/components/admin/menu/GroupModal';
import { ImportModal } from '~/components/admin/menu/ImportModal';
import { ItemModal } from '~/components/admin/menu/ItemModal';
import { MenuItemsCard } from '~/components/admin/menu/MenuItemsCard';
import { ModifierGroupCard } from '~/components/admin/menu/ModifierGroupCard';
import { ModifierModal } from '~/components/admin/menu/ModifierModal';
import type { Editing } from '~/components/admin/menu/types';
import { useSearchUpdate } from '~/components/admin/useSearchUpdate';
import {
  createMenuItem,
  createModifier,
  createModifierGroup,
  getMenuAdmin,
  move,
  setMenuItemActive,
  setModifierActive,
  setModifierGroupActive,
  updateMenuItem,
  updateModifier,
  updateModifierGroup,
} from '~/models/menu/menuAdmin.server';
import {
  importShopifyProducts,
  listShopifyCollections,
  MAX_IMPORT_PRODUCTS,
} from '~/models/menu/menuImport.server';
import { DomainError } from '~/lib/errors';
import { statusOf } from '~/lib/http.server';
import { MenuActionSchema, type MenuAction } from '~/lib/schemas/menu';
import { authenticate } from '~/shopify.server';
import type { MenuActionResult } from '~/components/admin/menu/types';

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const wantsImport = new URL(request.url).searchParams.get('import') === '1';
  const [menu, collections] = await Promise.all([
    getMenuAdmin(session.shop),
    wantsImport ? listShopifyCollections(admin.graphql).catch(() => null) : Promise.resolve([]),
  ]);
  return { ...menu, collections };
}

function refuse(status: number, message: string, errors?: Record<string, string>) {
  return Response.json({ ok: false, message, errors } satisfies MenuActionResult, { status });
}

/** The form as one of the intents MenuActionSchema knows, or the 400 that says what is wrong. */
function parseAction(form: FormData): MenuAction | Response {
  const result = MenuActionSchema.safeParse(Object.fromEntries(form));
  if (result.success) return result.data;
  const issues = result.error.issues;
  if (issues.some((issue) => issue.code === 'invalid_union_discriminator')) {
    return refuse(400, 'Unknown action.');
  }
  if (issues.some((issue) => issue.path[0] === 'id')) return refuse(400, 'Nothing to change was named.');
  const errors = Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
  return refuse(400, 'Check the highlighted fields.', errors);
}

/** The form's fields without the intent and the row id (the models take exactly their fields). */
function fieldsOf<T extends { intent: string; id?: number }>(input: T): Omit<T, 'intent' | 'id'> {
  const { intent: _intent, id: _id, ...fields } = input;
  return fields;
}

const MOVE_KIND = { item: 'menuItem', group: 'modifierGroup', modifier: 'modifier' } as const;
const SET_ACTIVE = { item: setMenuItemActive, group: setModifierGroupActive, modifier: setModifierActive };

async function run(
  shop: string,
  graphql: Parameters<typeof importShopifyProducts>[1],
  input: MenuAction,
): Promise<string> {
  switch (input.intent) {
    case 'import': {
      const result = await importShopifyProducts(shop, graphql, { collectionId: input.collectionId });
      const rest = result.complete
        ? ''
        : ` Only the first ${MAX_IMPORT_PRODUCTS.toLocaleString('en')} products were read: import a collection at a time for the rest.`;
      return `Imported ${result.created} new and updated ${result.updated} items from Shopify.${rest}`;
    }
    case 'item.create':
      await createMenuItem(shop, fieldsOf(input));
      return 'Menu item added';
    case 'item.update':
      await updateMenuItem(shop, input.id, fieldsOf(input));
      return 'Menu item saved';
    case 'group.create':
      await createModifierGroup(shop, fieldsOf(input));
      return 'Modifier group added';
    case 'group.update':
      await updateModifierGroup(shop, input.id, fieldsOf(input));
      return 'Modifier group saved';
    case 'modifier.create':
      await createModifier(shop, fieldsOf(input));
      return 'Modifier added';
    case 'modifier.update':
      await updateModifier(shop, input.id, fieldsOf(input));
      return 'Modifier saved';
    default: {
      const [subject, verb] = input.intent.split('.') as [keyof typeof MOVE_KIND, string];
      if (verb === 'up' || verb === 'down') {
        await move(shop, MOVE_KIND[subject], input.id, verb);
        return 'Order changed';
      }
      const active = verb === 'unarchive';
      await SET_ACTIVE[subject](shop, input.id, active);
      return active ? 'Restored' : 'Archived';
    }
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const input = parseAction(await readFormBody(request));
  if (input instanceof Response) return input;
  try {
    return { ok: true, message: await run(session.shop, admin.graphql, input) } satisfies MenuActionResult;
  } catch (error) {
    if (error instanceof DomainError) return refuse(statusOf(error), error.message, { name: error.message });
    if (input.intent === 'import') {
      console.error('Shopify product import failed', error);
      return refuse(502, 'Shopify could not be reached for the import. Try again in a minute.');
    }
    throw error;
  }
}

export default function MenuPage() {
  const data = useLoaderData<typeof loader>();
  const [params, update] = useSearchUpdate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const importOpen = params.get('import') === '1';
  const setImportOpen = (open: boolean) => update({ import: open ? '1' : null });

  return (
    <Page
      title="Menu"
      primaryAction={{ content: 'Add menu item', onAction: () => setEditing({ kind: 'item' }) }}
      secondaryActions={[
        { content: 'Import from Shopify products', onAction: () => setImportOpen(true) },
        { content: 'Add modifier group', onAction: () => setEditing({ kind: 'group' }) },
      ]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <MenuItemsCard items={data.items} onEdit={(item) => setEditing({ kind: 'item', item })} />
            {data.groups.map((group, index) => (
              <ModifierGroupCard
                key={group.id}
                group={group}
                first={index === 0}
                last={index === data.groups.length - 1}
                onEditGroup={() => setEditing({ kind: 'group', group })}
                onAddModifier={() => setEditing({ kind: 'modifier', groupId: group.id })}
                onEditModifier={(modifier) => setEditing({ kind: 'modifier', groupId: group.id, modifier })}
              />
            ))}
          </BlockStack>
        </Layout.Section>
      </Layout>
      {editing?.kind === 'item' ? (
        <ItemModal item={editing.item} categories={data.categories} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'group' ? (
        <GroupModal group={editing.group} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.kind === 'modifier' ? (
        <ModifierModal
          groupId={editing.groupId}
          modifier={editing.modifier}
          categories={data.categories}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importOpen ? (
        <ImportModal collections={data.collections} onClose={() => setImportOpen(false)} />
      ) : null}
    </Page>
  );
}
