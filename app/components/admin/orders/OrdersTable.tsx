import {
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Pagination,
  Tabs,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import type { AdminOrderList } from '~/models/groupOrder/adminOrders.server';
import { OrderRow } from './OrderRow';

const TABS = [
  { id: 'active', content: 'Active Orders' },
  { id: 'submitted', content: 'Submitted Orders' },
];
/** Shown while searching: matches from every order, whatever their state. */
const ALL_TAB = { id: 'all', content: 'All orders' };

/** Says where a search looked, and offers all orders when a tab narrowed it. */
function SearchScope({
  list,
  query,
  update,
}: {
  list: AdminOrderList;
  query: string;
  update: (changes: Record<string, string | null>) => void;
}) {
  if (!query) return null;
  const where = TABS.find((tab) => tab.id === list.tab)?.content;
  return (
    <div style={{ padding: '12px 16px 0' }}>
      <InlineStack gap="200" blockAlign="center">
        <Text as="p">
          {where
            ? `Showing matches for “${query}” in ${where} only.`
            : `Showing matches in all orders (active and submitted) for “${query}”.`}
        </Text>
        {where ? (
          <Button variant="plain" onClick={() => update({ tab: 'all', page: null })}>
            Search all orders
          </Button>
        ) : null}
      </InlineStack>
    </div>
  );
}

const HEADINGS: Parameters<typeof IndexTable>[0]['headings'] = [
  { title: 'Code' },
  { title: 'Order' },
  { title: 'Host' },
  { title: 'Pickup or delivery' },
  { title: 'Guests' },
  { title: 'Total', alignment: 'end' },
  { title: 'Status' },
  { title: 'Actions' },
];

/** The active, submitted or (searching) all orders, a page at a time (stacked cards on phones), or what to do when none. */
export function OrdersTable({
  list,
  query,
  money,
  update,
}: {
  list: AdminOrderList;
  query: string;
  money: (cents: number) => string;
  update: (changes: Record<string, string | null>) => void;
}) {
  const { smDown } = useBreakpoints();
  const tabs = query ? [...TABS, ALL_TAB] : TABS;
  return (
    <Card padding="0">
      <Tabs
        tabs={tabs}
        selected={Math.max(
          0,
          tabs.findIndex((tab) => tab.id === list.tab),
        )}
        onSelect={(index) => update({ tab: tabs[index].id, page: null })}
      />
      <SearchScope list={list} query={query} update={update} />
      {list.orders.length ? (
        <IndexTable
          resourceName={{ singular: 'group order', plural: 'group orders' }}
          itemCount={list.orders.length}
          selectable={false}
          condensed={smDown}
          headings={HEADINGS}
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
              ? 'Try a code, a company, the host’s name or e-mail, or a guest’s name.'
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
  );
}
