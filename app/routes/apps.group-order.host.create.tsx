import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button, PageHeader } from '~/components/storefront/ui';
import { AboutYouCard, DetailsCard, PickupCard } from '~/components/storefront/host/CreateOrderCards';
import { useCreateOrder } from '~/components/storefront/host/useCreateOrder';
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

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export const meta: MetaFunction = () => [{ title: 'CREATE ORDER · Group Order' }];

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const settings = await getShopSettings(storefront.shop);
  const profile = await getCustomerProfile(storefront);
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
    pickupNoticeMinutes: settings.pickupNoticeMinutes,
    paymentOptions: methods.map((value) => ({ value, label: paymentLabel(value) })),
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

  return (
    <main className="shell-main shell-main--narrow host-create">
      <PageHeader eyebrow="CREATE ORDER" title="START GROUP ORDER">
        <p className="muted host-lede">
          Set the {delivery ? 'delivery' : 'pickup'} time and an ordering deadline, then share one link.
          Everyone picks their own coffee and food.
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
        <AboutYouCard values={values} errors={errors} set={set} />
        <PickupCard values={values} errors={errors} set={set} delivery={delivery} data={data} />
        <DetailsCard values={values} errors={errors} set={set} data={data} />

        <ScheduleFields value={schedule} onChange={setSchedule} error={errors.reminderMinutes} />

        <Button type="submit" className="btn--block host-create__submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create Group Order'}
        </Button>
      </form>
    </main>
  );
}
