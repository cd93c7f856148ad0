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
import { useT } from '~/components/i18n';
import type { Translate } from '~/lib/language';
import { OrderRow } from './OrderRow';

const TAB_IDS = ['active', 'submitted'] as const;
/** The list's tabs; while searching also "All orders": matches from every order, whatever their state. */
const tabsFor = (t: Translate, searching: boolean) =>
  [...TAB_IDS, ...(searching ? (['all'] as const) : [])].map((id) => ({
    id,
    content: t(`admin.orders.tab.${id}`),
  }));

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
  const t = useT();
  if (!query) return null;
  const where = tabsFor(t, false).find((tab) => tab.id === list.tab)?.content;
  return (
    <div style={{ padding: '12px 16px 0' }}>
      <InlineStack gap="200" blockAlign="center">
        <Text as="p">
          {where ? t('admin.orders.searchIn', { query, where }) : t('admin.orders.searchAll', { query })}
        </Text>
        {where ? (
          <Button variant="plain" onClick={() => update({ tab: 'all', page: null })}>
            {t('admin.orders.searchAllButton')}
          </Button>
        ) : null}
      </InlineStack>
    </div>
  );
}

const HEADINGS = ['code', 'order', 'host', 'pickup', 'guests', 'total', 'status', 'actions'] as const;
const headingsFor = (t: Translate): Parameters<typeof IndexTable>[0]['headings'] =>
  HEADINGS.map((key) => ({
    title: t(`admin.orders.heading.${key}`),
    ...(key === 'total' ? { alignment: 'end' as const } : {}),
  })) as Parameters<typeof IndexTable>[0]['headings'];

/** The active, submitted or (searching) all orders, a page at a time (stacked cards below 1040 px), or what to do when none. */
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
  const t = useT();
  // Eight columns need about 1000 px: narrower (a tablet, Shopify's admin beside its own navigation) the
  // orders are stacked cards, as on phones, rather than a table that scrolls sideways.
  const { lgDown } = useBreakpoints();
  const tabs = tabsFor(t, Boolean(query));
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
          resourceName={{
            singular: t('admin.orders.resource.one'),
            plural: t('admin.orders.resource.other'),
          }}
          itemCount={list.orders.length}
          selectable={false}
          condensed={lgDown}
          headings={headingsFor(t)}
        >
          {list.orders.map((order, index) => (
            <OrderRow
              key={order.id}
              order={order}
              position={index}
              condensed={lgDown}
              money={money}
              onView={() => update({ order: String(order.id) })}
            />
          ))}
        </IndexTable>
      ) : (
        <EmptyState
          heading={
            query
              ? t('admin.orders.noMatch', { query })
              : list.tab === 'submitted'
                ? t('admin.orders.noSubmitted')
                : t('admin.orders.noActive')
          }
          image=""
        >
          <p>
            {query
              ? t('admin.orders.noMatchHelp')
              : list.tab === 'submitted'
                ? t('admin.orders.noSubmittedHelp')
                : t('admin.orders.noActiveHelp')}
          </p>
        </EmptyState>
      )}
      <div style={{ padding: '12px 16px', display: 'flex', justifyContent: 'center' }}>
        <Pagination
          hasPrevious={list.hasPrevious}
          hasNext={list.hasNext}
          onPrevious={() => update({ page: String(list.page - 1) })}
          onNext={() => update({ page: String(list.page + 1) })}
          label={t('admin.orders.page', { page: list.page })}
        />
      </div>
    </Card>
  );
}
