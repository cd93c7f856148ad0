import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GuestTopBar } from '~/components/storefront/guest/GuestTopBar';
import { OrderNotFound, PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import {
  ReviewCart,
  ReviewDetails,
  ReviewProblem,
  type ReviewData,
} from '~/components/storefront/guest/ReviewCart';
import { useNow } from '~/components/storefront/guest/Countdown';
import { useConfirmCart } from '~/components/storefront/guest/useConfirmCart';
import { useGuestEmail } from '~/components/storefront/guest/useGuestEmail';
import { useDraftCart } from '~/components/storefront/guest/useDraftCart';
import { useNoteDraft } from '~/components/storefront/guest/useNoteDraft';
import { useAvoids } from '~/components/storefront/guest/useAvoids';
import { useOwnOrder } from '~/components/storefront/guest/useOwnOrder';
import { ClosedNotice } from '~/components/storefront/guest/ClosedNotice';
import { ConfirmedSoFar } from '~/components/storefront/guest/ConfirmedSoFar';
import { useLiveStatus } from '~/components/storefront/useLiveStatus';
import { cartTotalCents, itemCount } from '~/lib/cart';
import { BudgetLine, MoneyRule } from '~/components/storefront/guest/MoneyLine';
import { Button, ButtonLink, Card, PageHeader, TextArea } from '~/components/storefront/ui';
import { orderTitle } from '~/lib/groupOrder';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { findGroupOrderByParam, serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { guestMenu } from '~/models/menu/menuCache.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { closedTextsIn } from '~/lib/sentences.server';
import { pageLanguage } from '~/i18n.server';
import { clientKey } from '~/lib/credentials.server';
import { countMiss } from '~/models/limits/rateLimits.server';
import { useLanguage, useT } from '~/components/i18n';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

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
  const menu = await guestMenu(shop);
  const { language, t } = await pageLanguage(request, shop, context);
  return {
    found: true as const,
    order: serializeGroupOrder(order),
    title: orderTitle(order, t),
    // Why it is (or once it is) closed, in the page's language.
    ...closedTextsIn(language, order),
    menu,
    guest,
    initials: (url.searchParams.get('initials') ?? '').trim().toUpperCase().slice(0, 3),
    now: new Date().toISOString(),
  };
});

export default function ReviewPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) return <OrderNotFound heading={t('review.title')} narrow />;
  return <Review {...loaded} />;
}

/** The page's state: the cart and note drafts, the confirm, and whether the order still takes it. */
function useReviewPage({
  order,
  closedMessage,
  expiredMessage,
  menu,
  guest,
  initials,
  now: serverNow,
}: ReviewData) {
  const now = useNow(serverNow);
  // Kept in this browser, never in the URL.
  const email = useGuestEmail(order.id);
  const draft = useDraftCart(order.id, guest, menu);
  const [instructions, setInstructions] = useNoteDraft(order.id, guest);
  const { avoids, said } = useAvoids();
  const { confirm, pending, problem, nameTaken, closedByServer } = useConfirmCart({
    orderId: order.id,
    guest,
    initials,
    email,
    closedMessage,
    draft,
    instructions,
    avoids: said ? avoids : undefined,
  });
  // The page may stay open past the deadline: Confirm closes with the clock, and says why. The host may
  // also submit meanwhile: the page hears it (useLiveStatus) and says the cart was not included.
  const live = useLiveStatus(order.id);
  const own = useOwnOrder(order.id, guest).state;
  const confirmed = own.status === 'ready' ? own.own : null;
  const confirmedCount = confirmed?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  const deadlineAt = live?.deadlineAt ?? order.deadlineAt;
  const submitted = (live?.status ?? order.status) !== 'active';
  const expiredNow = new Date(deadlineAt).getTime() <= now.getTime();
  const closed = closedByServer || expiredNow || submitted;
  const shown = submitted && !nameTaken ? null : (problem ?? (expiredNow ? expiredMessage : null));
  return {
    now,
    email,
    avoids,
    draft,
    instructions,
    setInstructions,
    confirm,
    pending,
    nameTaken,
    live,
    confirmed,
    confirmedCount,
    deadlineAt,
    submitted,
    closed,
    shown,
  };
}

