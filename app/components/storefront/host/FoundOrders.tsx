import { Badge, ButtonLink, Card } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import type { FoundOrder } from '~/models/groupOrder/findOrder.server';

/** The orders a host runs, a card each: its state, pickup, deadline and code, to join or to manage. */
export function FoundOrders({ orders }: { orders: FoundOrder[] }) {
  return (
    <ul className="host-results">
      {orders.map((order) => (
        <li key={order.id}>
          <Card as="article" className="host-result">
            <div className="row row--between">
              <h2>{order.title}</h2>
              {order.active ? (
                <Badge tone="success">Accepting Orders</Badge>
              ) : (
                <Badge tone="info">Submitted</Badge>
              )}
            </div>
            <dl className="host-dl">
              <dt>{order.timeLabel}</dt>
              <dd>{order.pickup}</dd>
              <dt>Deadline</dt>
              <dd>{order.deadline}</dd>
              <dt>Code</dt>
              <dd>{order.code}</dd>
            </dl>
            <div className="host-result__actions">
              <ButtonLink to={sfPath(`/join/${order.code}`)}>Join Order</ButtonLink>
              <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)} variant="secondary">
                View Dashboard
              </ButtonLink>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
