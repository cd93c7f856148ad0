import { Link } from '@remix-run/react';
import { ButtonLink } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { useT } from '~/components/i18n';

// The bar over a guest's menu and review: a module apart from the menu's order hero, which review does not show.

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
