import type { MoneyRulesView } from '~/lib/groupOrder';
import { budgetLeft, overBudget } from '~/lib/moneyShares';
import { useMoney, useT, useWords } from '~/components/i18n';
import { ButtonLink, Card } from '~/components/storefront/ui';

// Who pays, as every guest sees it before adding anything (join, menu, review), and in budget mode how
// much of their budget is left as they choose (issue 25). The server refuses the same overage on confirm.

/** The order's money rule in one sentence. */
export function MoneyRule({ rules, money }: { rules: MoneyRulesView; money: (cents: number) => string }) {
  const t = useT();
  const sentence =
    rules.paymentMode === 'budget' && rules.budgetCents !== null
      ? t(rules.overagePolicy === 'refuse' ? 'money.guest.rule.refuse' : 'money.guest.rule.guest-pays', {
          budget: money(rules.budgetCents),
        })
      : t(rules.paymentMode === 'own-share' ? 'money.guest.rule.own-share' : 'money.guest.rule.company');
  return (
    <>
      <p className="money-rule" data-testid="money-rule">
        {sentence}
      </p>
      <FeeRule rules={rules} money={money} />
    </>
  );
}

/**
 * The delivery fee and how it is shared, where a guest may pay part of it: everyone paying their own share,
 * or a budget the guest pays over (under "refuse" and in company mode the company pays every fee share).
 */
function FeeRule({ rules, money }: { rules: MoneyRulesView; money: (cents: number) => string }) {
  const t = useT();
  const guestsPay =
    rules.paymentMode === 'own-share' ||
    (rules.paymentMode === 'budget' && rules.overagePolicy === 'guest-pays');
  if (!guestsPay || rules.deliveryFeeCents <= 0) return null;
  const split = rules.feeSplit === 'even' || rules.feeSplit === 'company' ? rules.feeSplit : 'pro-rata';
  return (
    <p className="money-rule" data-testid="fee-rule">
      {t(`money.proof.guest.fee.${split}`, { fee: money(rules.deliveryFeeCents) })}
      {rules.paymentMode === 'budget' && split !== 'company'
        ? ` ${t('money.proof.guest.feeInBudget')}`
        : null}
    </p>
  );
}

/**
 * Budget mode: what is left of the guest's budget with `spentCents` (what they confirmed plus their cart),
 * or by how much it goes over: refused ("$2.40 over your $15.00 budget") or theirs to pay ("you pay
 * $2.40"), as the host chose. Nothing outside budget mode.
 */
export function BudgetLine({
  rules,
  spentCents,
  money,
}: {
  rules: MoneyRulesView;
  spentCents: number;
  money: (cents: number) => string;
}) {
  const t = useT();
  const left = budgetLeft(rules, spentCents);
  if (left === null || rules.budgetCents === null) return null;
  const over = overBudget(rules, spentCents);
  const budget = money(rules.budgetCents);
  if (over === 0) {
    return (
      <p className="budget-line" data-testid="budget-line" aria-live="polite">
        {t('money.guest.left', { left: money(left), budget })}
      </p>
    );
  }
  const refused = rules.overagePolicy === 'refuse';
  return (
    <p
      className={`budget-line ${refused ? 'budget-line--over' : 'budget-line--pays'}`}
      data-testid="budget-line"
      role={refused ? 'alert' : undefined}
      aria-live="polite"
    >
      {refused
        ? t('money.guest.over', { over: money(over), budget })
        : t('money.guest.youPay', { amount: money(over) })}
    </p>
  );
}

type ShareView = {
  itemsCents: number;
  feesCents: number;
  tipCents: number;
  guestCents: number;
  companyCents: number;
  status: string;
  refundedCents?: number;
  payUrl: string | null;
  leftOut?: string[];
  paidCents?: number;
};

/**
 * The guest's own share on their confirmed page (issue 25): "Pay my share · $X" to their checkout while it
 * is unpaid, "paid" once Shopify said so. The link is the guest's own (signed for their share).
 */
export function PayShare({ share, currency }: { share: ShareView; currency: string }) {
  const t = useT();
  const money = useMoney(currency);
  const words = useWords();
  const paid = share.status === 'paid';
  const list = (items: string[]) =>
    new Intl.ListFormat(words.intlLocale, { type: 'conjunction' }).format(items);
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
