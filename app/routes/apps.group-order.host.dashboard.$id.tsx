import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge, Button, ButtonLink, Card, EmptyState, PageHeader } from '~/components/storefront/ui';
import { useToast } from '~/components/storefront/toast';
import { callApi, forgetHostToken, hostErrorToast, readHostToken } from '~/components/storefront/host/api';
import { GuestOrders } from '~/components/storefront/host/GuestOrders';
import { HostControls } from '~/components/storefront/host/HostControls';
import type { HostDevice } from '~/components/storefront/host/HostDevices';
import { InviteBox } from '~/components/storefront/host/InviteBox';
import { useShareLink } from '~/components/storefront/host/useShareLink';
import { HOST_MESSAGES, maskEmail } from '~/lib/hostText';
import { toId } from '~/lib/http.server';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { formatDateTime, timeLeftText } from '~/lib/time';
import { getHostSummary } from '~/models/hosting.server';
import { countMiss } from '~/models/hostRateLimits.server';
import { getShopSettings } from '~/models/settings.server';
import { requireStorefront, shareUrl } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';

// The QR code library loads after the page, in its own chunk; the placeholder keeps its space meanwhile.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));
// Not on the first paint: the devices list appears once this browser's host token is checked, the
// kitchen timeline only after submit. Loaded when shown, so the page's first load stays under 100 KB.
const HostDevices = lazy(() =>
  import('~/components/storefront/host/HostDevices').then((m) => ({ default: m.HostDevices })),
);
const KitchenTimeline = lazy(() =>
  import('~/components/storefront/KitchenTimeline').then((m) => ({ default: m.KitchenTimeline })),
);

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const id = toId(params.id);
  const summary = id === null ? null : await getHostSummary(storefront.shop, id);
  if (!summary) {
    await countMiss(storefront.shop, request);
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
      // The host's address is theirs; other visitors (guests) only see where a claim link would go.
      hostEmail: isCreator ? order.hostEmail : maskEmail(order.hostEmail),
      title: order.name || `${order.companyName} Order`,
      pickupText: formatDateTime(new Date(order.pickupAt), zone),
      deadlineText: formatDateTime(new Date(order.deadlineAt), zone),
      paymentText: paymentLabel(order.paymentMethod),
      totalText: formatMoney(Math.round(Number(order.totalAmount) * 100), order.currency),
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
        totalText: formatMoney(Math.round(Number(item.totalPrice) * 100), order.currency),
      })),
    })),
    lineCount: summary.guests.reduce((sum, guest) => sum + guest.items.length, 0),
    shareUrl: await shareUrl(storefront, `/join/${order.code}`),
  };
}

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
          actions={
            <>
              <ButtonLink to={sfPath('/find-order')}>Find an order</ButtonLink>
              <ButtonLink to={sfPath('/host/create')} variant="secondary">
                Start a new order
              </ButtonLink>
            </>
          }
        >
          Please check the link, or look the order up by its code or your e-mail address.
        </EmptyState>
      </main>
    );
  }
  return <Dashboard loaded={loaded} />;
}

