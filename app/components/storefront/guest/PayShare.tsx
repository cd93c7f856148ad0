import { formatList } from '~/lib/language';
import { useMoney, useT, useWords } from '~/components/i18n';
import { ButtonLink, Card } from '~/components/storefront/ui';
import type { OwnShare } from './useOwnOrder';

// The guest's own share on their confirmed page (issue 25). Only that page shows it, and only once the
// browser has read the guest's items, so it loads then (React.lazy), apart from the money rule that join,
// the menu and review render in their HTML.

/**
 * The guest's own share on their confirmed page (issue 25): "Pay my share · $X" to their checkout while it
 * is unpaid, "paid" once Shopify said so. The link is the guest's own (signed for their share).
 */
export function PayShare({ share, currency }: { share: OwnShare; currency: string }) {
  const t = useT();
  const money = useMoney(currency);
  const words = useWords();
  const paid = share.status === 'paid';
  const list = (items: string[]) => formatList(words.intlLocale, items);
  if (['left-out', 'left-out-paid', 'left-out-refunded'].includes(share.status)) {
    // Not paid when the order was submitted, and the host chose to leave unpaid items out (issue 25).
    return (
      <Card className="pay-share">
        <h2>{t('money.deadline.guest.leftOutTitle')}</h2>
        <p className="notice notice--warning" role="status" data-testid="share-left-out">
          {t('money.deadline.guest.leftOut', { items: list(share.leftOut ?? []) })}{' '}
          {share.status === 'left-out-paid'
            ? t('money.deadline.guest.refundDue', { amount: money(share.paidCents ?? 0) })
            : share.status === 'left-out-refunded'
              ? t('money.gaps.guest.leftOutRefunded', { amount: money(share.paidCents ?? 0) })
              : t('money.deadline.guest.notCharged')}
        </p>
      </Card>
    );
  }
  if (share.status === 'covered') {
    return (
      <Card className="pay-share">
        <h2>{t('money.deadline.guest.coveredTitle')}</h2>
        <p className="notice notice--success" role="status" data-testid="share-covered">
          {t('money.deadline.guest.covered', { amount: money(share.companyCents) })}
        </p>
      </Card>
    );
  }
  return (
    <Card className="pay-share">
      <h2>{share.payUrl ? t('money.pay.title') : t('money.refund.guest.title')}</h2>
      {share.feesCents > 0 || share.tipCents > 0 ? (
        <ul className="pay-share__parts muted" data-testid="share-parts">
          <li>{t('money.proof.guest.items', { amount: money(share.itemsCents) })}</li>
          {share.feesCents > 0 ? (
            <li>{t('money.proof.guest.feeShare', { amount: money(share.feesCents) })}</li>
          ) : null}
          {share.tipCents > 0 ? (
            <li>{t('money.proof.guest.tipShare', { amount: money(share.tipCents) })}</li>
          ) : null}
        </ul>
      ) : null}
      {share.companyCents > 0 ? (
        <p className="muted">{t('money.pay.covered', { amount: money(share.companyCents) })}</p>
      ) : null}
      {paid ? (
        <p className="notice notice--success" role="status" data-testid="share-paid">
          {t('money.pay.paid', { amount: money(share.guestCents) })}
        </p>
      ) : share.status === 'partially-refunded' || share.status === 'refunded' ? (
        <p className="notice" role="status" data-testid="share-refunded">
          {share.status === 'refunded'
            ? t('money.refund.guest.refunded', { amount: money(share.refundedCents ?? 0) })
            : t('money.refund.guest.partly', {
                amount: money(share.refundedCents ?? 0),
                kept: money(share.guestCents - (share.refundedCents ?? 0)),
              })}
        </p>
      ) : share.payUrl ? (
        <>
          <p>{t('money.pay.owe', { amount: money(share.guestCents) })}</p>
          <ButtonLink to={share.payUrl} reloadDocument className="btn--block">
            {t('money.pay.button', { amount: money(share.guestCents) })}
          </ButtonLink>
        </>
      ) : (
        <p className="muted">{t('money.pay.refunded')}</p>
      )}
    </Card>
  );
}
