import { formatList } from '~/lib/language';
import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { ConfirmedItems } from '~/components/storefront/guest/ConfirmedItems';
import { useConfirmedOrder, type ConfirmedData } from '~/components/storefront/guest/useConfirmedOrder';
import { ButtonLink, Card, EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { paymentLabel } from '~/lib/payment';
import { formatDateTime } from '~/lib/time';
import { findGroupOrderByParam } from '~/models/groupOrder/groupOrder.server';
import { requestShopSettings } from '~/models/shop/settings.server';
import { useNow } from '~/components/storefront/guest/Countdown';
import { useLiveStatus } from '~/components/storefront/useLiveStatus';
import { acceptsItems, guestHero, orderPhase, whatsNext } from '~/lib/orderPhase';
import { requireStorefront } from '~/storefront.server';
import { PageLoading } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { clientKey } from '~/lib/credentials.server';
import { countMiss } from '~/models/limits/rateLimits.server';
import { useWords, useT } from '~/components/i18n';
import type { OwnShare } from '~/components/storefront/guest/useOwnOrder';
import { pageLanguageWith } from '~/i18n.server';

// The kitchen's progress shows once the live status says the order went to the shop (asked in the
// browser, never in the server's HTML): loaded then, as on the host dashboard.
const KitchenTimeline = lazy(() =>
  import('~/components/storefront/KitchenTimeline').then((m) => ({ default: m.KitchenTimeline })),
);

// The guest's share and its pay button, once the browser has read the guest's items (never in the HTML).
const PayShare = lazy(() =>
  import('~/components/storefront/guest/PayShare').then((m) => ({ default: m.PayShare })),
);

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

// The page itself is public (its URL carries the guest's name); the guest's items and note are read by
// the browser with its guest token, so only the browsers that hold the guest's token (the one that ordered,
// or one that opened the e-mailed link) see and edit them.
export const loader = withHttpErrors(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const url = new URL(request.url);
  const guest = (params.guestName ?? '').trim().slice(0, 60);
  const order = guest ? await findGroupOrderByParam(shop, params.groupOrderId) : null;
  if (!order) {
    // Counted like every other look-up, so guessing ids through this page is just as slow.
    await countMiss(clientKey(shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  const settings = await requestShopSettings(context, shop);
  const { t, intlLocale } = pageLanguageWith(request, settings);
  return {
    found: true as const,
    orderId: order.id,
    currency: order.currency,
    hostName: order.hostName,
    orderType: order.orderType,
    timeZone: order.timeZone,
    pickup: formatDateTime(order.pickupAt, order.timeZone, intlLocale),
    place: settings.kitchenName,
    // Where everyone pays their own share, the company's payment method is not the guest's (issue 25).
    payment:
      order.paymentMode === 'own-share'
        ? t('money.guest.rule.own-share')
        : paymentLabel(order.paymentMethod, t),
    // Where the order is as the page is made; the page keeps it current (useLiveStatus).
    status: order.status,
    kitchenState: order.kitchenState,
    cancelReason: order.cancelReason,
    deadlineAt: order.deadlineAt.toISOString(),
    now: new Date().toISOString(),
    guest,
    initials: (url.searchParams.get('initials') ?? '').slice(0, 3),
  };
});

export default function ConfirmedPage() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if (!loaded.found) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">{t('confirmed.heading')}</h1>
        <EmptyState title={t('guest.notFound.title')}>{t('guest.notFound.body')}</EmptyState>
      </main>
    );
  }
  return <Confirmed {...loaded} />;
}

/** The kitchen's progress, once the live status says the order went to the shop. */
function KitchenProgress(props: ComponentProps<typeof KitchenTimeline>) {
  if (!props.progress?.submitted) return null;
  return (
    <Suspense fallback={null}>
      <KitchenTimeline {...props} />
    </Suspense>
  );
}

