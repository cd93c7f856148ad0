import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { GuestTopBar, OrderHero } from '~/components/storefront/guest/OrderHero';
import { MenuGrid } from '~/components/storefront/guest/MenuGrid';
import { MenuLoadError } from '~/components/storefront/guest/MenuLoadError';
import { CartBar, OrderCard } from '~/components/storefront/guest/OrderCard';
import { UsualOrderBar } from '~/components/storefront/guest/UsualOrderBar';
import { useMenuPage, type MenuData } from '~/components/storefront/guest/useMenuPage';
import { PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import { ButtonLink, EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import {
  closedMessage,
  closedText,
  findGroupOrderByParam,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { menuTitle } from '~/lib/groupOrder';
import { getMenu } from '~/models/menu/menu.server';
import { getUsualOrder } from '~/models/groupOrder/usualOrders.server';
import { GuestEmailSchema } from '~/models/groupOrder/orderItems.server';
import { countMiss } from '~/models/limits/hostRateLimits.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { DomainError } from '~/lib/errors';
import { clientKey } from '~/lib/credentials.server';

// The customise dialog (and Radix Dialog with it) loads when a guest first opens it, not with the menu.
const CustomiseDialog = lazy(() =>
  import('~/components/storefront/guest/CustomiseDialog').then((m) => ({ default: m.CustomiseDialog })),
);

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

/** The body of a failed load; the page shows it as "<status>: <message>" under 'Error loading group order'. */
export const LOAD_FAILED_MESSAGE =
  'We could not load this group order right now. Please try again in a moment.';

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  try {
    return await loadMenuPage(request, shop, params.groupOrderId);
  } catch (error) {
    // A database or data fault: say so in words (Remix would only say "Unexpected Server Error").
    if (error instanceof Response || error instanceof DomainError) throw error;
    console.error('Menu page failed to load', error);
    throw new Response(LOAD_FAILED_MESSAGE, {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
});

async function loadMenuPage(request: Request, shop: string, groupOrderId: string | undefined) {
  const url = new URL(request.url);
  const guest = (url.searchParams.get('guest') ?? '').trim().slice(0, 60);
  const initials = (url.searchParams.get('initials') ?? '').trim().toUpperCase().slice(0, 3);
  const parsedEmail = GuestEmailSchema.safeParse(url.searchParams.get('email') ?? '');
  const email = parsedEmail.success ? (parsedEmail.data ?? '') : '';
  const order = await findGroupOrderByParam(shop, groupOrderId);
  if (!order) {
    // Pages count misses like the API does, so guessing ids through them is just as slow.
    await countMiss(clientKey(shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  // The menu needs a name to keep the guest's cart apart from others on a shared device.
  if (!guest) return redirect(sfPath(`/join/${order.code}`, { email }));
  const [menu, usual] = await Promise.all([getMenu(shop), email ? getUsualOrder(shop, email) : null]);
  return {
    found: true as const,
    order: serializeGroupOrder(order),
    title: menuTitle(order),
    closedMessage: closedMessage(order),
    expiredMessage: closedText(order, 'expired'),
    menu,
    guest,
    initials,
    email,
    usual,
    now: new Date().toISOString(),
  };
}

export default function MenuPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) {
    return (
      <main className="shell-main guest">
        <h1 className="visually-hidden">Menu</h1>
        <EmptyState
          title="Group order not found"
          actions={<ButtonLink to={sfPath('/find-order')}>Find an order</ButtonLink>}
        >
          Please check the code and try again.
        </EmptyState>
      </main>
    );
  }
  return <Menu {...loaded} />;
}

function Menu(loaded: MenuData) {
  const { order, title, menu, guest, email } = loaded;
  const page = useMenuPage(loaded);

  if (menu.items.length === 0) {
    return (
      <main className="shell-main guest">
        <GuestTopBar orderId={order.id} code={order.code} email={email} />
        <EmptyState title="Menu not available">
          The shop has not published its menu yet. Please try again later.
        </EmptyState>
      </main>
    );
  }

  return (
    <main className="shell-main guest guest-menu">
      <GuestTopBar orderId={order.id} code={order.code} email={email} />
      <OrderHero order={order} title={title} now={page.now} guest={guest} />
      {page.closed ? (
        <p className="notice notice--critical guest-closed" role="alert">
          <strong>Ordering is closed.</strong> {page.closed}
        </p>
      ) : null}
      <PageLoading />
      <RemovedNotice names={page.removed} />

      <div className="guest-layout">
        <div className="guest-layout__side">
          {email ? (
            <UsualOrderBar savedCount={page.savedCount} loading={page.busy} onLoad={page.loadUsual} />
          ) : null}
          <OrderCard
            cart={page.cart}
            ready={page.ready}
            money={page.money}
            canSaveUsual={Boolean(email)}
            savingUsual={page.busy}
            onRemove={page.removeFromOrder}
            onSaveUsual={page.saveUsual}
            onReview={page.review}
          />
        </div>
        <div className="guest-layout__main">
          <MenuGrid
            items={menu.items}
            money={page.money}
            disabled={Boolean(page.closed)}
            onAdd={page.setCustomising}
          />
        </div>
      </div>

      {page.closed ? null : <CartBar cart={page.cart} money={page.money} />}
      {page.customising && !page.closed ? (
        <Suspense fallback={null}>
          <CustomiseDialog
            item={page.customising}
            modifiers={menu.modifiers}
            money={page.money}
            onClose={() => page.setCustomising(null)}
            onAdd={page.addToOrder}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Missing signature: the storefront layout shows 'Shopify Store Access Required'.
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  return <MenuLoadError error={error} />;
}
