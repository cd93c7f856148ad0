import { Badge, Button, ButtonLink, Card, EmptyState, Skeleton } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import type { MyOrderCard as Order } from '~/models/groupOrder/myOrders.server';
import { useShareLink } from './useShareLink';
import { useT } from '~/components/i18n';

// The My Orders page's list: a card per order the customer hosts or ordered in (to open or share it), skeletons
// while the list streams in, and a way to start the first one.

export function MyOrderList({ orders }: { orders: Order[] }) {
  const t = useT();
  if (orders.length === 0) {
    return (
      <EmptyState
        title={t('host.guests.none')}
        actions={<ButtonLink to={sfPath('/host/create')}>{t('host.my.createFirst')}</ButtonLink>}
      >
        {t('host.my.noneBody')}
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
  const t = useT();
  return (
    <ul className="host-order-grid" aria-label={t('host.my.loading')}>
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
  const t = useT();
  return (
    <Card as="article" className="host-result">
      <div className="row row--between host-result__head">
        <h2>{order.title}</h2>
        {order.status === 'active' ? (
          <Badge tone="success">{t('host.dash.accepting')}</Badge>
        ) : (
          <Badge tone="info">{t('host.dash.submitted')}</Badge>
        )}
      </div>
      <p className="muted small" data-testid="my-order-role">
        {order.role === 'host' ? t('host.my.youHost') : t('host.my.youOrdered')}
      </p>
      <dl className="host-dl">
        <dt>{t('host.my.code')}</dt>
        <dd className="host-dl__code">{order.code}</dd>
        <dt>{t(order.orderType === 'delivery' ? 'host.create.delivery' : 'host.create.pickup')}</dt>
        <dd>{order.pickup}</dd>
        <dt>{t('host.stats.deadline')}</dt>
        <dd>{order.deadline}</dd>
        <dt>{t('host.my.total')}</dt>
        <dd>
          <strong>{order.total}</strong>
        </dd>
      </dl>
      <div className="host-result__actions">
        <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)}>{t('host.my.view')}</ButtonLink>
        <Button variant="secondary" onClick={share.share}>
          {share.copied ? t('host.share.copied') : t('host.share.share')}
        </Button>
      </div>
      {share.popup}
    </Card>
  );
}
