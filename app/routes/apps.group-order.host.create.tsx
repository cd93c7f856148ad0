import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, PageHeader, SelectField, TextArea, TextField } from '~/components/storefront/ui';
import { useToast } from '~/components/storefront/toast';
import { callApi, saveHostToken } from '~/components/storefront/host/api';
import {
  DEFAULT_SCHEDULE,
  ScheduleFields,
  scheduleBody,
} from '~/components/storefront/missing/ScheduleFields';
import { HOST_MESSAGES, hostActionError, type FieldErrors } from '~/lib/hostText';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { utcToZoned } from '~/lib/time';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { enabledPaymentMethods, getShopSettings } from '~/models/shop/settings.server';
import { requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export const meta: MetaFunction = () => [{ title: 'CREATE ORDER · Group Order' }];

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const settings = await getShopSettings(storefront.shop);
  const profile = await getCustomerProfile(storefront);
  const now = Date.now();
  const pickup = utcToZoned(new Date(now + settings.defaultPickupOffsetMinutes * 60_000), settings.timeZone);
  const deadline = utcToZoned(
    new Date(now + settings.defaultDeadlineOffsetMinutes * 60_000),
    settings.timeZone,
  );
  const methods = enabledPaymentMethods(settings);
  return {
    shopName: settings.shopName || storefront.shop.replace(/\.myshopify\.com$/, ''),
    loggedIn: Boolean(storefront.customerId),
    customer: profile
      ? {
          name: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null,
          email: profile.email,
        }
      : null,
    timeZone: settings.timeZone,
    pickupNoticeMinutes: settings.pickupNoticeMinutes,
    paymentOptions: methods.map((value) => ({ value, label: paymentLabel(value) })),
    defaults: {
      pickupDate: pickup.date,
      pickupTime: pickup.time,
      deadlineDate: deadline.date,
      deadlineTime: deadline.time,
      paymentMethod: methods.includes('pay-in-store') ? 'pay-in-store' : methods[0],
    },
  };
});

type Values = Record<
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
];

