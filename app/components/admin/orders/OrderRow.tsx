import { BlockStack, Button, IndexTable, InlineStack, Link, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useT } from '~/components/i18n';
import type { AdminOrderListEntry } from '~/models/groupOrder/adminOrders.server';
import { HandoffRetryButton } from './HandoffRetryButton';
import { KitchenBadge } from './KitchenBadge';
import { MoneyBadge } from './MoneySection';
import { ShopifyStateBadge } from './ShopifyStateBadge';
import { StatusBadge } from './StatusBadge';

type Order = AdminOrderListEntry;

/** A name over a subdued line of detail (the group over its company, the host over their e-mail). */
function NameOverDetail({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    // The table's cells do not wrap; a long name (a 40-letter word, an e-mail) wraps here instead of
    // pushing the status and the links off the card.
    <div style={{ whiteSpace: 'normal', minWidth: '9rem', maxWidth: '16rem' }}>
      <BlockStack gap="050">
        <Text as="span" breakWord>
          {name}
        </Text>
        <Text as="span" tone="subdued" variant="bodySm" breakWord>
          {detail}
        </Text>
      </BlockStack>
    </div>
  );
}

/** The order's badges, its draft order in Shopify, and a retry when the handoff failed. */
function OrderStatus({ order }: { order: Order }) {
  const t = useT();
  return (
    <BlockStack gap="100" inlineAlign="start">
      <InlineStack gap="100">
        <StatusBadge status={order.status} deadlineAt={order.deadlineAt} />
        {order.status !== 'active' ? <ShopifyStateBadge state={order.shopify.state} /> : null}
        <KitchenBadge state={order.kitchenState} orderType={order.orderType} />
      </InlineStack>
      {order.status !== 'active' && order.shopify.draftOrderUrl ? (
        <Link
          url={order.shopify.draftOrderUrl}
          target="_blank"
          accessibilityLabel={t('admin.row.draftLabel', {
            name: order.shopify.draftOrderName ?? '',
            code: order.code,
          })}
        >
          {t('admin.row.draft', { name: order.shopify.draftOrderName })}
        </Link>
      ) : null}
      {order.status !== 'active' && order.shopify.retryable ? (
        <HandoffRetryButton id={order.id} code={order.code} />
      ) : null}
    </BlockStack>
  );
}

/**
 * "View details" over the host dashboard's link: one above the other, so the last column is as wide as the
 * longer of the two ("Gastgeber-Übersicht") and the table keeps inside its card at 1280 px.
 */
function OrderActions({ order, onView }: { order: Order; onView: () => void }) {
  const t = useT();
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Button
        size="slim"
        onClick={onView}
        accessibilityLabel={t('admin.row.viewLabel', { code: order.code })}
      >
        {t('admin.row.view')}
      </Button>
      <Button size="slim" variant="plain" url={order.hostDashboardUrl} target="_blank">
        {t('admin.row.hostDashboard')}
      </Button>
    </BlockStack>
  );
}

/** One order in the admin dashboard's list: a table row, or a stacked card on phones (`condensed`). */
export function OrderRow({
  order,
  position,
  condensed,
  money,
  onView,
}: {
  order: Order;
  position: number;
  condensed: boolean;
  money: (cents: number) => string;
  onView: () => void;
}) {
  const t = useT();
  const when = t(order.orderType === 'delivery' ? 'admin.row.deliveryAt' : 'admin.row.pickupAt', {
    when: order.pickupLabel,
  });
  const code = (
    <Text as="span" variant="bodyMd" fontWeight="semibold">
      {order.code}
    </Text>
  );
  const groupName = <NameOverDetail name={order.title} detail={order.companyName} />;
  const host = <NameOverDetail name={order.hostName} detail={order.hostEmail} />;
  const total = (
    <BlockStack gap="050" inlineAlign="end">
      <Text as="span" alignment="end" numeric>
        {money(order.totalCents)}
      </Text>
      <MoneyBadge money={order.money} />
    </BlockStack>
  );
  const status = <OrderStatus order={order} />;
  const actions = <OrderActions order={order} onView={onView} />;
  return (
    <IndexTable.Row id={String(order.id)} position={position}>
      {condensed ? (
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
              {when} · {t('admin.row.guests', { count: order.participantCount })}
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
          <IndexTable.Cell>{order.orderType === 'delivery' ? when : order.pickupLabel}</IndexTable.Cell>
          <IndexTable.Cell>{order.participantCount}</IndexTable.Cell>
          <IndexTable.Cell>{total}</IndexTable.Cell>
          <IndexTable.Cell>{status}</IndexTable.Cell>
          <IndexTable.Cell>{actions}</IndexTable.Cell>
        </>
      )}
    </IndexTable.Row>
  );
}
