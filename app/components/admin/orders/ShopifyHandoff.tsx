import { BlockStack, Box, Link, Text } from '@shopify/polaris';
import type { AdminOrderDetail } from '~/models/groupOrder/adminOrders.server';
import type { DraftCompletion } from '~/models/outbox/draftOrderStatus.server';
import { HandoffRetryButton } from './HandoffRetryButton';
import { useT } from '~/components/i18n';

export function ShopifyHandoff({
  order,
}: {
  order: AdminOrderDetail & { shopifyCompletion?: DraftCompletion | null };
}) {
  const t = useT();
  const { shopify } = order;
  const completed = order.shopifyCompletion?.status === 'COMPLETED' ? order.shopifyCompletion : null;
  return (
    <Box>
      {completed ? (
        <Text as="p" tone="success" fontWeight="semibold">
          {completed.orderName
            ? t('admin.handoff.completedAs', { name: completed.orderName })
            : t('admin.handoff.completed')}
          {completed.completedText ? `, ${completed.completedText}` : ''}
        </Text>
      ) : null}
      {shopify.state === 'sent' && shopify.draftOrderUrl ? (
        <Text as="p">
          {t('admin.handoff.draft')}{' '}
          <Link url={shopify.draftOrderUrl} target="_blank">
            {shopify.draftOrderName ?? t('admin.handoff.open')}
          </Link>
          {order.paymentMethod === 'invoice' && order.shopifyInvoiceUrl ? t('admin.handoff.invoiceSent') : ''}
        </Text>
      ) : null}
      {shopify.state === 'pending' && !shopify.retryable ? (
        <Text as="p">{t('admin.handoff.sending')}</Text>
      ) : null}
      {shopify.state === 'pending' && shopify.retryable ? (
        <BlockStack gap="200">
          <Text as="p" tone="caution">
            {t('admin.handoff.notYet', { error: shopify.error || t('admin.handoff.interrupted') })}
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
      {shopify.state === 'failed' ? (
        <BlockStack gap="200">
          <Text as="p" tone="critical">
            {t('admin.handoff.refused', { error: shopify.error })}
          </Text>
          <HandoffRetryButton id={order.id} code={order.code} />
        </BlockStack>
      ) : null}
    </Box>
  );
}