export default function CreateOrder() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    hostName: data.customer?.name ?? '',
    hostEmail: data.customer?.email ?? '',
    companyName: '',
    name: '',
    orderType: 'pickup',
    deliveryAddress: '',
    instructions: '',
    ...data.defaults,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [pending, setPending] = useState(false);
  const delivery = values.orderType === 'delivery';

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    const message = (first && found[first]) || Object.values(found)[0];
    if (message) toast.show({ title: 'Error', description: message, tone: 'error' });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // The form's schema (zod) loads on the first submit, not with the page.
    const { CreateGroupOrderSchema, fieldErrorsOf } = await import('~/lib/hosting');
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
        title: HOST_MESSAGES.created,
        description: 'Share the link so everyone can add their order.',
        forNextPage: true,
      });
      navigate(sfPath(`/host/dashboard/${result.body.id}`));
      return;
    }
    setPending(false);
    if (result.status === 400 && result.body.fieldErrors) return showErrors(result.body.fieldErrors);
    // A 4xx such as the hourly limit says why and when to try again after the spec's sentence.
    toast.show({
      ...hostActionError(result.status, result.body.message, HOST_MESSAGES.createFailed),
      tone: 'error',
    });
  }

  return (
    <main className="shell-main shell-main--narrow host-create">
      <PageHeader eyebrow="CREATE ORDER" title="START GROUP ORDER">
        <p className="muted host-lede">
          Set the pickup time and an ordering deadline, then share one link. Everyone picks their own coffee
          and food.
        </p>
      </PageHeader>

      <div className="host-context" aria-label="Shop and account">
        <span>
          Ordering from <strong>{data.shopName}</strong>
        </span>
        {data.loggedIn ? (
          <span>
            Logged in{data.customer ? ` as ${data.customer.name ?? data.customer.email}` : ''} ·{' '}
            <a href={sfPath('/api/logout')}>Log out</a>
          </span>
        ) : (
          <span>
            <a href={sfPath('/api/login', { return_to: sfPath('/host/create') })}>Log in</a> to find your
            orders on any device
          </span>
        )}
      </div>

      <form ref={formRef} onSubmit={onSubmit} noValidate className="host-form">
        <Card>
          <h2>About you</h2>
          <div className="stack">
            <div className="grid-2">
              <TextField
                label="Your name"
                name="hostName"
                autoComplete="name"
                value={values.hostName}
                onChange={set('hostName')}
                error={errors.hostName}
                required
              />
              <TextField
                label="Your email"
                name="hostEmail"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.hostEmail}
                onChange={set('hostEmail')}
                error={errors.hostEmail}
                required
              />
            </div>
            <TextField
              label="Company name"
              name="companyName"
              autoComplete="organization"
              value={values.companyName}
              onChange={set('companyName')}
              error={errors.companyName}
              required
            />
            <TextField
              label="Group or meeting name"
              name="name"
              optional
              placeholder="e.g. Monday team stand-up"
              value={values.name}
              onChange={set('name')}
              error={errors.name}
            />
          </div>
        </Card>

        <Card>
          <h2>Pickup or delivery</h2>
          <div className="stack">
            <fieldset className="host-segmented">
              <legend className="visually-hidden">Order type</legend>
              {(['pickup', 'delivery'] as const).map((type) => (
                <label
                  key={type}
                  className={`host-segmented__option ${values.orderType === type ? 'is-selected' : ''}`}
                >
                  <input
                    type="radio"
                    name="orderType"
                    value={type}
                    checked={values.orderType === type}
                    onChange={set('orderType')}
                  />
                  <span>{type === 'pickup' ? 'Pickup' : 'Delivery'}</span>
                </label>
              ))}
            </fieldset>
            {delivery ? (
              <TextArea
                label="Delivery address"
                name="deliveryAddress"
                autoComplete="street-address"
                rows={2}
                value={values.deliveryAddress}
                onChange={set('deliveryAddress')}
                error={errors.deliveryAddress}
              />
            ) : null}
            <div className="grid-2">
              <TextField
                label={delivery ? 'Delivery date' : 'Pickup date'}
                name="pickupDate"
                type="date"
                value={values.pickupDate}
                onChange={set('pickupDate')}
                error={errors.pickupDate}
              />
              <TextField
                label={delivery ? 'Delivery time' : 'Pickup time'}
                name="pickupTime"
                type="time"
                value={values.pickupTime}
                onChange={set('pickupTime')}
                error={errors.pickupTime}
                hint={delivery ? undefined : `At least ${data.pickupNoticeMinutes} minutes from now.`}
              />
              <TextField
                label="Order deadline date"
                name="deadlineDate"
                type="date"
                value={values.deadlineDate}
                onChange={set('deadlineDate')}
                error={errors.deadlineDate}
              />
              <TextField
                label="Order deadline time"
                name="deadlineTime"
                type="time"
                value={values.deadlineTime}
                onChange={set('deadlineTime')}
                error={errors.deadlineTime}
                hint="Guests can add items until then."
              />
            </div>
            <p className="muted small host-zone">
              Times are in the shop’s time zone ({data.timeZone.replace(/_/g, ' ')}).
            </p>
          </div>
        </Card>

        <Card>
          <h2>Details</h2>
          <div className="stack">
            <SelectField
              label="Payment method"
              name="paymentMethod"
              value={values.paymentMethod}
              onChange={set('paymentMethod')}
              options={data.paymentOptions}
              error={errors.paymentMethod}
            />
            <TextArea
              label="Instructions"
              name="instructions"
              optional
              rows={3}
              placeholder="Anything the café should know, e.g. ring on arrival"
              value={values.instructions}
              onChange={set('instructions')}
              error={errors.instructions}
            />
          </div>
        </Card>

        <ScheduleFields value={schedule} onChange={setSchedule} error={errors.reminderMinutes} />

        <Button type="submit" className="btn--block host-create__submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create Group Order'}
        </Button>
      </form>
    </main>
  );
}
