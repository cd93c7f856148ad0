import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useNow, Countdown } from '~/components/storefront/guest/Countdown';
import { GuestTopBar } from '~/components/storefront/guest/OrderHero';
import { menuTitle } from '~/lib/groupOrder';
import { modifierText } from '~/components/storefront/guest/OrderCard';
import { useConfirmCart } from '~/components/storefront/guest/useConfirmCart';
import { useDraftCart } from '~/components/storefront/guest/useDraftCart';
import { useNoteDraft } from '~/components/storefront/guest/useNoteDraft';
import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  Spinner,
  TextArea,
} from '~/components/storefront/ui';
import { cartTotalCents, itemCount } from '~/lib/cart';
import { itemsInOrderText } from '~/lib/guests';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import {
  closedMessage,
  closedText,
  findGroupOrderByParam,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { getMenu } from '~/models/menu/menu.server';
import { requireStorefront } from '~/storefront.server';
import { PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) return data({ found: false as const }, { status: 404 });
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

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

export default function ReviewPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">Review Your Order</h1>
        <EmptyState title="Group order not found">Please check the code and try again.</EmptyState>
      </main>
    );
  }
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
}: Loaded) {
  const now = useNow(serverNow);
  const draft = useDraftCart(order.id, guest, menu);
  const { cart, ready, removed } = draft;
  const descriptions = new Map(menu.items.map((item) => [item.id, item.description]));
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
  const count = itemCount(cart);

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
      {shown ? (
        <p className="notice notice--critical" role="alert" data-testid="review-problem">
          {shown}
          {nameTaken ? (
            <>
              {' '}
              <Link to={sfPath(`/join/${order.code}`, { email })}>Choose another name</Link>
            </>
          ) : null}
        </p>
      ) : null}

      <Card className="review-items">
        {!ready ? (
          <Spinner label="Loading your order" />
        ) : cart.lines.length === 0 ? (
          <EmptyState
            title="Your order is empty"
            actions={<ButtonLink to={menuUrl}>Back to Menu</ButtonLink>}
          >
            Add something from the menu first.
          </EmptyState>
        ) : (
          <>
            <ul className="review-lines">
              {cart.lines.map((line) => (
                <li key={line.key} className="review-line">
                  <span className="review-line__qty">{line.quantity}x</span>
                  <div className="review-line__main">
                    <p className="review-line__name">{line.name}</p>
                    {descriptions.get(line.menuItemId) ? (
                      <p className="review-line__desc">{descriptions.get(line.menuItemId)}</p>
                    ) : null}
                    {line.modifiers.length ? (
                      <p className="review-line__mods">{modifierText(line.modifiers)}</p>
                    ) : null}
                  </div>
                  <span className="review-line__price">{money(line.unitPriceCents * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <div className="review-total">
              <span className="muted">{itemsInOrderText(count)}</span>
              <strong>{money(cartTotalCents(cart))}</strong>
            </div>
          </>
        )}
      </Card>

      <Card>
        <TextArea
          label="Special Instructions (Optional)"
          placeholder="No onions, extra sauce, etc..."
          value={instructions}
          maxLength={500}
          onChange={(event) => setInstructions(event.target.value)}
        />
      </Card>

      <Card className="review-details">
        <dl className="facts">
          <div>
            <dt>Group</dt>
            <dd>{title}</dd>
          </div>
          <div>
            <dt>{order.orderType === 'delivery' ? 'Delivery time' : 'Pickup time'}</dt>
            <dd>{formatDateTime(new Date(order.pickupAt), order.timeZone)}</dd>
          </div>
          <div>
            <dt>Order deadline</dt>
            <dd>
              {formatDateTime(new Date(order.deadlineAt), order.timeZone)} ·{' '}
              <Countdown deadlineAt={order.deadlineAt} now={now} status={order.status} />
            </dd>
          </div>
        </dl>
      </Card>

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
