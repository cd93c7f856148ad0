import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRevalidator } from '@remix-run/react';
import { Card, EmptyState, Page } from '@shopify/polaris';
import { useEffect } from 'react';
import { useT } from '~/components/i18n';
import { KitchenNextStepSchema } from '~/lib/schemas/adminOrders';
import { PrepColumns } from '~/components/admin/kitchen/PrepColumns';
import { actorOf, answerStep, readAdminForm } from '~/lib/adminForm.server';
import { moveKitchenState } from '~/models/kitchen/kitchen.server';
import { getPrepBoard } from '~/models/kitchen/prepBoard.server';
import { movedSaid } from '~/models/groupOrder/adminActions.server';
import { pageLanguage } from '~/i18n.server';
import { adminSay, issueSaid } from '~/lib/sentences.server';
import { adminTitle } from '~/components/admin/adminLocale';
import { printLink } from '~/models/kitchen/printLinks.server';
import { authenticate } from '~/shopify.server';
import { withHttpErrors } from '~/lib/http.server';

// The kitchen's prep board: today's and upcoming submitted orders in columns by kitchen state, by pickup
// time, what to make (merged counts), who it is for, the next step as one big button, and printable labels
// and order sheets that open in a new tab through links signed for this shop and order.

export { adminHeaders as headers } from '~/shopify.server';

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  // The merchant's screen, in the admin's language (the `locale` the app's own requests carry).
  const board = await getPrepBoard(session.shop, await pageLanguage(request, session.shop));
  return {
    ...board,
    orders: board.orders.map((order) => ({
      ...order,
      printLinks: {
        labels: printLink('labels', session.shop, order.id),
        sheet: printLink('sheet', session.shop, order.id),
      },
    })),
  };
});

/** One click moves an order to its next step (the step is sent, so a stale board cannot skip one). */
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { session, sessionToken } = await authenticate.admin(request);
  const say = adminSay(await pageLanguage(request, session.shop));
  const input = await readAdminForm(
    request,
    KitchenNextStepSchema,
    (issues) => (issues[0] ? issueSaid(issues[0]) : 'Unknown action.'),
    say,
  );
  if (input instanceof Response) return input;
  return answerStep(async () => {
    const order = await moveKitchenState(session.shop, input.id, {
      to: input.to,
      actor: actorOf(sessionToken),
    });
    return movedSaid(order, input.to);
  }, say);
});

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle(matches, 'prepBoard') }];

export default function PrepBoard() {
  const board = useLoaderData<typeof loader>();
  const t = useT();
  const revalidator = useRevalidator();
  // New orders arrive while the kitchen works: look again every 30 s while the page is visible.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, 30_000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <Page
      fullWidth
      title={t('admin.prep.title')}
      subtitle={t('admin.prep.subtitle', { today: board.today, count: board.orders.length })}
    >
      {board.orders.length === 0 ? (
        <Card>
          <EmptyState heading={t('admin.prep.emptyHeading')} image="">
            <p>{t('admin.prep.emptyText')}</p>
          </EmptyState>
        </Card>
      ) : (
        <PrepColumns orders={board.orders} />
      )}
    </Page>
  );
}
