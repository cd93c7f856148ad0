import { Link } from '@remix-run/react';
import { ButtonLink } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import { Countdown } from './Countdown';
import { useLanguage, useT } from '~/components/i18n';

/** Back, the title Menu and 'View Group Order' (the host dashboard). */
export function GuestTopBar({
  orderId,
  code,
  title,
  backTo,
  backLabel,
  showDashboard = true,
  titleAs: Title = 'h1',
}: {
  orderId: number;
  code: string;
  title?: string;
  backTo?: string;
  backLabel?: string;
  showDashboard?: boolean;
  /** The page's own h1 may come later (Review): then the bar's title is plain text. */
  titleAs?: 'h1' | 'p';
}) {
  const t = useT();
  title ??= t('menu.title');
  backLabel ??= t('menu.back');
  return (
    <div className="guest-topbar">
      <Link to={backTo ?? sfPath(`/join/${code}`)} className="guest-topbar__back" aria-label={backLabel}>
        <span aria-hidden="true">←</span>
      </Link>
      <Title className="guest-topbar__title">{title}</Title>
      {showDashboard ? (
        <ButtonLink to={sfPath(`/host/dashboard/${orderId}`)} variant="secondary" className="btn--small">
          {t('menu.viewGroupOrder')}
        </ButtonLink>
      ) : null}
    </div>
  );
}

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
