import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ConfirmedItems } from '~/components/storefront/guest/ConfirmedItems';
import { useConfirmedOrder, type ConfirmedData } from '~/components/storefront/guest/useConfirmedOrder';
import { ButtonLink, Card, EmptyState } from '~/components/storefront/ui';
import { thanksText } from '~/lib/guests';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { formatDateTime } from '~/lib/time';
import { closedReason, findGroupOrderByParam } from '~/models/groupOrder/groupOrder.server';
import { requireStorefront } from '~/storefront.server';
import { KitchenTimeline } from '~/components/storefront/KitchenTimeline';
import { PageLoading } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

// The page itself is public (its URL carries the guest's name); the guest's items and note are read by
// the browser with its guest token, so only the browser (or e-mail) that ordered them sees and edits them.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) return data({ found: false as const }, { status: 404 });
  return {
    found: true as const,
    orderId: order.id,
    currency: order.currency,
    hostName: order.hostName,
    orderType: order.orderType,
    timeZone: order.timeZone,
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    payment: paymentLabel(order.paymentMethod),
    open: closedReason(order) === null,
    guest,
    initials: (url.searchParams.get('initials') ?? '').slice(0, 3),
    email: url.searchParams.get('email') ?? '',
  };
});

export default function ConfirmedPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">Order confirmation</h1>
        <EmptyState title="Group order not found">Please check the code and try again.</EmptyState>
      </main>
    );
  }
  return <Confirmed {...loaded} />;
}

function Confirmed(loaded: ConfirmedData) {
  const { orderId, pickup, hostName, orderType, open, timeZone, payment } = loaded;
  const page = useConfirmedOrder(loaded);

  return (
    <main className="shell-main shell-main--narrow guest guest-confirmed">
      <PageLoading />
      <header className="confirmed-hero">
        <span className="confirmed-hero__tick" aria-hidden="true">
          ✓
        </span>
        <h1 className="confirmed-hero__title">Order Confirmed!</h1>
        <p className="muted">{thanksText(page.name)} Your items are in the group order.</p>
      </header>

      {/* Renders once the host has submitted; until then it only checks every 15 s while visible. */}
      <KitchenTimeline orderId={orderId} orderType={orderType} timeZone={timeZone} />

      <ConfirmedItems page={page} payment={payment} />

      <Card className="whats-next">
        <h2>What&apos;s Next?</h2>
        <ol className="whats-next__list">
          <li>{hostName} submits the group order once everyone has added their items.</li>
          <li>
            {page.own && !page.own.guest.hasEmail
              ? 'This page shows when the order is ready (you gave no e-mail address, so we cannot e-mail you).'
              : 'You will be notified when the order is ready.'}
          </li>
          <li>
            {orderType === 'delivery' ? 'Delivery' : 'Pickup'} is at {pickup}.
          </li>
        </ol>
      </Card>

      <div className="review-actions">
        <ButtonLink to={sfPath(`/host/dashboard/${orderId}`)} className="btn--block">
          View Group Status
        </ButtonLink>
        <ButtonLink to={sfPath('/host/create')} variant="secondary" className="btn--block">
          Start New Order
        </ButtonLink>
        {open ? (
          <ButtonLink to={page.menuUrl} variant="ghost" className="btn--block">
            Add more items
          </ButtonLink>
        ) : null}
      </div>
    </main>
  );
}
