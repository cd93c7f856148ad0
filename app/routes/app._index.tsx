import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { readFormBody } from '~/lib/body.server';
import { Form, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import {
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
  useBreakpoints,
} from '@shopify/polaris';
import { useState } from 'react';
import { AdminOrderActionSchema } from '~/lib/schemas/adminOrders';
import { OrderDetailModal } from '~/components/admin/orders/OrderDetailModal';
import { OrderRow } from '~/components/admin/orders/OrderRow';
import { UndeliveredEmails } from '~/components/admin/orders/UndeliveredEmails';
import { formatMoney } from '~/lib/money';
import {
  getAdminOrderDetail,
  listGroupOrders,
  listUndeliveredEmails,
  parsePage,
  parseTab,
  retryDraftOrderSync,
  retryEmail,
} from '~/models/groupOrder/adminOrders.server';
import { getAdminSettings } from '~/models/shop/adminSettings.server';
import { getOrderStats } from '~/models/groupOrder/stats.server';
import { kitchenLabel, moveKitchenState, undoKitchenState } from '~/models/kitchen/kitchen.server';
import { readDraftCompletion } from '~/models/outbox/draftOrderStatus.server';
import { authenticate } from '~/shopify.server';
import { statusOf, withHttpErrors } from '~/lib/http.server';
import { DomainError } from '~/lib/errors';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session, admin } = await authenticate.admin(request);
  const shop = session.shop;
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get('tab'));
  const query = (url.searchParams.get('q') ?? '').trim();
  const page = parsePage(url.searchParams.get('page'));
  const orderId = Number(url.searchParams.get('order'));
  const settings = await getAdminSettings(shop, admin.graphql);
  const [stats, list, detail, undeliveredEmails] = await Promise.all([
    getOrderStats(shop, settings.timeZone),
    listGroupOrders(shop, { tab, query, page }),
    Number.isInteger(orderId) && orderId > 0 ? getAdminOrderDetail(shop, orderId) : null,
    listUndeliveredEmails(shop),
  ]);
  const completion = detail ? await readDraftCompletion(shop, detail.id, admin.graphql) : null;
  return {
    stats,
    list,
    query,
    detail: detail && { ...detail, shopifyCompletion: completion },
    undeliveredEmails,
    currency: settings.currency,
    locale: settings.locale,
  };
});

const answer = (status: number, message: string) => Response.json({ ok: status < 300, message }, { status });

/** "Retry now" for a failed or stuck Shopify hand-off, or for an e-mail that could not be delivered. */
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    return answer(400, 'The request could not be read.');
  }
  const parsed = AdminOrderActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'to' || i.path[0] === 'reason');
    return answer(400, issue?.message ?? 'Unknown action.');
  }
  if (parsed.data.intent === 'kitchen-move' || parsed.data.intent === 'kitchen-undo') {
    // Recorded on each move: the staff member's id from the session token when there is one.
    const actor = sessionToken?.sub ? `Staff ${sessionToken.sub}` : 'Merchant';
    try {
      if (parsed.data.intent === 'kitchen-undo') {
        await undoKitchenState(session.shop, parsed.data.id, actor);
        return answer(200, 'Last step undone');
      }
      const order = await moveKitchenState(session.shop, parsed.data.id, {
        to: parsed.data.to,
        reason: parsed.data.reason,
        actor,
      });
      return answer(200, `${order.code} is now ${kitchenLabel(parsed.data.to, order.orderType)}`);
    } catch (error) {
      if (error instanceof DomainError) return answer(statusOf(error), error.message);
      throw error;
    }
  }
  if (parsed.data.intent === 'retry-email') {
    const rearmed = await retryEmail(session.shop, parsed.data.messageId);
    if (!rearmed) return answer(404, 'That undelivered e-mail was not found.');
    return answer(200, 'Sending the e-mail again');
  }
  const outcome = await retryDraftOrderSync(session.shop, parsed.data.id);
  if (outcome === 'not-found') return answer(404, 'Submitted group order not found.');
  if (outcome === 'busy') return answer(409, 'This order is being sent to Shopify right now.');
  return answer(200, 'Sending to Shopify again');
});

