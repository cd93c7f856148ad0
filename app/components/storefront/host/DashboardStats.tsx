import type { DashboardData } from './useHostDashboard';

/** Deadline, pickup, participants, items and the group total at a glance. */
export function DashboardStats({
  loaded,
  expired,
  timeLeft,
}: {
  loaded: DashboardData;
  expired: boolean;
  timeLeft: string;
}) {
  const { order, guests } = loaded;
  return (
    <section className="host-stats" aria-label="Order at a glance">
      <div className="host-stat host-stat--wide">
        <span className="host-stat__label">Order deadline</span>
        <span className="host-stat__value">{order.deadlineText}</span>
        <span
          className={`host-stat__extra ${order.status === 'submitted' ? 'is-closed' : expired ? 'is-expired' : ''}`}
          data-testid="time-left"
        >
          {order.status === 'submitted' ? 'Ordering closed' : timeLeft}
        </span>
      </div>
      <div className="host-stat host-stat--wide">
        <span className="host-stat__label">{order.orderType === 'delivery' ? 'Delivery' : 'Pickup'}</span>
        <span className="host-stat__value">{order.pickupText}</span>
        {order.orderType === 'delivery' && order.deliveryAddress ? (
          <span className="host-stat__address">{order.deliveryAddress}</span>
        ) : null}
        <span className="host-stat__extra">{order.paymentText}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">Participants</span>
        <span className="host-stat__value" data-testid="participants">
          {guests.length}
        </span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">Items</span>
        <span className="host-stat__value">{loaded.lineCount}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">Total items</span>
        <span className="host-stat__value">{order.totalItems}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">Group total</span>
        <span className="host-stat__value">{order.totalText}</span>
      </div>
    </section>
  );
}