type ReviewPageState = ReturnType<typeof useReviewPage>;

/** What changed under the guest: items gone from the menu, the order closed, or a refused confirm. */
function ReviewNotices({ data, page }: { data: ReviewData; page: ReviewPageState }) {
  const { order, closedMessage, guest } = data;
  const { live, submitted } = page;
  return (
    <>
      <RemovedNotice names={page.draft.removed} />
      <ClosedNotice
        message={submitted ? ((live ? live.closedMessage : closedMessage) ?? null) : null}
        submitted={submitted}
        hostName={order.hostName}
        unconfirmed={itemCount(page.draft.cart)}
        hasConfirmed={page.confirmedCount > 0}
      />
      <ReviewProblem
        message={page.shown}
        nameTaken={page.nameTaken}
        code={order.code}
        orderId={order.id}
        guest={guest}
        email={page.email}
      />
    </>
  );
}

/** The guest's one note for the order, kept as a draft in this browser until they confirm. */
function SpecialInstructions({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <Card>
      <TextArea
        label={t('review.instructions')}
        placeholder={t('review.instructionsPlaceholder')}
        value={value}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
      />
    </Card>
  );
}

/** Confirm (closed with the order, or while the cart is empty or loading) and the way back to the menu. */
function ReviewActions({ page, menuUrl }: { page: ReviewPageState; menuUrl: string }) {
  const { cart, ready } = page.draft;
  const t = useT();
  return (
    <div className="review-actions">
      <Button
        className="btn--block"
        onClick={page.confirm}
        disabled={!ready || cart.lines.length === 0 || page.pending || page.closed}
      >
        {page.pending ? t('review.confirming') : t('review.confirm')}
      </Button>
      <ButtonLink to={menuUrl} variant="secondary" className="btn--block">
        {t('review.backToMenu')}
      </ButtonLink>
    </div>
  );
}

function Review(data: ReviewData) {
  const { order, title, menu, guest, initials } = data;
  const page = useReviewPage(data);
  const { cart, ready } = page.draft;
  const t = useT();
  const { intlLocale } = useLanguage();
  const money = (cents: number) => formatMoney(cents, order.currency, intlLocale);
  const menuUrl = sfPath(`/order/${order.id}`, { guest, initials });

  return (
    <main className="shell-main shell-main--narrow guest guest-review">
      <PageLoading />
      <GuestTopBar
        orderId={order.id}
        code={order.code}
        title={title}
        titleAs="p"
        backTo={menuUrl}
        backLabel={t('review.backLabel')}
        showDashboard={false}
      />
      <PageHeader title={t('review.title')}>
        <p className="muted page-header__sub">{t('review.sub')}</p>
      </PageHeader>

      <ReviewNotices data={data} page={page} />

      <div className="money-box">
        <MoneyRule rules={order.money} money={money} />
        <BudgetLine
          rules={order.money}
          spentCents={(page.confirmed?.totalCents ?? 0) + cartTotalCents(cart)}
          money={money}
        />
      </div>

      <ReviewCart
        cart={cart}
        ready={ready}
        menu={menu}
        menuUrl={menuUrl}
        money={money}
        confirmedCount={page.confirmedCount}
        avoids={page.avoids}
      />

      <ConfirmedSoFar
        own={page.confirmed}
        money={money}
        confirmedUrl={sfPath(`/confirmed/${order.id}/${encodeURIComponent(guest)}`, { initials })}
      />

      <SpecialInstructions value={page.instructions} onChange={page.setInstructions} />

      <ReviewDetails
        order={{ ...order, deadlineAt: page.deadlineAt, status: page.live?.status ?? order.status }}
        title={title}
        now={page.now}
      />

      <ReviewActions page={page} menuUrl={menuUrl} />
    </main>
  );
}
