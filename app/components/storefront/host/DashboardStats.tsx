import { useT } from '~/components/i18n';
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
  const t = useT();
  return (
    <section className="host-stats" aria-label={t('host.stats.label')}>
      <div className="host-stat host-stat--wide">
        <span className="host-stat__label">{t('host.stats.deadline')}</span>
        <span className="host-stat__value">{order.deadlineText}</span>
        <span
          className={`host-stat__extra ${order.status === 'submitted' ? 'is-closed' : expired ? 'is-expired' : ''}`}
          data-testid="time-left"
        >
          {order.status === 'submitted' ? t('host.stats.closed') : timeLeft}
        </span>
      </div>
      <div className="host-stat host-stat--wide">
        <span className="host-stat__label">
          {t(order.orderType === 'delivery' ? 'host.create.delivery' : 'host.create.pickup')}
        </span>
        <span className="host-stat__value">{order.pickupText}</span>
        {order.orderType === 'delivery' && order.deliveryAddress ? (
          <span className="host-stat__address">{order.deliveryAddress}</span>
        ) : null}
        <span className="host-stat__extra">{order.paymentText}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">{t('host.stats.participants')}</span>
        <span className="host-stat__value" data-testid="participants">
          {guests.length}
        </span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">{t('host.stats.items')}</span>
        <span className="host-stat__value">{loaded.lineCount}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">{t('host.stats.totalItems')}</span>
        <span className="host-stat__value">{order.totalItems}</span>
      </div>
      <div className="host-stat">
        <span className="host-stat__label">{t('host.stats.groupTotal')}</span>
        <span className="host-stat__value">{order.totalText}</span>
      </div>
    </section>
  );
}
