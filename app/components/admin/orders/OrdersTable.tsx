import { Card, EmptyState, IndexTable, Pagination, Tabs, useBreakpoints } from '@shopify/polaris';
import type { AdminOrderList } from '~/models/groupOrder/adminOrders.server';
import { OrderRow } from './OrderRow';

const TABS = [
  { id: 'active', content: 'Active Orders' },
  { id: 'submitted', content: 'Submitted Orders' },
];

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

/** The active or submitted orders, a page at a time (stacked cards on phones), or what to do when none. */
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
  return (
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
  );
}
