import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Await, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import { Avatar } from '~/components/storefront/host/Avatar';
import { useShareLink } from '~/components/storefront/host/useShareLink';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  Skeleton,
} from '~/components/storefront/ui';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { ordersForCustomer } from '~/models/groupOrder/hosting.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { orderTitle } from '~/lib/groupOrder';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = () => [{ title: 'My Orders · Group Order' }];

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (!storefront.customerId) return { loggedIn: false as const };
  const customerId = storefront.customerId;
  // The orders stream in after the page shell (skeletons meanwhile); the profile comes from Shopify.
  const links = linkBase(storefront);
  const orders = Promise.all([ordersForCustomer(storefront.shop, customerId), links]).then(([list, base]) =>
    list.map((order) => ({
      id: order.id,
      code: order.code,
      title: orderTitle(order),
      status: order.status,
      pickup: formatDateTime(order.pickupAt, order.timeZone),
      deadline: formatDateTime(order.deadlineAt, order.timeZone),
      total: formatMoney(order.totalCents, order.currency),
      shareUrl: `${base}/join/${order.code}`,
    })),
  );
  const profile = await getCustomerProfile(storefront);
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return {
    loggedIn: true as const,
    customer: { name: name || null, email: profile?.email ?? null, imageUrl: profile?.imageUrl ?? null },
    orders,
  };
});

type OrderCard = {
  id: number;
  code: string;
  title: string;
  status: string;
  pickup: string;
  deadline: string;
  total: string;
  shareUrl: string;
};

export default function MyOrders() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.loggedIn) {
    return (
      <main className="shell-main shell-main--narrow">
        <EmptyState
          headingLevel="h1"
          title="Log in to view your orders"
          actions={
            <>
              <a
                className="btn btn--primary"
                href={sfPath('/api/login', { return_to: sfPath('/my-orders') })}
              >
                Log in
              </a>
              <ButtonLink to={sfPath('/find-order')} variant="secondary">
                Find an order instead
              </ButtonLink>
            </>
          }
        >
          Orders you create while logged in to your store account appear here, on any device.
        </EmptyState>
      </main>
    );
  }
  const { customer } = loaded;
  const shown = customer.name ?? customer.email ?? 'Your account';
  return (
    <main className="shell-main host-my-orders">
      <PageHeader eyebrow="MY ORDERS" title="Your group orders" />
      <Card className="host-profile">
        <Avatar name={shown} imageUrl={customer.imageUrl} />
        <div className="host-profile__text">
          <strong data-testid="customer-name">{shown}</strong>
          {customer.name && customer.email ? <span className="muted small">{customer.email}</span> : null}
        </div>
        <div className="host-profile__actions">
          <ButtonLink to={sfPath('/host/create')}>Create New Order</ButtonLink>
          <a className="btn btn--ghost" href={sfPath('/api/logout')}>
            Log Out
          </a>
        </div>
      </Card>
      <Suspense fallback={<OrdersSkeleton />}>
        <Await
          resolve={loaded.orders}
          errorElement={
            <p className="notice notice--critical">We could not load your orders. Please reload the page.</p>
          }
        >
          {(orders) =>
            orders.length === 0 ? (
              <EmptyState
                title="No orders yet"
                actions={<ButtonLink to={sfPath('/host/create')}>Create Your First Order</ButtonLink>}
              >
                Start a group order and it will be listed here.
              </EmptyState>
            ) : (
              <ul className="host-order-grid">
                {orders.map((order) => (
                  <li key={order.id}>
                    <MyOrderCard order={order} />
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </main>
  );
}

function OrdersSkeleton() {
  return (
    <ul className="host-order-grid" aria-label="Loading your orders">
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Card>
            <Skeleton lines={4} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

function MyOrderCard({ order }: { order: OrderCard }) {
  const share = useShareLink(order.shareUrl, order.title);
  return (
    <Card as="article" className="host-result">
      <div className="row row--between host-result__head">
        <h2>{order.title}</h2>
        {order.status === 'active' ? (
          <Badge tone="success">Accepting Orders</Badge>
        ) : (
          <Badge tone="info">Submitted</Badge>
        )}
      </div>
      <dl className="host-dl">
        <dt>Code</dt>
        <dd className="host-dl__code">{order.code}</dd>
        <dt>Pickup</dt>
        <dd>{order.pickup}</dd>
        <dt>Order deadline</dt>
        <dd>{order.deadline}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{order.total}</strong>
        </dd>
      </dl>
      <div className="host-result__actions">
        <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)}>View Details</ButtonLink>
        <Button variant="secondary" onClick={share.share}>
          {share.copied ? 'Copied!' : 'Share Link'}
        </Button>
      </div>
      {share.popup}
    </Card>
  );
}
