import type { MoneyRulesView } from '~/lib/groupOrder';
import { budgetLeft, overBudget } from '~/lib/moneyShares';
import { useT } from '~/components/i18n';

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
