import { Button } from '~/components/storefront/ui';
import { useT } from '~/components/i18n';

/**
 * 'My Usual Order' for a guest whose e-mail is known. On a browser that has not proven the address
 * (usualOrders.server.ts) it offers the e-mailed link instead of the saved items.
 */
export function UsualOrderBar({
  savedCount,
  loading,
  onLoad,
  proofNeeded = false,
  linkMessage = null,
  onRequestLink,
}: {
  savedCount: number;
  loading: boolean;
  onLoad: () => void;
  proofNeeded?: boolean;
  linkMessage?: string | null;
  onRequestLink?: () => void;
}) {
  const t = useT();
  return (
    <section
      className={`usual-bar ${proofNeeded && !linkMessage ? 'usual-bar--proof' : ''}`}
      aria-labelledby="usual-heading"
    >
      <span className="usual-bar__icon" aria-hidden="true">
        ★
      </span>
      <div className="usual-bar__text">
        <h2 id="usual-heading" className="usual-bar__title">
          {t('usual.title')}
        </h2>
        <p className="usual-bar__status" role={linkMessage ? 'status' : undefined}>
          {linkMessage
            ? linkMessage
            : proofNeeded
              ? t('usual.proof')
              : savedCount > 0
                ? t('usual.saved', { count: savedCount })
                : t('usual.none')}
        </p>
      </div>
      {proofNeeded && onRequestLink && !linkMessage ? (
        <Button
          variant="secondary"
          className="btn--small usual-bar__link"
          onClick={onRequestLink}
          disabled={loading}
        >
          {t('usual.emailLink')}
        </Button>
      ) : null}
      {!proofNeeded && savedCount > 0 ? (
        <Button variant="secondary" className="btn--small" onClick={onLoad} disabled={loading}>
          {t('usual.load')}
        </Button>
      ) : null}
    </section>
  );
}
