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
  Link,
  Page,
  Pagination,
  Tabs,
  Text,
  TextField,
  useBreakpoints,
} from '@shopify/polaris';
import { useState } from 'react';
import { z } from 'zod';
import {
  HandoffRetryButton,
  KitchenBadge,
  OrderDetailModal,
  ShopifyStateBadge,
  StatusBadge,
  UndeliveredEmails,
} from '~/components/admin/orders';
import { formatMoney } from '~/lib/money';
import {
  getAdminOrderDetail,
  listGroupOrders,
  listUndeliveredEmails,
  parsePage,
  parseTab,
  retryDraftOrderSync,
  retryEmail,
} from '~/models/adminOrders.server';
import { getAdminSettings } from '~/models/adminSettings.server';
import { getOrderStats } from '~/models/stats.server';
import { CANCEL_REASON_MAX, kitchenLabel, moveKitchenState, undoKitchenState } from '~/models/kitchen.server';
import { readDraftCompletion } from '~/models/draftOrderStatus.server';
import { authenticate } from '~/shopify.server';

export async function loader({ request }: LoaderFunctionArgs) {
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
}

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const RetrySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry-shopify'), id: positiveId }),
  z.object({ intent: z.literal('retry-email'), messageId: positiveId }),
  z.object({
    intent: z.literal('kitchen-move'),
    id: positiveId,
    to: z.enum(['received', 'preparing', 'ready', 'collected', 'cancelled'], {
      message: 'Choose received, preparing, ready, collected or cancelled.',
    }),
    reason: z
      .string()
      .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters.`)
      .optional(),
  }),
  z.object({ intent: z.literal('kitchen-undo'), id: positiveId }),
]);

const answer = (status: number, message: string) => Response.json({ ok: status < 300, message }, { status });

/** "Retry now" for a failed or stuck Shopify hand-off, or for an e-mail that could not be delivered. */
export async function action({ request }: ActionFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    return answer(400, 'The request could not be read.');
  }
  const parsed = RetrySchema.safeParse(Object.fromEntries(form));
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
      if (error instanceof Response) {
        const body = (await error.json()) as { message: string };
        return answer(error.status, body.message);
      }
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
}

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

  const rows = list.orders.map((order, index) => {
    const code = (
      <Text as="span" variant="bodyMd" fontWeight="semibold">
        {order.code}
      </Text>
    );
    const groupName = (
      <BlockStack gap="050">
        <Text as="span">{order.name || `${order.companyName} Order`}</Text>
        <Text as="span" tone="subdued" variant="bodySm">
          {order.companyName}
        </Text>
      </BlockStack>
    );
    const host = (
      <BlockStack gap="050">
        <Text as="span">{order.hostName}</Text>
        <Text as="span" tone="subdued" variant="bodySm">
          {order.hostEmail}
        </Text>
      </BlockStack>
    );
    const total = (
      <Text as="span" alignment="end" numeric>
        {money(order.totalCents)}
      </Text>
    );
    const status = (
      <BlockStack gap="100" inlineAlign="start">
        <InlineStack gap="100">
          <StatusBadge status={order.status} deadlineAt={order.deadlineAt} />
          {order.status !== 'active' ? <ShopifyStateBadge state={order.shopify.state} /> : null}
          <KitchenBadge state={order.kitchenState} label={order.kitchenLabel} />
        </InlineStack>
        {order.status !== 'active' && order.shopify.draftOrderUrl ? (
          <Link
            url={order.shopify.draftOrderUrl}
            target="_blank"
            accessibilityLabel={`Open draft order ${order.shopify.draftOrderName ?? ''} of ${order.code} in Shopify`}
          >
            Draft order {order.shopify.draftOrderName}
          </Link>
        ) : null}
        {order.status !== 'active' && order.shopify.retryable ? (
          <HandoffRetryButton id={order.id} code={order.code} />
        ) : null}
      </BlockStack>
    );
    const actions = (
      <InlineStack gap="200" wrap={false}>
        <Button
          size="slim"
          onClick={() => update({ order: String(order.id) })}
          accessibilityLabel={`View details of ${order.code}`}
        >
          View details
        </Button>
        <Button size="slim" variant="plain" url={order.hostDashboardUrl} target="_blank">
          Host dashboard
        </Button>
      </InlineStack>
    );
    return (
      <IndexTable.Row id={String(order.id)} key={order.id} position={index}>
        {smDown ? (
          // Phones (the Shopify mobile app): one stacked row per order instead of a wide table.
          <div style={{ padding: '12px 16px', width: '100%' }}>
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                {code}
                {total}
              </InlineStack>
              {groupName}
              {host}
              <Text as="span" tone="subdued" variant="bodySm">
                Pickup {order.pickupLabel} · {order.participantCount}{' '}
                {order.participantCount === 1 ? 'guest' : 'guests'}
              </Text>
              {status}
              {actions}
            </BlockStack>
          </div>
        ) : (
          <>
            <IndexTable.Cell>{code}</IndexTable.Cell>
            <IndexTable.Cell>{groupName}</IndexTable.Cell>
            <IndexTable.Cell>{host}</IndexTable.Cell>
            <IndexTable.Cell>{order.pickupLabel}</IndexTable.Cell>
            <IndexTable.Cell>{order.participantCount}</IndexTable.Cell>
            <IndexTable.Cell>{total}</IndexTable.Cell>
            <IndexTable.Cell>{status}</IndexTable.Cell>
            <IndexTable.Cell>{actions}</IndexTable.Cell>
          </>
        )}
      </IndexTable.Row>
    );
  });

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
                {rows}
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
