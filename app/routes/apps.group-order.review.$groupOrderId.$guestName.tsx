import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GuestTopBar } from '~/components/storefront/guest/OrderHero';
import { OrderNotFound, PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import {
  ReviewCart,
  ReviewDetails,
  ReviewProblem,
  type ReviewData,
} from '~/components/storefront/guest/ReviewCart';
import { useNow } from '~/components/storefront/guest/Countdown';
import { useConfirmCart } from '~/components/storefront/guest/useConfirmCart';
import { useDraftCart } from '~/components/storefront/guest/useDraftCart';
import { useNoteDraft } from '~/components/storefront/guest/useNoteDraft';
import { Button, ButtonLink, Card, PageHeader, TextArea } from '~/components/storefront/ui';
import { menuTitle } from '~/lib/groupOrder';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import {
  closedMessage,
  closedText,
  findGroupOrderByParam,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { getMenu } from '~/models/menu/menu.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { clientKey } from '~/lib/credentials.server';
import { countMiss } from '~/models/limits/hostRateLimits.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) {
    // Counted like every other look-up, so guessing ids through this page is just as slow.
    await countMiss(clientKey(shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  const menu = await getMenu(shop);
  return {
    found: true as const,
    order: serializeGroupOrder(order),
    title: menuTitle(order),
    closedMessage: closedMessage(order),
    expiredMessage: closedText(order, 'expired'),
    menu,
    guest,
    initials: (url.searchParams.get('initials') ?? '').trim().toUpperCase().slice(0, 3),
    email: (url.searchParams.get('email') ?? '').trim(),
    now: new Date().toISOString(),
  };
});

export default function ReviewPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) return <OrderNotFound heading="Review Your Order" narrow />;
  return <Review {...loaded} />;
}

function Review({
  order,
  title,
  closedMessage,
  expiredMessage,
  menu,
  guest,
  initials,
  email,
  now: serverNow,
}: ReviewData) {
  const now = useNow(serverNow);
  const draft = useDraftCart(order.id, guest, menu);
  const { cart, ready, removed } = draft;
  const [instructions, setInstructions] = useNoteDraft(order.id, guest);
  const { confirm, pending, problem, nameTaken, closedByServer } = useConfirmCart({
    orderId: order.id,
    guest,
    initials,
    email,
    closedMessage,
    draft,
    instructions,
  });
  // The page may stay open past the deadline: Confirm closes with the clock, and says why.
  const expiredNow = new Date(order.deadlineAt).getTime() <= now.getTime();
  const closed = closedByServer || expiredNow;
  const shown = problem ?? (expiredNow ? expiredMessage : null);
  const money = (cents: number) => formatMoney(cents, order.currency, 'en-AU');
  const menuUrl = sfPath(`/order/${order.id}`, { guest, initials, email });

  return (
    <main className="shell-main shell-main--narrow guest guest-review">
      <PageLoading />
      <GuestTopBar
        orderId={order.id}
        code={order.code}
        title={title}
        titleAs="p"
        backTo={menuUrl}
        backLabel="Back to menu"
        showDashboard={false}
      />
      <PageHeader title="Review Your Order">
        <p className="muted page-header__sub">Double-check your items before confirming</p>
      </PageHeader>

      <RemovedNotice names={removed} />
      <ReviewProblem message={shown} nameTaken={nameTaken} code={order.code} email={email} />

      <ReviewCart cart={cart} ready={ready} menu={menu} menuUrl={menuUrl} money={money} />

      <Card>
        <TextArea
          label="Special Instructions (Optional)"
          placeholder="No onions, extra sauce, etc..."
          value={instructions}
          maxLength={500}
          onChange={(event) => setInstructions(event.target.value)}
        />
      </Card>

      <ReviewDetails order={order} title={title} now={now} />

      <div className="review-actions">
        <Button
          className="btn--block"
          onClick={confirm}
          disabled={!ready || cart.lines.length === 0 || pending || closed}
        >
          {pending ? 'Confirming...' : 'Confirm My Order'}
        </Button>
        <ButtonLink to={menuUrl} variant="secondary" className="btn--block">
          Back to Menu
        </ButtonLink>
      </div>
    </main>
  );
}
