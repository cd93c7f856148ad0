import { BlockStack, Box, Button, Card, Divider, InlineStack, List, Text } from '@shopify/polaris';
import { KitchenBadge } from '~/components/admin/orders/KitchenBadge';
import { useRetryFetcher } from '~/components/admin/orders/useRetryFetcher';
import type { BoardOrder } from '~/models/kitchen/prepBoard.server';

/** The order's next kitchen step, posted with the step so a stale board cannot skip one. */
function NextStepButton({ order }: { order: BoardOrder }) {
  const fetcher = useRetryFetcher();
  if (!order.next || !order.nextLabel) return null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="next-step" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="to" value={order.next} />
      <Button
        submit
        variant="primary"
        loading={fetcher.state !== 'idle'}
        accessibilityLabel={`Mark ${order.code} ${order.nextLabel}`}
      >
        {`Mark ${order.nextLabel}`}
      </Button>
    </fetcher.Form>
  );
}

/** One order on the board: when and for whom, its step, what to make, each guest's lines, and the prints. */
export function PrepOrderCard({ order }: { order: BoardOrder }) {
  const finished = order.state === 'collected' || order.state === 'cancelled';
  return (
    <section aria-label={`Order ${order.code}`}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <BlockStack gap="050">
              <Text as="h2" variant="headingMd">
                {`${order.pickupTime} · ${order.title} · ${order.code}`}
              </Text>
              <Text as="p" tone="subdued">
                {order.orderType === 'delivery' ? 'Delivery' : 'Pickup'} {order.pickupLabel} ·{' '}
                {order.hostName} ({order.companyName}) · {order.itemCount}{' '}
                {order.itemCount === 1 ? 'item' : 'items'}
              </Text>
            </BlockStack>
            <InlineStack gap="200" blockAlign="center">
              <KitchenBadge state={order.state} label={order.stateLabel} />
              <NextStepButton order={order} />
            </InlineStack>
          </InlineStack>
          {order.cancelReason && order.state === 'cancelled' ? (
            <Text as="p" tone="critical">
              Cancelled: {order.cancelReason}
            </Text>
          ) : null}
          {order.deliveryAddress ? <Text as="p">Deliver to: {order.deliveryAddress}</Text> : null}
          {order.instructions ? <Text as="p">Instructions: {order.instructions}</Text> : null}
          {finished ? null : (
            <>
              <Box>
                <Text as="h3" variant="headingSm">
                  To make
                </Text>
                <List type="bullet">
                  {order.lines.map((line) => (
                    <List.Item key={line.key}>
                      <Text as="span" fontWeight="semibold">{`${line.quantity} × ${line.title}`}</Text>
                    </List.Item>
                  ))}
                </List>
              </Box>
              <Divider />
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  By guest
                </Text>
                {order.guests.map((guest) => (
                  <Box key={`${guest.name}-${guest.initials}`}>
                    <Text as="p" fontWeight="semibold">
                      {guest.name} ({guest.initials})
                    </Text>
                    <List type="bullet">
                      {guest.lines.map((line) => (
                        <List.Item key={line.id}>{`${line.quantity} × ${line.title}`}</List.Item>
                      ))}
                    </List>
                    {guest.note ? <Text as="p">Note: {guest.note}</Text> : null}
                  </Box>
                ))}
              </BlockStack>
              <InlineStack gap="200">
                <Button url={`/app/kitchen/labels/${order.id}`}>Print labels</Button>
                <Button url={`/app/kitchen/sheet/${order.id}`}>Print order sheet</Button>
              </InlineStack>
            </>
          )}
        </BlockStack>
      </Card>
    </section>
  );
}
