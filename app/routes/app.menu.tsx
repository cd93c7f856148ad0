import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { useT } from '~/components/i18n';
import { GroupModal } from '~/components/admin/menu/GroupModal';
import { ImportModal } from '~/components/admin/menu/ImportModal';
import { ItemModal } from '~/components/admin/menu/ItemModal';
import { MenuItemsCard } from '~/components/admin/menu/MenuItemsCard';
import { ModifierGroupCard } from '~/components/admin/menu/ModifierGroupCard';
import { ModifierModal } from '~/components/admin/menu/ModifierModal';
import type { Editing } from '~/components/admin/menu/types';
import { useSearchUpdate } from '~/components/admin/useSearchUpdate';
import { getMenuAdmin } from '~/models/menu/menuAdmin.server';
import { runMenuAction } from '~/models/menu/menuActions.server';
import { listShopifyCollections } from '~/models/menu/menuImport.server';
import { DomainError } from '~/lib/errors';
import { statusOf, withHttpErrors } from '~/lib/http.server';
import { MenuActionSchema, type MenuAction } from '~/lib/schemas/menu';
import { authenticate } from '~/shopify.server';
import type { MenuActionResult } from '~/components/admin/menu/types';
import { adminTitle } from '~/components/admin/adminLocale';
import { pageLanguage } from '~/i18n.server';
import { adminSay, issueSaid } from '~/lib/sentences.server';

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const wantsImport = new URL(request.url).searchParams.get('import') === '1';
  const [menu, collections] = await Promise.all([
    getMenuAdmin(session.shop),
    wantsImport ? listShopifyCollections(admin.graphql).catch(() => null) : Promise.resolve([]),
  ]);
  return { ...menu, collections };
});

function refuse(status: number, message: string, errors?: Record<string, string>) {
  return Response.json({ ok: false, message, errors } satisfies MenuActionResult, { status });
}

type Say = ReturnType<typeof adminSay>;

/** The form as one of the intents MenuActionSchema knows, or the 400 that says what is wrong. */
function parseAction(form: FormData, say: Say): MenuAction | Response {
  const result = MenuActionSchema.safeParse(Object.fromEntries(form));
  if (result.success) return result.data;
  const issues = result.error.issues;
  if (issues.some((issue) => issue.code === 'invalid_union')) {
    return refuse(400, say('Unknown action.'));
  }
  if (issues.some((issue) => issue.path[0] === 'id')) return refuse(400, say('Nothing to change was named.'));
  const errors = Object.fromEntries(issues.map((issue) => [String(issue.path[0]), say(issueSaid(issue))]));
  return refuse(400, say('Check the highlighted fields.'), errors);
}

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  // Toasts and refusals in the admin's language: the menu's fetchers post to this page's URL, `locale` and all.
  const say = adminSay(await pageLanguage(request, session.shop));
  const input = parseAction(await readFormBody(request), say);
  if (input instanceof Response) return input;
  try {
    return {
      ok: true,
      message: say(await runMenuAction(session.shop, admin.graphql, input)),
    } satisfies MenuActionResult;
  } catch (error) {
    if (error instanceof DomainError) {
      const message = say(error.said);
      return refuse(statusOf(error), message, { name: message });
    }
    if (input.intent === 'import') {
      console.error('Shopify product import failed', error);
      return refuse(502, say('Shopify could not be reached for the import. Try again in a minute.'));
    }
    throw error;
  }
});

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle(matches, 'menu') }];

export default function MenuPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const [params, update] = useSearchUpdate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const importOpen = params.get('import') === '1';
  const setImportOpen = (open: boolean) => update({ import: open ? '1' : null });

  return (
    <Page
      title={t('admin.menu.title')}
      primaryAction={{ content: t('admin.menu.addItem'), onAction: () => setEditing({ kind: 'item' }) }}
      secondaryActions={[
        { content: t('admin.menu.import'), onAction: () => setImportOpen(true) },
        { content: t('admin.menu.addGroup'), onAction: () => setEditing({ kind: 'group' }) },
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
