import { Banner, BlockStack, Text } from '@shopify/polaris';
import type { orderBudgetStatus } from '~/models/limits/orderBudget.server';

type Status = Awaited<ReturnType<typeof orderBudgetStatus>>;

/**
 * Tells the merchant when visitors who are not logged in are near (or reached) the hourly ceiling of new
 * group orders (docs/decisions/2026-11-26-shop-order-budget.md): past it, such visitors are refused for
 * the rest of the hour, while logged-in customers can still start orders.
 */
export function OrderBudgetBanner({ status }: { status: Status }) {
  const reached = status.refusedToday > 0;
  return (
    <Banner
      tone={reached ? 'critical' : 'warning'}
      title={
        reached
          ? 'Some visitors could not start a group order today'
          : 'New group orders are near this hour’s ceiling'
      }
    >
      <BlockStack gap="200">
        <Text as="p">
          In the current hour, visitors who are not logged in have started {status.started} of the{' '}
          {status.ceiling} group orders they may start together.
          {reached
            ? ` In the last 24 hours, ${status.refusedToday} more ${status.refusedToday === 1 ? 'was' : 'were'} refused.`
            : ''}
        </Text>
        <Text as="p">
          Customers logged in to your store can still start orders. If you do not expect this many, someone
          may be creating orders to block others: ask your regular hosts to log in before they start an order.
          The ceiling grows with the orders your shop really submits.
        </Text>
      </BlockStack>
    </Banner>
  );
}
