import { Banner, BlockStack, Text } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import type { orderBudgetStatus } from '~/models/limits/orderBudget.server';

type Status = Awaited<ReturnType<typeof orderBudgetStatus>>;

/**
 * Tells the merchant when visitors who are not logged in are near (or reached) the hourly ceiling of new
 * group orders (docs/decisions/2026-11-26-shop-order-budget.md): past it, such visitors are refused for
 * the rest of the hour, while logged-in customers can still start orders.
 */
export function OrderBudgetBanner({ status }: { status: Status }) {
  const t = useT();
  const reached = status.refusedToday > 0;
  return (
    <Banner
      tone={reached ? 'critical' : 'warning'}
      title={reached ? t('admin.budget.reachedTitle') : t('admin.budget.nearTitle')}
    >
      <BlockStack gap="200">
        <Text as="p">
          {t('admin.budget.started', { started: status.started, ceiling: status.ceiling })}
          {reached ? t('admin.budget.refused', { count: status.refusedToday }) : ''}
        </Text>
        <Text as="p">{t('admin.budget.advice')}</Text>
      </BlockStack>
    </Banner>
  );
}
