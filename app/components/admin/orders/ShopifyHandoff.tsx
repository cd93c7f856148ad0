import { BlockStack, Box, Link, Text } from '@shopify/polaris';
import type { AdminOrderDetail } from '~/models/groupOrder/adminOrders.server';
import type { DraftCompletion } from '~/models/outbox/draftOrderStatus.server';
import { HandoffRetryButton } from './HandoffRetryButton';

export function ShopifyHandoff({
  order,
}: {
  order: AdminOrderDetail & { shopifyCompletion?: DraftCompletion | null };
}) {
  const { shopify } = order;
  const completed = order.shopifyCompletion?.status === 'COMPLETED' ? order.shopifyCompletion : null;
  return (
    <Box>
      {completed ? (
        <Text as="p" tone="success" fontWeight="semibold">
          Completed in Shopify{completed.orderName ? ` as order ${completed.orderName}` : ''}
          {completed.completedText ? `, ${completed.completedText}` : ''}
        </Text>
      ) : null}
      {shopify.state === 'sent' && shopify.draftOrderUrl ? (
        <Text as="p">
          Shopify draft order{' '}
          <Link url={shopify.draftOrderUrl} target="_blank">
            {shopify.draftOrderName ?? 'open in Shopify'}
          </Link>
          {order.paymentMethod === 'invoice' && order.shopifyInvoiceUrl ? ' · invoice sent to the host' : ''}
        </Text>
      ) : null}
      {shopify.state === 'pending' && !shopify.retryable ? (
        <Text as="p">Sending to Shopify; it retries on its own if Shopify is busy.</Text>
      ) : null}
      {shopify.state === 'pending' && shopify.retryable ? (
        <BlockStack gap="200">
          <Text as="p" tone="caution">
            Not in Shopify yet
            {shopify.error ? `: ${shopify.error}` : ': the hand-off was interrupted or is overdue.'} It
            retries on its own; you can retry now.
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
      {shopify.state === 'failed' ? (
        <BlockStack gap="200">
          <Text as="p" tone="critical">
            Shopify refused the draft order: {shopify.error}
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
    </Box>
  );
}
