import { Card, SelectField, TextField } from '~/components/storefront/ui';
import { useT } from '~/components/i18n';
import { FEE_SPLITS, OVERAGE_POLICIES, PAYMENT_MODES, UNPAID_POLICIES } from '~/lib/moneyShares';
import type { FieldErrors } from '~/lib/hostText';

// Who pays (issue 25): the host's money choices on the create form and on the dashboard until submit.

export const MONEY_KEYS = [
  'paymentMode',
  'budget',
  'overagePolicy',
  'tipPercent',
  'tipAmount',
  'feeSplit',
  'unpaidPolicy',
  'costCode',
] as const;
export type MoneyValues = Record<(typeof MONEY_KEYS)[number], string>;

/** The form's starting values: the company pays, no tip. */
export const DEFAULT_MONEY: MoneyValues = {
  paymentMode: 'company',
  budget: '',
  overagePolicy: 'refuse',
  tipPercent: '',
  tipAmount: '',
  feeSplit: 'pro-rata',
  unpaidPolicy: 'leave-out',
  costCode: '',
};

type MoneyForm = {
  values: MoneyValues;
  errors: FieldErrors;
  set: (key: keyof MoneyValues) => (event: { target: { value: string } }) => void;
  currency: string;
};

function useOptions() {
  const t = useT();
  return (prefix: string, list: readonly string[]) =>
    list.map((value) => ({ value, label: t(`money.host.${prefix}.${value}`) }));
}

/** Budget mode: the amount per person and what happens over it. */
function BudgetFields({ values, errors, set, currency }: MoneyForm) {
  const t = useT();
  const options = useOptions();
  return (
    <div className="grid-2">
      <TextField
        label={`${t('money.host.budget')} (${currency})`}
        name="budget"
        inputMode="decimal"
        placeholder="15.00"
        value={values.budget}
        onChange={set('budget')}
        error={errors.budget}
        required
      />
      <SelectField
        label={t('money.host.overage')}
        name="overagePolicy"
        value={values.overagePolicy}
        onChange={set('overagePolicy')}
        options={options('overage', OVERAGE_POLICIES)}
        error={errors.overagePolicy}
      />
    </div>
  );
}

/** The café's tip, as a percent or an amount. */
function TipFields({ values, errors, set, currency }: MoneyForm) {
  const t = useT();
  return (
    <div className="grid-2">
      <TextField
        label={t('money.host.tipPercent')}
        name="tipPercent"
        inputMode="numeric"
        optional
        value={values.tipPercent}
        onChange={set('tipPercent')}
        error={errors.tipPercent}
      />
      <TextField
        label={`${t('money.host.tipAmount')} (${currency})`}
        name="tipAmount"
        inputMode="decimal"
        optional
        value={values.tipAmount}
        onChange={set('tipAmount')}
        error={errors.tipAmount}
      />
    </div>
  );
}

export function MoneyFields({
  withCostCode = true,
  ...form
}: MoneyForm & {
  /** The cost code is chosen at create (the dashboard keeps it). */
  withCostCode?: boolean;
}) {
  const t = useT();
  const options = useOptions();
  const { values, errors, set } = form;
  return (
    <Card className="money-fields">
      <h2>{t('money.host.heading')}</h2>
      <div className="stack">
        <SelectField
          label={t('money.host.title')}
          name="paymentMode"
          value={values.paymentMode}
          onChange={set('paymentMode')}
          options={options('mode', PAYMENT_MODES)}
          error={errors.paymentMode}
        />
        {values.paymentMode === 'budget' ? <BudgetFields {...form} /> : null}
        <TipFields {...form} />
        <SelectField
          label={t('money.host.feeSplit')}
          name="feeSplit"
          value={values.feeSplit}
          onChange={set('feeSplit')}
          options={options('feeSplit', FEE_SPLITS)}
          error={errors.feeSplit}
        />
        {values.paymentMode !== 'company' ? (
          <SelectField
            label={t('money.host.unpaid')}
            name="unpaidPolicy"
            value={values.unpaidPolicy}
            onChange={set('unpaidPolicy')}
            options={options('unpaid', UNPAID_POLICIES)}
            error={errors.unpaidPolicy}
          />
        ) : null}
        {withCostCode ? (
          <TextField
            label={t('money.host.costCode')}
            name="costCode"
            maxLength={60}
            value={values.costCode}
            onChange={set('costCode')}
            error={errors.costCode}
          />
        ) : null}
      </div>
    </Card>
  );
}
