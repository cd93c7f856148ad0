import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Layout, Page } from '@shopify/polaris';
import { OrderDetailModal } from '~/components/admin/orders/OrderDetailModal';
import { OrderSearch } from '~/components/admin/orders/OrderSearch';
import { OrdersTable } from '~/components/admin/orders/OrdersTable';
import { OrderBudgetBanner } from '~/components/admin/orders/OrderBudgetBanner';
import { StatsGrid } from '~/components/admin/orders/StatsGrid';
import { UndeliveredEmails } from '~/components/admin/orders/UndeliveredEmails';
import { useSearchUpdate } from '~/components/admin/useSearchUpdate';
import { useMoney, useT } from '~/components/i18n';
import { actorOf, answerStep, readAdminForm } from '~/lib/adminForm.server';
import { AdminOrderActionSchema } from '~/lib/schemas/adminOrders';
import { runAdminOrderAction } from '~/models/groupOrder/adminActions.server';
import {
  getAdminOrderDetail,
  listGroupOrders,
  listUndeliveredEmails,
  parsePage,
  parseTab,
} from '~/models/groupOrder/adminOrders.server';
import { getAdminSettings } from '~/models/shop/adminSettings.server';
import { getOrderStats } from '~/models/groupOrder/stats.server';
import { readDraftCompletion } from '~/models/outbox/draftOrderStatus.server';
import { orderBudgetStatus } from '~/models/limits/orderBudget.server';
import { authenticate } from '~/shopify.server';
import { pageLanguage } from '~/i18n.server';
import { adminSay, issueSaid } from '~/lib/sentences.server';
import { adminTitle } from '~/components/admin/adminLocale';
import { AdminRefusal } from '~/components/admin/AdminRefusal';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { cleanText, unreadableText } from '~/lib/text';

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const url = new URL(request.url);
  const query = cleanText(url.searchParams.get('q') ?? '');
  // The one text rule (lib/text.ts): a search with a NUL or a broken character finds nothing to search.
  const unreadable = unreadableText(query);
  if (unreadable) {
    const say = adminSay(await pageLanguage(request, shop));
    throw jsonError(400, say(`The search ${unreadable}. Please retype it.`));
  }
  const tab = parseTab(url.searchParams.get('tab'), query);
  const page = parsePage(url.searchParams.get('page'));
  const orderId = Number(url.searchParams.get('order'));
  const settings = await getAdminSettings(shop, admin.graphql);
  // Pickup times and unnamed orders' titles in the admin's language (the `locale` its own requests carry).
  const words = await pageLanguage(request, shop);
  const [stats, list, detail, undeliveredEmails, orderBudget] = await Promise.all([
    getOrderStats(shop, settings.timeZone),
    listGroupOrders(shop, { tab, query, page, words }),
    Number.isInteger(orderId) && orderId > 0 ? getAdminOrderDetail(shop, orderId, words) : null,
    listUndeliveredEmails(shop),
    orderBudgetStatus(shop),
  ]);
  const completion = detail ? await readDraftCompletion(shop, detail.id, admin.graphql) : null;
  return {
    stats,
    list,
    query,
    detail: detail && { ...detail, shopifyCompletion: completion },
    undeliveredEmails,
    orderBudget,
    currency: settings.currency,
  };
});

/** "Retry now" for a failed or stuck Shopify hand-off or an undelivered e-mail, and the kitchen steps. */
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const say = adminSay(await pageLanguage(request, session.shop));
  const input = await readAdminForm(
    request,
    AdminOrderActionSchema,
    (issues) => {
      const issue = issues.find((i) => i.path[0] === 'to' || i.path[0] === 'reason');
      return issue ? issueSaid(issue) : 'Unknown action.';
    },
    say,
  );
  if (input instanceof Response) return input;
  return answerStep(() => runAdminOrderAction(session.shop, actorOf(sessionToken), input), say);
});

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle(matches, 'dashboard') }];

export default function Dashboard() {
  const { stats, list, query, detail, undeliveredEmails, orderBudget, currency } =
    useLoaderData<typeof loader>();
  const [params, update] = useSearchUpdate();
  const t = useT();
  // The shop's currency, formatted for the merchant's language (English: the shop's own locale, as before).
  const money = useMoney(currency);

  return (
    <Page title={t('admin.dashboard.title')}>
      <Layout>
        {orderBudget.warn ? (
          <Layout.Section>
            <OrderBudgetBanner status={orderBudget} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <OrderSearch query={query} onClear={() => update({ q: null, page: null, tab: null })} />
        </Layout.Section>
        <Layout.Section>
          <StatsGrid stats={stats} money={money} />
        </Layout.Section>
        <Layout.Section>
          <OrdersTable list={list} query={query} money={money} update={update} />
        </Layout.Section>
        {undeliveredEmails.length ? (
          <Layout.Section>
            <UndeliveredEmails emails={undeliveredEmails} />
          </Layout.Section>
        ) : null}
      </Layout>
      <OrderDetailModal
        order={detail}
        missing={params.has('order') && !detail}
        money={money}
        onClose={() => update({ order: null })}
      />
    </Page>
  );
}

/** An unreadable search: its sentence in the admin's language, and the way back to the whole dashboard. */
export function ErrorBoundary() {
  const t = useT();
  return (
    <AdminRefusal
      title={t('admin.dashboard.title')}
      back={{ content: t('admin.nav.dashboard'), path: '/app' }}
    />
  );
}
