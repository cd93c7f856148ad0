import { useLoaderData, useNavigate } from '@remix-run/react';
import { useRef, useState, type FormEvent } from 'react';
import { useToast } from '~/components/storefront/toast';
import { DEFAULT_SCHEDULE, scheduleBody } from '~/components/storefront/missing/ScheduleFields';
import { fieldErrorIn, hostActionError, type FieldErrors } from '~/lib/hostText';
import { useMoney, useT } from '~/components/i18n';
import { DEFAULT_MONEY, MONEY_KEYS, type MoneyValues } from './MoneyFields';
import { sfPath } from '~/lib/paths';
import type { loader } from '~/routes/apps.group-order.host.create';
import { callApi, saveHostToken } from './api';

// The create page's behaviour: the form's values and errors, the reminder schedule, and the submit
// (checked with the schema, loaded on the first submit, then POST /api/group-orders).

export type CreateData = ReturnType<typeof useLoaderData<typeof loader>>;

export type Values = MoneyValues &
  Record<
    | 'hostName'
    | 'hostEmail'
    | 'companyName'
    | 'name'
    | 'orderType'
    | 'deliveryAddress'
    | 'pickupDate'
    | 'pickupTime'
    | 'deadlineDate'
    | 'deadlineTime'
    | 'instructions'
    | 'paymentMethod',
    string
  >;

/** What the form cards need: the values, their errors and the change handler per field. */
export type CreateForm = {
  values: Values;
  errors: FieldErrors;
  set: (key: keyof Values) => (event: { target: { value: string } }) => void;
};

const FIELD_ORDER: (keyof Values)[] = [
  'hostName',
  'hostEmail',
  'companyName',
  'name',
  'deliveryAddress',
  'pickupDate',
  'pickupTime',
  'deadlineDate',
  'deadlineTime',
  'instructions',
  'paymentMethod',
  ...MONEY_KEYS,
];

export function useCreateOrder(data: CreateData) {
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT();
  const money = useMoney(data.currency);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    hostName: data.customer?.name ?? '',
    hostEmail: data.customer?.email ?? '',
    companyName: '',
    name: '',
    orderType: 'pickup',
    deliveryAddress: '',
    instructions: '',
    ...DEFAULT_MONEY,
    ...data.defaults,
  });
  // Until the host picks a payment method, it follows the order type (Pay in Store suits only a pickup).
  const paymentChosen = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [pending, setPending] = useState(false);
  const delivery = values.orderType === 'delivery';

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    if (key === 'paymentMethod') paymentChosen.current = true;
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (key === 'orderType' && !paymentChosen.current) {
        next.paymentMethod = value === 'delivery' ? data.deliveryPaymentMethod : data.defaults.paymentMethod;
      }
      return next;
    });
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function showErrors(given: FieldErrors) {
    const found = Object.fromEntries(
      Object.entries(given).map(([key, message]) => [key, message && fieldErrorIn(message, t, money)]),
    );
    setErrors(found);
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    const message = (first && found[first]) || Object.values(found)[0];
    if (message) toast.show({ title: t('host.error'), description: message, tone: 'error' });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // The form's schema (zod) loads on the first submit, not with the page.
    const { CreateGroupOrderSchema, fieldErrorsOf } = await import('~/lib/hostForms');
    const parsed = CreateGroupOrderSchema.safeParse(values);
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error));
    setPending(true);
    const result = await callApi<{ id: number; hostToken: string; fieldErrors?: FieldErrors }>(
      '/group-orders',
      {
        body: { ...values, ...scheduleBody(schedule) },
      },
    );
    if (result.ok) {
      saveHostToken(result.body.id, result.body.hostToken);
      toast.show({
        title: t('host.msg.created'),
        description: t('host.create.createdBody'),
        forNextPage: true,
      });
      navigate(sfPath(`/host/dashboard/${result.body.id}`));
      return;
    }
    setPending(false);
    if (result.status === 400 && result.body.fieldErrors) return showErrors(result.body.fieldErrors);
    // A 4xx such as the hourly limit says why and when to try again after the spec's sentence.
    toast.show({
      ...hostActionError(result.status, result.body.message, t('host.msg.createFailed'), t),
      tone: 'error',
    });
  }

  return { formRef, values, errors, schedule, setSchedule, pending, delivery, set, onSubmit };
}
