import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useFetcher, useLoaderData, useRevalidator } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  EmptyState,
  InlineStack,
  Layout,
  List,
  Page,
  Text,
} from '@shopify/polaris';
import { useEffect } from 'react';
import { KitchenNextStepSchema } from '~/lib/schemas/adminOrders';
import { KitchenBadge } from '~/components/admin/orders/KitchenBadge';
import { actorOf, answerStep, readAdminForm } from '~/lib/adminForm.server';
import { kitchenLabel, moveKitchenState } from '~/models/kitchen/kitchen.server';
import { getPrepBoard, type BoardOrder } from '~/models/kitchen/prepBoard.server';
import { authenticate } from '~/shopify.server';
import { withHttpErrors } from '~/lib/http.server';

// The kitchen's prep board: today's and upcoming submitted orders by pickup time, what to make (merged
// counts), who it is for, a one-click next step, and printable labels and order sheets.

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  return getPrepBoard(session.shop);
});

/** One click moves an order to its next step (the step is sent, so a stale board cannot skip one). */
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const input = await readAdminForm(
    request,
    KitchenNextStepSchema,
    (issues) => issues[0]?.message ?? 'Unknown action.',
  );
  if (input instanceof Response) return input;
  return answerStep(async () => {
    const order = await moveKitchenState(session.shop, input.id, {
      to: input.to,
      actor: actorOf(sessionToken),
    });
    return `${order.code} is now ${kitchenLabel(input.to, order.orderType)}`;
  });
});

function NextStepButton({ order }: { order: BoardOrder }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) {
      shopify.toast.show(fetcher.data.message, { isError: !fetcher.data.ok });
    }
  }, [fetcher.state, fetcher.data]);
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

function OrderCard({ order }: { order: BoardOrder }) {
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

export default function PrepBoard() {
  const board = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // New orders arrive while the kitchen works: look again every 30 s while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, 30_000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <Page title="Prep board" subtitle={`Today (${board.today}) and upcoming, by pickup time`}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {board.orders.length === 0 ? (
              <Card>
                <EmptyState heading="Nothing to prepare yet" image="">
                  <p>Submitted group orders for today and later appear here by pickup time.</p>
                </EmptyState>
              </Card>
            ) : null}
            {board.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
            {board.orders.length ? (
              <InlineStack>
                <Badge>{`${board.orders.length} ${board.orders.length === 1 ? 'order' : 'orders'}`}</Badge>
              </InlineStack>
            ) : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
