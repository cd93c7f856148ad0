import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { Badge, EmptyState, PageHeader } from '~/components/storefront/ui';
import { FindOrStart } from '~/components/storefront/FindOrStart';
import { DashboardStats } from '~/components/storefront/host/DashboardStats';
import { GuestOrders } from '~/components/storefront/host/GuestOrders';
import { HostControls } from '~/components/storefront/host/HostControls';
import { InviteBox } from '~/components/storefront/host/InviteBox';
import { ShareCard } from '~/components/storefront/host/ShareCard';
import { useHostDashboard } from '~/components/storefront/host/useHostDashboard';
import { orderTitle } from '~/lib/groupOrder';
import { HOST_MESSAGES, maskEmail } from '~/lib/hostText';
import { toId, withHttpErrors } from '~/lib/http.server';
import { formatMoney } from '~/lib/money';
import { paymentLabel } from '~/lib/payment';
import { formatDateTime } from '~/lib/time';
import { getHostSummary } from '~/models/groupOrder/hosting.server';
import { countMiss } from '~/models/limits/hostRateLimits.server';
import { getShopSettings } from '~/models/shop/settings.server';
import { requireStorefront, shareUrl } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { clientKey } from '~/lib/credentials.server';

// Not on the first paint: the devices list appears once this browser's host token is checked, the
// kitchen timeline only after submit, who is still missing for the host only. Each loads when shown, so
// the page's first load stays under 100 KB.
const HostDevices = lazy(() =>
  import('~/components/storefront/host/HostDevices').then((m) => ({ default: m.HostDevices })),
);
const KitchenTimeline = lazy(() =>
  import('~/components/storefront/KitchenTimeline').then((m) => ({ default: m.KitchenTimeline })),
);
const WhoIsMissing = lazy(() => import('~/components/storefront/missing/WhoIsMissing'));

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const id = toId(params.id);
  const summary = id === null ? null : await getHostSummary(storefront.shop, id);
  if (!summary) {
    await countMiss(clientKey(storefront.shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  const order = summary.groupOrder;
  const zone = order.timeZone;
  const isCreator = Boolean(storefront.customerId && storefront.customerId === summary.hostCustomerId);
  const settings = await getShopSettings(storefront.shop);
  return {
    found: true as const,
    shopName: settings.shopName || storefront.shop.replace(/\.myshopify\.com$/, ''),
    now: Date.now(),
    isCreator,
    order: {
      // Items are sent once, grouped by guest below, not a second time inside the order.
      ...order,
      items: [],
      // Once the kitchen moved it, the host can no longer remove items.
      kitchenState: summary.kitchenState,
      // The host's address is theirs; other visitors (guests) only see where a claim link would go.
      hostEmail: isCreator ? order.hostEmail : maskEmail(order.hostEmail),
      title: orderTitle(order),
      pickupText: formatDateTime(new Date(order.pickupAt), zone),
      deadlineText: formatDateTime(new Date(order.deadlineAt), zone),
      paymentText: paymentLabel(order.paymentMethod),
      totalText: formatMoney(summary.totalCents, order.currency),
    },
    guests: summary.guests.map((guest) => ({
      ...guest,
      totalText: formatMoney(guest.totalCents, order.currency),
      // Only what the list shows, so the biggest legal order (400 lines) stays a small page.
      items: guest.items.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        menuItem: { name: item.menuItem.name },
        selectedModifiers: item.selectedModifiers,
        specialInstructions: item.specialInstructions,
        totalText: formatMoney(item.totalCents, order.currency),
      })),
    })),
    lineCount: summary.guests.reduce((sum, guest) => sum + guest.items.length, 0),
    shareUrl: await shareUrl(storefront, `/join/${order.code}`),
  };
});

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.found ? `${loaded.order.title} · Host dashboard` : 'Group order not found' },
];

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

export default function HostDashboard() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow">
        <EmptyState
          headingLevel="h1"
          title={HOST_MESSAGES.notFound}
          actions={<FindOrStart start="Start a new order" />}
        >
          Please check the link, or look the order up by its code or your e-mail address.
        </EmptyState>
      </main>
    );
  }
  return <Dashboard loaded={loaded} />;
}

function Dashboard({ loaded }: { loaded: Loaded }) {
  const { order, guests } = loaded;
  const view = useHostDashboard(loaded);
  const { expired, isOwner, token } = view;
  const status =
    order.status === 'submitted' ? (
      <Badge tone="info">Submitted</Badge>
    ) : expired ? (
      <Badge tone="warning">Deadline passed</Badge>
    ) : (
      <Badge tone="success">Accepting Orders</Badge>
    );

  return (
    <main className="shell-main host-dashboard">
      <PageHeader eyebrow="HOST DASHBOARD" title={order.title}>
        <div className="row host-dashboard__meta">
          {status}
          <span className="muted small">
            Hosted by {order.hostName} · {order.companyName}
          </span>
        </div>
      </PageHeader>

      <DashboardStats loaded={loaded} expired={expired} timeLeft={view.timeLeft} />

      {order.status === 'submitted' ? (
        <Suspense fallback={null}>
          <KitchenTimeline orderId={order.id} orderType={order.orderType} timeZone={order.timeZone} />
        </Suspense>
      ) : null}

      <div className="host-columns">
        <div className="host-columns__side">
          <ShareCard
            code={order.code}
            title={order.title}
            shareUrl={loaded.shareUrl}
            addMyOrder={isOwner && order.status === 'active' ? view.addMyOrder : null}
          />

          <HostControls
            order={order}
            hasGuests={guests.length > 0}
            guestCount={guests.length}
            shopName={loaded.shopName}
            isOwner={isOwner}
            checked={view.checked}
            hostToken={token}
            expired={expired}
            onChanged={view.refresh}
            onError={view.onError}
          />

          {isOwner && view.checked ? (
            <Suspense fallback={null}>
              <WhoIsMissing
                orderId={order.id}
                hostToken={token}
                active={order.status === 'active'}
                expired={expired}
                refreshKey={loaded.now}
                onError={view.onError}
              />
            </Suspense>
          ) : null}

          {isOwner && view.host?.devices ? (
            <Suspense fallback={null}>
              <HostDevices
                orderId={order.id}
                hostToken={token}
                devices={view.host.devices}
                onRemovedSelf={view.onRemovedSelf}
                onError={view.onError}
              />
            </Suspense>
          ) : null}
        </div>

        <div className="host-columns__main">
          <GuestOrders
            guests={guests}
            totalText={order.totalText}
            instructions={order.instructions}
            onRemove={isOwner && view.checked && !order.kitchenState ? view.removeGuestItem : undefined}
            removing={view.removing}
          />
        </div>

        {isOwner && order.status === 'active' ? (
          <div className="host-columns__invite">
            <InviteBox orderId={order.id} hostToken={token} onSent={view.refresh} onError={view.onError} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
