import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { Badge, EmptyState, PageHeader } from '~/components/storefront/ui';
import { FindOrStart } from '~/components/storefront/FindOrStart';
import { DashboardStats } from '~/components/storefront/host/DashboardStats';
import { GuestOrders } from '~/components/storefront/host/GuestOrders';
import { HostSide } from '~/components/storefront/host/HostSide';
import { InviteBox } from '~/components/storefront/host/InviteBox';
import { useHostDashboard, type DashboardData } from '~/components/storefront/host/useHostDashboard';
import { toId, withHttpErrors } from '~/lib/http.server';
import { hostDashboardPage } from '~/models/groupOrder/hostDashboard.server';
import { countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront, shareUrl } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { clientKey } from '~/lib/credentials.server';
import { pageLanguageWith } from '~/i18n.server';
import { requestShopSettings } from '~/models/shop/settings.server';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';

// Not on the first paint: the kitchen timeline appears only after submit, so it loads when shown (as the
// side column's devices list and who is missing do) and the page's first load stays under 100 KB.
const KitchenTimeline = lazy(() =>
  import('~/components/storefront/KitchenTimeline').then((m) => ({ default: m.KitchenTimeline })),
);

// The host's "Remove this item?" question (Radix Dialog) loads when asked.
const RemoveItemDialog = lazy(() => import('~/components/storefront/host/RemoveItemDialog'));

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export const loader = withHttpErrors(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const id = toId(params.id);
  // Read once for the page: its language, the dashboard's shop name and notice, the share link's domain.
  const settings = await requestShopSettings(context, storefront.shop);
  const words = pageLanguageWith(request, settings);
  const page =
    id === null ? null : await hostDashboardPage(storefront.shop, id, storefront.customerId, words, settings);
  if (!page) {
    await countMiss(clientKey(storefront.shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  return {
    found: true as const,
    ...page,
    shareUrl: await shareUrl(storefront, `/join/${page.order.code}`, settings),
  };
});

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.found
    ? storefrontTitle(args, 'host.title.dashboard', { title: args.data.order.title })
    : storefrontTitle(args, 'host.msg.notFound');

export default function HostDashboard() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow">
        <EmptyState
          headingLevel="h1"
          title={t('host.msg.notFound')}
          actions={<FindOrStart start={t('host.dash.startNew')} />}
        >
          {t('host.dash.notFoundBody')}
        </EmptyState>
      </main>
    );
  }
  return <Dashboard loaded={loaded} />;
}

function Dashboard({ loaded }: { loaded: DashboardData }) {
  const { order, guests } = loaded;
  const view = useHostDashboard(loaded);
  const t = useT();
  const { expired, isOwner, token, live } = view;
  const kitchenState = view.kitchenState;
  const status =
    order.status === 'submitted' ? (
      <Badge tone={kitchenState === 'cancelled' ? 'critical' : kitchenState === 'ready' ? 'success' : 'info'}>
        {view.liveLabel ?? t('host.dash.submitted')}
      </Badge>
    ) : expired ? (
      <Badge tone="warning">{t('host.dash.deadlinePassed')}</Badge>
    ) : (
      <Badge tone="success">{t('host.dash.accepting')}</Badge>
    );

  return (
    <main className="shell-main host-dashboard">
      {/* The same address serves guests, the merchant and the host: only a checked host sees it as theirs. */}
      <PageHeader
        eyebrow={t(isOwner && view.checked ? 'host.dash.eyebrowHost' : 'host.dash.eyebrowGuest')}
        title={order.title}
      >
        <div className="row host-dashboard__meta">
          {status}
          <span className="muted small">
            {t('host.dash.hostedBy', { host: order.hostName, company: order.companyName })}
          </span>
        </div>
      </PageHeader>

      <DashboardStats loaded={loaded} expired={expired} timeLeft={view.timeLeft} />

      {order.status === 'submitted' ? (
        <Suspense fallback={null}>
          <KitchenTimeline progress={live} orderType={order.orderType} timeZone={order.timeZone} />
        </Suspense>
      ) : null}

      <div className="host-columns">
        <HostSide loaded={loaded} view={view} />

        <div className="host-columns__main">
          <GuestOrders
            guests={guests}
            totalText={order.totalText}
            instructions={order.instructions}
            payments={loaded.payments}
            onRemove={isOwner && view.checked && !kitchenState ? view.askRemove : undefined}
            removing={view.removing}
          />
        </div>

        {view.removal ? (
          <Suspense fallback={null}>
            <RemoveItemDialog
              what={view.removal.what}
              guestName={view.removal.guestName}
              refunded={view.removal.refunded}
              onRemove={view.confirmRemove}
              onCancel={view.cancelRemove}
            />
          </Suspense>
        ) : null}

        {isOwner && order.status === 'active' ? (
          <div className="host-columns__invite">
            <InviteBox orderId={order.id} hostToken={token} onSent={view.refresh} onError={view.onError} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