/** The guest's share and its pay button, where the guest pays something (issue 25). */
function PayShareLater({ share, currency }: { share: OwnShare | null | undefined; currency: string }) {
  if (!share) return null;
  return (
    <Suspense fallback={null}>
      <PayShare share={share} currency={currency} />
    </Suspense>
  );
}

function Confirmed(loaded: ConfirmedData) {
  const { orderId, pickup, hostName, orderType, timeZone, payment, place } = loaded;
  const now = useNow(loaded.now, 15_000);
  const live = useLiveStatus(orderId);
  const words = useWords();
  const { t } = words;
  const phase = orderPhase(
    live
      ? { status: live.status, kitchenState: live.state, deadlineAt: live.deadlineAt }
      : { status: loaded.status, kitchenState: loaded.kitchenState, deadlineAt: loaded.deadlineAt },
    now,
  );
  const page = useConfirmedOrder(loaded, acceptsItems(phase), live?.changedAt ?? null);
  const own = page.own;
  const removedByHost = own ? own.removedByHost.map((r) => r.text) : [];
  const hero = guestHero(
    phase,
    {
      guest: page.name,
      hostName,
      orderType,
      place,
      cancelReason: live ? live.cancelReason : loaded.cancelReason,
      // Until the guest's items are read, the page says what it said when they confirmed.
      hasItems: own ? own.items.length > 0 : true,
      removedByHost: own && own.items.length === 0 ? removedByHost : [],
    },
    words,
  );
  // Nothing of theirs in the order: no "what's next" for an order they are not in.
  const next =
    own && own.items.length === 0
      ? []
      : whatsNext(
          phase,
          {
            hostName,
            orderType,
            pickup,
            place,
            notified: own ? own.guest.hasEmail : true,
          },
          words,
        );

  return (
    <main className="shell-main shell-main--narrow guest guest-confirmed">
      <PageLoading />
      <header className={`confirmed-hero confirmed-hero--${hero.tone}`} data-phase={phase}>
        <span className="confirmed-hero__tick" aria-hidden="true">
          {HERO_MARKS[hero.tone]}
        </span>
        <h1 className="confirmed-hero__title">{hero.title}</h1>
        <p className="muted" role="status">
          {hero.text}
        </p>
      </header>

      {own && own.items.length > 0 && own.removedByHost.length ? (
        <p className="notice notice--warning" role="status" data-testid="host-removed">
          {t('phase.removed', {
            host: hostName,
            items: formatList(words.intlLocale, removedByHost),
          })}
        </p>
      ) : null}

      <KitchenProgress progress={live} orderType={orderType} timeZone={timeZone} />

      <ConfirmedItems page={page} payment={payment} />

      <PayShareLater share={own?.share} currency={loaded.currency} />

      {next.length ? (
        <Card className="whats-next">
          <h2>{t('next.title')}</h2>
          <ol className="whats-next__list">
            {next.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </Card>
      ) : null}

      <ConfirmedActions orderId={orderId} menuUrl={page.menuUrl} more={acceptsItems(phase)} />
    </main>
  );
}

/** Where to go from here: the group's status, a new order, and more items while the order takes them. */
function ConfirmedActions({ orderId, menuUrl, more }: { orderId: number; menuUrl: string; more: boolean }) {
  const t = useT();
  return (
    <div className="review-actions">
      <ButtonLink to={sfPath(`/host/dashboard/${orderId}`)} className="btn--block">
        {t('confirmed.viewStatus')}
      </ButtonLink>
      <ButtonLink to={sfPath('/host/create')} variant="secondary" className="btn--block">
        {t('confirmed.startNew')}
      </ButtonLink>
      {more ? (
        <ButtonLink to={menuUrl} variant="ghost" className="btn--block">
          {t('review.addMore')}
        </ButtonLink>
      ) : null}
    </div>
  );
}

const HERO_MARKS = { success: '✓', info: '✓', warning: '!', critical: '×' } as const;
