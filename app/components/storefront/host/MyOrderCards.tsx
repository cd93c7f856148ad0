import { Badge, Button, ButtonLink, Card, EmptyState, Skeleton } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import type { MyOrderCard as Order } from '~/models/groupOrder/myOrders.server';
import { useShareLink } from './useShareLink';

// The My Orders page's list: a card per order the customer hosts or ordered in (to open or share it), skeletons
// while the list streams in, and a way to start the first one.

export function MyOrderList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) {
    return (
      <EmptyState
        title="No orders yet"
        actions={<ButtonLink to={sfPath('/host/create')}>Create Your First Order</ButtonLink>}
      >
        Start a group order and it will be listed here.
      </EmptyState>
    );
  }
  return (
    <ul className="host-order-grid">
      {orders.map((order) => (
        <li key={order.id}>
          <MyOrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}

export function OrdersSkeleton() {
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

function MyOrderCard({ order }: { order: Order }) {
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
      <p className="muted small" data-testid="my-order-role">
        {order.role === 'host' ? 'You host this order' : 'You ordered in this group'}
      </p>
      <dl className="host-dl">
        <dt>Code</dt>
        <dd className="host-dl__code">{order.code}</dd>
        <dt>{order.timeLabel}</dt>
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
