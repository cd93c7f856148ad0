import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button, PageHeader } from '~/components/storefront/ui';
import { AboutYouCard, DetailsCard, PickupCard } from '~/components/storefront/host/CreateOrderCards';
import { useCreateOrder } from '~/components/storefront/host/useCreateOrder';
import { MoneyFields } from '~/components/storefront/host/MoneyFields';
import { ScheduleFields } from '~/components/storefront/missing/ScheduleFields';
import { sfPath } from '~/lib/paths';
import { defaultPaymentMethod, paymentLabel } from '~/lib/payment';
import { utcToZoned } from '~/lib/time';
import { defaultTimes } from '~/lib/deadline';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { enabledPaymentMethods, getShopSettings } from '~/models/shop/settings.server';
import { requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { pageLanguage } from '~/i18n.server';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';
import { Rich } from '~/components/Rich';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export const meta: MetaFunction = (args) => storefrontTitle(args, 'host.title.create');

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const settings = await getShopSettings(storefront.shop);
  const profile = await getCustomerProfile(storefront);
  const { t } = await pageLanguage(request, storefront.shop);
  // Defaults keep the deadline rule the create check and extend apply (app/lib/deadline.ts).
  const times = defaultTimes(
    Date.now(),
    {
      pickupMinutes: settings.defaultPickupOffsetMinutes,
      deadlineMinutes: settings.defaultDeadlineOffsetMinutes,
    },
    { orderType: 'pickup', noticeMinutes: settings.pickupNoticeMinutes },
  );
  const pickup = utcToZoned(times.pickupAt, settings.timeZone);
  const deadline = utcToZoned(times.deadlineAt, settings.timeZone);
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
    currency: settings.currency,
    pickupNoticeMinutes: settings.pickupNoticeMinutes,
    paymentOptions: methods.map((value) => ({ value, label: paymentLabel(value, t) })),
    defaults: {
      pickupDate: pickup.date,
      pickupTime: pickup.time,
      deadlineDate: deadline.date,
      deadlineTime: deadline.time,
      paymentMethod: defaultPaymentMethod('pickup', methods),
    },
    /** Switching to delivery while the payment is still the pickup default moves it to this one. */
    deliveryPaymentMethod: defaultPaymentMethod('delivery', methods),
  };
});

export default function CreateOrder() {
  const data = useLoaderData<typeof loader>();
  const { formRef, values, errors, schedule, setSchedule, pending, delivery, set, onSubmit } =
    useCreateOrder(data);
  const t = useT();

  return (
    <main className="shell-main shell-main--narrow host-create">
      <PageHeader eyebrow={t('host.create.eyebrow')} title={t('host.create.title')}>
        <p className="muted host-lede">{t('host.create.lede', { type: values.orderType })}</p>
      </PageHeader>

      <div className="host-context" aria-label={t('host.create.context')}>
        <span>
          <Rich
            id="host.create.orderingFrom"
            values={{ shop: data.shopName }}
            components={{ 0: <strong /> }}
          />
        </span>
        {data.loggedIn ? (
          <span>
            {data.customer
              ? t('host.create.loggedInAs', { name: data.customer.name ?? data.customer.email })
              : t('host.create.loggedIn')}{' '}
            · <a href={sfPath('/api/logout')}>{t('shell.logOut')}</a>
          </span>
        ) : (
          <span>
            <Rich
              id="host.create.logInHint"
              components={{ 0: <a href={sfPath('/api/login', { return_to: sfPath('/host/create') })} /> }}
            />
          </span>
        )}
      </div>

      <form ref={formRef} onSubmit={onSubmit} noValidate className="host-form">
        <AboutYouCard values={values} errors={errors} set={set} />
        <PickupCard values={values} errors={errors} set={set} delivery={delivery} data={data} />
        <DetailsCard values={values} errors={errors} set={set} data={data} />
        <MoneyFields values={values} errors={errors} set={set} currency={data.currency} />

        <ScheduleFields value={schedule} onChange={setSchedule} error={errors.reminderMinutes} />

        <Button type="submit" className="btn--block host-create__submit" disabled={pending}>
          {pending ? t('host.create.creating') : t('host.create.submit')}
        </Button>
      </form>
    </main>
  );
}
