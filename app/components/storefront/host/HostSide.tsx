import { lazy, Suspense } from 'react';
import { HostControls } from './HostControls';
import { ShareCard } from './ShareCard';
import type { DashboardData, useHostDashboard } from './useHostDashboard';

// Not on the first paint: the devices list appears once this browser's host token is checked, who is
// still missing for the host only. Each loads when shown, so the page's first load stays under 100 KB.
const HostDevices = lazy(() => import('./HostDevices').then((m) => ({ default: m.HostDevices })));
const WhoIsMissing = lazy(() => import('~/components/storefront/missing/WhoIsMissing'));
const MoneyPanel = lazy(() => import('./MoneyPanel'));

/** The dashboard's side column: sharing, the host's controls, who is still missing, and the host's devices. */
export function HostSide({
  loaded,
  view,
}: {
  loaded: DashboardData;
  view: ReturnType<typeof useHostDashboard>;
}) {
  const { order, guests } = loaded;
  const { expired, isOwner, token } = view;
  return (
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
        kitchenState={view.kitchenState}
        kitchenLabel={view.liveLabel}
        unpaid={loaded.unpaid}
        now={view.now}
        onChanged={view.refresh}
        onError={view.onError}
      />

      {isOwner && view.checked && order.status === 'active' ? (
        <Suspense fallback={null}>
          <MoneyPanel
            orderId={order.id}
            money={order.money}
            currency={order.currency}
            hostToken={token}
            onChanged={view.refresh}
            onError={view.onError}
          />
        </Suspense>
      ) : null}

      {isOwner && view.checked ? (
        <Suspense fallback={null}>
          <WhoIsMissing
            orderId={order.id}
            hostToken={token}
            active={order.status === 'active'}
            expired={expired}
            refreshKey={loaded.now}
            timeZone={order.timeZone}
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
            timeZone={order.timeZone}
            onRemovedSelf={view.onRemovedSelf}
            onError={view.onError}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
