import { useT } from '~/components/i18n';
/**
 * "Ordering is closed." with why, on the menu and review. When the host submitted while the page was
 * open, it says so, and that the cart on this page (never confirmed) is not in the order (issue 27).
 */
export function ClosedNotice({
  message,
  submitted,
  hostName,
  unconfirmed,
  hasConfirmed,
}: {
  message: string | null;
  submitted: boolean;
  hostName: string;
  /** Items in this browser's draft cart, never confirmed. */
  unconfirmed: number;
  /** The guest has confirmed items in the order. */
  hasConfirmed: boolean;
}) {
  const t = useT();
  if (!message) return null;
  return (
    <div className="notice notice--critical guest-closed" role="alert" data-testid="closed-notice">
      <p>
        <strong>{t('closed.title')}</strong> {message}
      </p>
      {submitted && (unconfirmed > 0 || hasConfirmed) ? (
        <p>
          {t('closed.submitted', { host: hostName })}
          {unconfirmed > 0 ? ` ${t('closed.unconfirmed', { count: unconfirmed })}` : ''}
          {hasConfirmed ? ` ${t('closed.confirmedIn')}` : ''}
        </p>
      ) : null}
    </div>
  );
}
