import { formatDateTime } from '~/lib/time';
import { Countdown } from './Countdown';
import { useLanguage, useT } from '~/components/i18n';

type HeroOrder = {
  name: string | null;
  pickupAt: string;
  deadlineAt: string;
  timeZone: string;
  orderType: string;
  status?: string;
};

/** The order's title (orderTitle), pickup time and the live deadline countdown. */
export function OrderHero({
  order,
  title,
  now,
  guest,
}: {
  order: HeroOrder;
  /** orderTitle(order), from the loader. */
  title: string;
  now: Date;
  guest?: string;
}) {
  const pickup = new Date(order.pickupAt);
  const deadline = new Date(order.deadlineAt);
  const t = useT();
  const { intlLocale } = useLanguage();
  return (
    <section className="order-hero" aria-label={t('shell.navLabel')}>
      <div className="order-hero__main">
        <p className="order-hero__name">{title}</p>
        {guest ? <p className="order-hero__guest">{t('menu.orderingAs', { guest })}</p> : null}
      </div>
      <dl className="order-hero__facts">
        <div>
          <dt>{order.orderType === 'delivery' ? t('join.delivery') : t('join.pickup')}</dt>
          <dd>{formatDateTime(pickup, order.timeZone, intlLocale)}</dd>
        </div>
        <div>
          <dt>{t('join.orderBy')}</dt>
          <dd>
            {formatDateTime(deadline, order.timeZone, intlLocale)} ·{' '}
            <Countdown deadlineAt={order.deadlineAt} now={now} status={order.status} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
