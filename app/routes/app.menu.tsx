import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { GroupModal } from '~/components/admin/menu/GroupModal';
import { ImportModal } from '~/components/admin/menu/ImportModal';
import { ItemModal } from '~/components/admin/menu/ItemModal';
import { MenuItemsCard } from '~/components/admin/menu/MenuItemsCard';
import { ModifierGroupCard } from '~/components/admin/menu/ModifierGroupCard';
import { ModifierModal } from '~/components/admin/menu/ModifierModal';
import type { Editing } from '~/components/admin/menu/types';
import {
  createMenuItem,
  createModifier,
  createModifierGroup,
  getMenuAdmin,
  MenuAdminError,
  MenuItemSchema,
  ModifierGroupSchema,
  ModifierSchema,
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
import { authenticate } from '~/shopify.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const wantsImport = new URL(request.url).searchParams.get('import') === '1';
  const [menu, collections] = await Promise.all([
    getMenuAdmin(session.shop),
    wantsImport ? listShopifyCollections(admin.graphql).catch(() => null) : Promise.resolve([]),
  ]);
  return { ...menu, collections };
}

type ActionResult = { ok: boolean; message: string; errors?: Record<string, string> };

function invalid(errors: Record<string, string>): Response {
  return Response.json(
    { ok: false, message: 'Check the highlighted fields.', errors } satisfies ActionResult,
    {
      status: 400,
    },
  );
}

function parse<T>(schema: { safeParse: (v: unknown) => any }, form: FormData): T | Response {
  const result = schema.safeParse(Object.fromEntries(form));
  if (result.success) return result.data as T;
  return invalid(
    Object.fromEntries(result.error.issues.map((issue: any) => [String(issue.path[0]), issue.message])),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const form = await readFormBody(request);
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  const [subject, verb] = intent.split('.');
  const needsId = !['create', 'import'].includes(verb ?? intent);
  if (needsId && !(Number.isInteger(id) && id > 0)) {
    return Response.json({ ok: false, message: 'Nothing to change was named.' }, { status: 400 });
  }
  try {
    if (intent === 'import') {
      const collectionId = String(form.get('collectionId') ?? '') || null;
      const result = await importShopifyProducts(shop, admin.graphql, { collectionId });
      const rest = result.complete
        ? ''
        : ` Only the first ${MAX_IMPORT_PRODUCTS.toLocaleString('en')} products were read: import a collection at a time for the rest.`;
      return {
        ok: true,
        message: `Imported ${result.created} new and updated ${result.updated} items from Shopify.${rest}`,
      } satisfies ActionResult;
    }
    if (verb === 'up' || verb === 'down') {
      const kind = subject === 'item' ? 'menuItem' : subject === 'group' ? 'modifierGroup' : 'modifier';
      await move(shop, kind, id, verb);
      return { ok: true, message: 'Order changed' } satisfies ActionResult;
    }
    if (verb === 'archive' || verb === 'unarchive') {
      const active = verb === 'unarchive';
      if (subject === 'item') await setMenuItemActive(shop, id, active);
      else if (subject === 'group') await setModifierGroupActive(shop, id, active);
      else await setModifierActive(shop, id, active);
      return { ok: true, message: active ? 'Restored' : 'Archived' } satisfies ActionResult;
    }
    if (subject === 'item') {
      const input = parse<typeof MenuItemSchema._output>(MenuItemSchema, form);
      if (input instanceof Response) return input;
      if (verb === 'create') await createMenuItem(shop, input);
      else await updateMenuItem(shop, id, input);
      return {
        ok: true,
        message: verb === 'create' ? 'Menu item added' : 'Menu item saved',
      } satisfies ActionResult;
    }
    if (subject === 'group') {
      const input = parse<typeof ModifierGroupSchema._output>(ModifierGroupSchema, form);
      if (input instanceof Response) return input;
      if (verb === 'create') await createModifierGroup(shop, input);
      else await updateModifierGroup(shop, id, input);
      return {
        ok: true,
        message: verb === 'create' ? 'Modifier group added' : 'Modifier group saved',
      } satisfies ActionResult;
    }
    if (subject === 'modifier') {
      const input = parse<typeof ModifierSchema._output>(ModifierSchema, form);
      if (input instanceof Response) return input;
      if (verb === 'create') await createModifier(shop, input);
      else await updateModifier(shop, id, input);
      return {
        ok: true,
        message: verb === 'create' ? 'Modifier added' : 'Modifier saved',
      } satisfies ActionResult;
    }
    return Response.json({ ok: false, message: 'Unknown action.' }, { status: 400 });
  } catch (error) {
    if (error instanceof MenuAdminError) {
      return Response.json(
        { ok: false, message: error.message, errors: { name: error.message } },
        { status: error.status },
      );
    }
    if (intent === 'import') {
      console.error('Shopify product import failed', error);
      return Response.json(
        { ok: false, message: 'Shopify could not be reached for the import. Try again in a minute.' },
        { status: 502 },
      );
    }
    throw error;
  }
}

export default function MenuPage() {
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | null>(null);
  const importOpen = params.get('import') === '1';
  const setImportOpen = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('import', '1');
    else next.delete('import');
    setParams(next, { preventScrollReset: true });
  };

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
