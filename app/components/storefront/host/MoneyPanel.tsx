import { useState, type FormEvent } from 'react';
import { Button } from '~/components/storefront/ui';
import { useToast } from '~/components/storefront/toast';
import { useMoney, useT } from '~/components/i18n';
import type { MoneyRulesView } from '~/lib/groupOrder';
import { centsToDecimal } from '~/lib/money';
import { fieldErrorIn, type FieldErrors } from '~/lib/hostText';
import { moneyFieldOf } from '~/lib/moneyText';
import { callApi, type ApiResult } from './api';
import { MoneyFields, type MoneyValues } from './MoneyFields';

// The dashboard's "Who pays" form (issue 25): the host changes the money rules until submit; the server
// checks them (moneySchema.ts), re-checks every guest against a new budget and e-mails those now over it.

function valuesOf(money: MoneyRulesView): MoneyValues {
  return {
    paymentMode: money.paymentMode,
    budget: money.budgetCents === null ? '' : centsToDecimal(money.budgetCents),
    overagePolicy: money.overagePolicy,
    tipPercent: money.tipPercent ? String(money.tipPercent) : '',
    tipAmount: money.tipCents ? centsToDecimal(money.tipCents) : '',
    feeSplit: money.feeSplit,
    unpaidPolicy: money.unpaidPolicy,
    // Set at create; the dashboard keeps it (the page is also seen by guests, so it does not carry it).
    costCode: '',
  };
}

export default function MoneyPanel({
  orderId,
  money: rules,
  currency,
  hostToken,
  onChanged,
  onError,
}: {
  orderId: number;
  money: MoneyRulesView;
  currency: string;
  hostToken: string | null;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
}) {
  const t = useT();
  const toast = useToast();
  const money = useMoney(currency);
  const [values, setValues] = useState(() => valuesOf(rules));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const set = (key: keyof MoneyValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    const { costCode: _kept, ...body } = values;
    const result = await callApi<{ overBudget: number; fieldErrors?: FieldErrors }>(
      `/group-orders/${orderId}/money`,
      { body, hostToken },
    );
    setPending(false);
    if (result.ok) {
      const count = result.body.overBudget;
      toast.show({
        title: t('money.host.saved'),
        description: count ? t('money.host.nowOver', { count }) : undefined,
      });
      onChanged();
      return;
    }
    const message = result.body?.message;
    if (result.status === 400 && message) {
      const said = fieldErrorIn(message, t, money);
      setErrors({ [moneyFieldOf(message) ?? 'paymentMode']: said });
      toast.show({ title: t('host.error'), description: said, tone: 'error' });
      return;
    }
    onError(result, t('host.error'));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="money-panel">
      <MoneyFields values={values} errors={errors} set={set} currency={currency} withCostCode={false} />
      <Button type="submit" className="btn--block" disabled={pending}>
        {t('money.host.save')}
      </Button>
    </form>
  );
}