function useNow(initial: number) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Dashboard({ loaded }: { loaded: Loaded }) {
  const { order, guests } = loaded;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const now = useNow(loaded.now);
  const [token, setToken] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [host, setHost] = useState<{
    hostName: string;
    hostEmail: string;
    hostInitials: string | null;
    devices: HostDevice[];
  } | null>(null);
  const share = useShareLink(loaded.shareUrl, order.title);
  const deadline = new Date(order.deadlineAt);
  const timeLeft = timeLeftText(deadline, new Date(now));
  const expired = timeLeft === 'Expired';
  const isOwner = loaded.isCreator || Boolean(token);

  // Who is looking: the token in this browser (or the logged-in creator) is checked with the server once.
  useEffect(() => {
    const stored = readHostToken(order.id);
    setToken(stored);
    if (!stored && !loaded.isCreator) {
      setChecked(true);
      return;
    }
    // POST: the token also travels in the body. Only a 403 (the server read the token and refused it)
    // forgets it; a 401 means no credential arrived, which is no reason to throw the token away.
    callApi(`/group-orders/${order.id}/host`, { method: 'POST', body: {}, hostToken: stored }).then(
      (result) => {
        if (result.ok) setHost(result.body);
        else if (result.status === 403 || result.status === 401) {
          if (result.status === 403) forgetHostToken(order.id);
          setToken(null);
        }
        setChecked(true);
      },
    );
  }, [order.id, loaded.isCreator]);

  // Said once each, never again after a reopen (whose own toast must stay on screen): on arrival through
  // a claim link, and when the deadline passes with orders in, at arrival or while the page is open.
  const claimedOnArrival = useRef(searchParams.get('claimed') === '1');
  const seenExpired = useRef<boolean | null>(null);
  useEffect(() => {
    if (!checked) return;
    const wasExpired = seenExpired.current;
    seenExpired.current = expired;
    if (claimedOnArrival.current) {
      claimedOnArrival.current = false;
      if (!isOwner) return;
      toast.show(
        order.status === 'active'
          ? {
              title: 'Ready to Submit',
              description: 'This browser now manages the order. Submit it when everyone is in.',
            }
          : {
              title: 'You manage this order',
              description: 'It has already been submitted. Choose Edit This Order if something must change.',
            },
      );
      return;
    }
    if (!isOwner || order.status !== 'active' || !expired || guests.length === 0 || wasExpired) return;
    toast.show({
      title: 'Ready to Submit',
      description: 'The ordering deadline has passed. Submit the group order when you are ready.',
    });
  }, [checked, isOwner, expired, guests.length, order.status, toast]);

  // Live refresh while guests may still be ordering, only when the page is visible.
  useEffect(() => {
    if (order.status !== 'active') return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate();
    }, 10_000);
    return () => clearInterval(timer);
  }, [order.status, revalidator]);

  const status =
    order.status === 'submitted' ? (
      <Badge tone="info">Submitted</Badge>
    ) : expired ? (
      <Badge tone="warning">Deadline passed</Badge>
    ) : (
      <Badge tone="success">Accepting Orders</Badge>
    );

  const addMyOrder = sfPath(`/order/${order.id}`, {
    guest: host?.hostName ?? order.hostName,
    email: host?.hostEmail,
    initials: host?.hostInitials ?? order.hostInitials,
  });

  const [removing, setRemoving] = useState<number | null>(null);
  async function removeGuestItem(
    item: { id: number; quantity: number; menuItem: { name: string } },
    guest: { guestName: string },
  ) {
    const what = `${item.quantity}x ${item.menuItem.name}`;
    if (!window.confirm(`Remove ${what} from ${guest.guestName}'s order?`)) return;
    setRemoving(item.id);
    const result = await callApi(`/order-items/${item.id}`, { method: 'DELETE', body: {}, hostToken: token });
    setRemoving(null);
    if (!result.ok) {
      onForbidden(result);
      toast.show(hostErrorToast(result, 'Failed to remove the item. Please try again.'));
      return;
    }
    toast.show({
      title: 'Item removed',
      description: `${what} was removed from ${guest.guestName}'s order.`,
    });
    revalidator.revalidate();
  }

  function onForbidden(result: { status: number }) {
    if (result.status === 403) {
      forgetHostToken(order.id);
      setToken(null);
    }
  }

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

      <section className="host-stats" aria-label="Order at a glance">
        <div className="host-stat host-stat--wide">
          <span className="host-stat__label">Order deadline</span>
          <span className="host-stat__value">{order.deadlineText}</span>
          <span
            className={`host-stat__extra ${order.status === 'submitted' ? 'is-closed' : expired ? 'is-expired' : ''}`}
            data-testid="time-left"
          >
            {order.status === 'submitted' ? 'Ordering closed' : timeLeft}
          </span>
        </div>
        <div className="host-stat host-stat--wide">
          <span className="host-stat__label">{order.orderType === 'delivery' ? 'Delivery' : 'Pickup'}</span>
          <span className="host-stat__value">{order.pickupText}</span>
          {order.orderType === 'delivery' && order.deliveryAddress ? (
            <span className="host-stat__address">{order.deliveryAddress}</span>
          ) : null}
          <span className="host-stat__extra">{order.paymentText}</span>
        </div>
        <div className="host-stat">
          <span className="host-stat__label">Participants</span>
          <span className="host-stat__value" data-testid="participants">
            {guests.length}
          </span>
        </div>
        <div className="host-stat">
          <span className="host-stat__label">Items</span>
          <span className="host-stat__value">{loaded.lineCount}</span>
        </div>
        <div className="host-stat">
          <span className="host-stat__label">Total items</span>
          <span className="host-stat__value">{order.totalItems}</span>
        </div>
        <div className="host-stat">
          <span className="host-stat__label">Group total</span>
          <span className="host-stat__value">{order.totalText}</span>
        </div>
      </section>

      {order.status === 'submitted' ? (
        <Suspense fallback={null}>
          <KitchenTimeline orderId={order.id} orderType={order.orderType} timeZone={order.timeZone} />
        </Suspense>
      ) : null}

      <div className="host-columns">
        <div className="host-columns__side">
          <Card className="host-share">
            <h2>Invite your group</h2>
            <div className="host-share__code">
              <span className="muted small">Order code</span>
              <strong data-testid="order-code">{order.code}</strong>
            </div>
            <label className="field__label" htmlFor="share-link">
              Share link
            </label>
            <input
              id="share-link"
              className="input host-share__link"
              readOnly
              value={loaded.shareUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="host-share__qr">
              <Suspense fallback={<span className="host-share__qr-placeholder" aria-hidden="true" />}>
                <QRCodeSVG
                  value={loaded.shareUrl}
                  size={148}
                  marginSize={2}
                  title={`QR code for ${loaded.shareUrl}`}
                />
              </Suspense>
              <span className="muted small">Scan to join on a phone</span>
            </div>
            <div className="host-share__actions">
              <Button variant="secondary" onClick={share.share}>
                Share Link
              </Button>
              <Button variant="secondary" onClick={share.copy} aria-live="polite">
                {share.copied ? 'Copied!' : 'Copy Link'}
              </Button>
              {/* After submit the menu refuses new items, so the host's own order waits for a reopen. */}
              {isOwner && order.status === 'active' ? (
                <ButtonLink to={addMyOrder} className="host-share__mine">
                  Add My Order
                </ButtonLink>
              ) : null}
            </div>
            {share.popup}
          </Card>

          <HostControls
            order={order}
            hasGuests={guests.length > 0}
            guestCount={guests.length}
            shopName={loaded.shopName}
            isOwner={isOwner}
            checked={checked}
            hostToken={token}
            expired={expired}
            onChanged={() => revalidator.revalidate()}
            onError={(result, fallback) => {
              onForbidden(result);
              toast.show(hostErrorToast(result, fallback));
            }}
          />

          {isOwner && host?.devices ? (
            <Suspense fallback={null}>
              <HostDevices
                orderId={order.id}
                hostToken={token}
                devices={host.devices}
                onRemovedSelf={() => {
                  forgetHostToken(order.id);
                  setToken(null);
                  setHost(null);
                }}
                onError={(result, fallback) => {
                  onForbidden(result);
                  toast.show(hostErrorToast(result, fallback));
                }}
              />
            </Suspense>
          ) : null}
        </div>

        <div className="host-columns__main">
          <GuestOrders
            guests={guests}
            totalText={order.totalText}
            instructions={order.instructions}
            onRemove={isOwner && checked ? removeGuestItem : undefined}
            removing={removing}
          />
        </div>

        {isOwner && order.status === 'active' ? (
          <div className="host-columns__invite">
            <InviteBox
              orderId={order.id}
              hostToken={token}
              onError={(result, fallback) => {
                onForbidden(result);
                toast.show(hostErrorToast(result, fallback));
              }}
            />
          </div>
        ) : null}
      </div>
    </main>
  );
}
