import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { Badge, BlockStack, Card, EmptyState, InlineStack, Layout, Page } from '@shopify/polaris';
import { useEffect } from 'react';
import { KitchenNextStepSchema } from '~/lib/schemas/adminOrders';
import { PrepOrderCard } from '~/components/admin/kitchen/PrepOrderCard';
import { actorOf, answerStep, readAdminForm } from '~/lib/adminForm.server';
import { kitchenLabel, moveKitchenState } from '~/models/kitchen/kitchen.server';
import { getPrepBoard } from '~/models/kitchen/prepBoard.server';
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
              <PrepOrderCard key={order.id} order={order} />
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