const TABS = [
  { id: 'active', content: 'Active Orders' },
  { id: 'submitted', content: 'Submitted Orders' },
];

export default function Dashboard() {
  const { stats, list, query, detail, undeliveredEmails, currency, locale } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [search, setSearch] = useState(query);
  const { smDown } = useBreakpoints();
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { preventScrollReset: true });
  };

  const cards = [
    { label: 'Total orders', value: String(stats.total) },
    { label: 'Active', value: String(stats.active) },
    { label: 'Submitted', value: String(stats.submitted) },
    { label: 'Revenue', value: money(stats.revenueCents) },
    { label: "Today's orders", value: String(stats.today) },
    { label: 'Average order value', value: money(stats.averageCents) },
  ];

  return (
    <Page title="ADMIN DASHBOARD">
      <Layout>
        <Layout.Section>
          <Card>
            <Form method="get" role="search">
              <input type="hidden" name="tab" value={list.tab} />
              <InlineStack gap="200" blockAlign="end" wrap={false}>
                <div style={{ flex: 1 }}>
                  <TextField
                    label="Search orders"
                    name="q"
                    value={search}
                    onChange={setSearch}
                    placeholder="Code, group name, company, host name or e-mail"
                    autoComplete="off"
                    clearButton
                    onClearButtonClick={() => {
                      setSearch('');
                      update({ q: null, page: null });
                    }}
                  />
                </div>
                <Button
                  submit
                  loading={navigation.state === 'loading' && navigation.location?.search.includes('q=')}
                >
                  Search
                </Button>
              </InlineStack>
            </Form>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <InlineGrid columns={{ xs: 2, md: 3 }} gap="400">
            {cards.map((card) => (
              <Card key={card.label}>
                <BlockStack gap="100">
                  <Text as="h3" variant="bodySm" tone="subdued">
                    {card.label}
                  </Text>
                  <Text as="p" variant="headingLg">
                    {card.value}
                  </Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
        </Layout.Section>
        <Layout.Section>
          <Card padding="0">
            <Tabs
              tabs={TABS}
              selected={list.tab === 'submitted' ? 1 : 0}
              onSelect={(index) => update({ tab: TABS[index].id, page: null })}
            />
            {list.orders.length ? (
              <IndexTable
                resourceName={{ singular: 'group order', plural: 'group orders' }}
                itemCount={list.orders.length}
                selectable={false}
                condensed={smDown}
                headings={[
                  { title: 'Code' },
                  { title: 'Order' },
                  { title: 'Host' },
                  { title: 'Pickup' },
                  { title: 'Guests' },
                  { title: 'Total', alignment: 'end' },
                  { title: 'Status' },
                  { title: 'Actions' },
                ]}
              >
                {list.orders.map((order, index) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    position={index}
                    condensed={smDown}
                    money={money}
                    onView={() => update({ order: String(order.id) })}
                  />
                ))}
              </IndexTable>
            ) : (
              <EmptyState
                heading={
                  query
                    ? `No orders match “${query}”`
                    : list.tab === 'submitted'
                      ? 'No submitted orders yet'
                      : 'No active group orders'
                }
                image=""
              >
                <p>
                  {query
                    ? 'Try a code, a company, or the host’s name or e-mail.'
                    : list.tab === 'submitted'
                      ? 'Orders appear here once a host submits them; each becomes a draft order in Shopify.'
                      : 'Orders appear here when hosts start them on your store.'}
                </p>
              </EmptyState>
            )}
            <div style={{ padding: '12px 16px', display: 'flex', justifyContent: 'center' }}>
              <Pagination
                hasPrevious={list.hasPrevious}
                hasNext={list.hasNext}
                onPrevious={() => update({ page: String(list.page - 1) })}
                onNext={() => update({ page: String(list.page + 1) })}
                label={`Page ${list.page}`}
              />
            </div>
          </Card>
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
