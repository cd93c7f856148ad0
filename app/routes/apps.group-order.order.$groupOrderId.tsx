import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError } from '@remix-run/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { GuestTopBar, OrderHero } from '~/components/storefront/guest/OrderHero';
import { MenuGrid } from '~/components/storefront/guest/MenuGrid';
import { CartBar, OrderCard } from '~/components/storefront/guest/OrderCard';
import { UsualOrderBar } from '~/components/storefront/guest/UsualOrderBar';
import { useNow } from '~/components/storefront/guest/Countdown';
import { useDraftCart } from '~/components/storefront/guest/useDraftCart';
import { PageLoading, RemovedNotice } from '~/components/storefront/guest/PageStatus';
import { useToast } from '~/components/storefront/toast';
import { ButtonLink, EmptyState } from '~/components/storefront/ui';
import {
  addLine,
  itemCount,
  makeLine,
  removeLine,
  replaceLines,
  type CartLine,
  type MenuItemView,
} from '~/lib/cart';
import { formatMoney } from '~/lib/money';
import { sfPath } from '~/lib/paths';
import { isAllowedFor } from '~/lib/modifiers';
import {
  closedMessage,
  closedText,
  findGroupOrderByParam,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { menuTitle } from '~/lib/groupOrder';
import { getMenu } from '~/models/menu/menu.server';
import { getUsualOrder } from '~/models/groupOrder/usualOrders.server';
import type { SaveUsualOrderBody, UsualItem } from '~/lib/schemas/usualOrder';
import { callApi } from '~/components/storefront/api';
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

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>;

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

function Menu({
  order,
  title,
  closedMessage,
  expiredMessage,
  menu,
  guest,
  initials,
  email,
  usual: initialUsual,
  now: serverNow,
}: Loaded) {
  const toast = useToast();
  const navigate = useNavigate();
  const now = useNow(serverNow);
  const { cart, ready, removed, update } = useDraftCart(order.id, guest, menu);
  const [customising, setCustomising] = useState<MenuItemView | null>(null);
  const [usual, setUsual] = useState<UsualItem[] | null>(initialUsual);
  const [busy, setBusy] = useState(false);
  const money = useCallback((cents: number) => formatMoney(cents, order.currency, 'en-AU'), [order.currency]);
  const expired = new Date(order.deadlineAt).getTime() <= now.getTime();
  const closed = closedMessage ?? (expired ? expiredMessage : null);

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

  function addToOrder(line: CartLine) {
    update((current) => addLine(current, line));
    setCustomising(null);
    toast.show({
      title: 'Added to order',
      description: `${line.quantity}x ${line.name} has been added to your order.`,
    });
  }

  async function saveUsual() {
    if (!cart.lines.length || !email || !guest) {
      toast.show({
        title: 'Cannot save',
        description: 'Please add items to your order and ensure your email is provided.',
        tone: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const body: SaveUsualOrderBody = {
        email,
        name: guest,
        orderItems: cart.lines.map((line) => ({
          id: line.menuItemId,
          name: line.name,
          quantity: line.quantity,
          selectedModifiers: line.modifiers.map((m) => m.id),
        })),
      };
      const response = await callApi('/usual-order', { method: 'POST', body });
      if (!response.ok) throw new Error(`${response.status}: ${response.body.message ?? ''}`);
      const saved = await callApi<UsualItem[]>(`/usual-order?email=${encodeURIComponent(email)}`);
      if (saved.ok) setUsual(saved.body);
      toast.show({
        title: 'Usual order saved',
        description: 'Your current order has been saved for future use.',
      });
    } catch {
      toast.show({
        title: 'Error',
        description: 'Failed to save usual order. Please try again.',
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  function loadUsual() {
    const itemsById = new Map(menu.items.map((item) => [item.id, item]));
    const modifiersById = new Map(menu.modifiers.map((m) => [m.id, m]));
    const lines = (usual ?? []).flatMap((saved) => {
      const item = itemsById.get(saved.id);
      if (!item) return [];
      const modifiers = saved.selectedModifiers
        .map((id) => modifiersById.get(id))
        .filter((m): m is NonNullable<typeof m> => Boolean(m) && isAllowedFor(m!, item.category))
        .map((m) => ({ id: m.id, name: m.name, type: m.type, priceDeltaCents: m.priceDeltaCents }));
      return [makeLine(item, modifiers, saved.quantity)];
    });
    const next = replaceLines(lines);
    update(() => next);
    const count = itemCount(next);
    toast.show({ title: 'Usual order loaded', description: `${count} items added to your order.` });
  }

  function review() {
    if (!cart.lines.length) {
      toast.show({
        title: 'Empty Order',
        description: 'Please add some items to your order first.',
        tone: 'error',
      });
      return;
    }
    navigate(sfPath(`/review/${order.id}/${encodeURIComponent(guest)}`, { initials, email }));
  }

  const savedCount = (usual ?? []).reduce((sum, item) => sum + item.quantity, 0);

  return (
    <main className="shell-main guest guest-menu">
      <GuestTopBar orderId={order.id} code={order.code} email={email} />
      <OrderHero order={order} title={title} now={now} guest={guest} />
      {closed ? (
        <p className="notice notice--critical guest-closed" role="alert">
          <strong>Ordering is closed.</strong> {closed}
        </p>
      ) : null}
      <PageLoading />
      <RemovedNotice names={removed} />

      <div className="guest-layout">
        <div className="guest-layout__side">
          {email ? <UsualOrderBar savedCount={savedCount} loading={busy} onLoad={loadUsual} /> : null}
          <OrderCard
            cart={cart}
            ready={ready}
            money={money}
            canSaveUsual={Boolean(email)}
            savingUsual={busy}
            onRemove={(key) => update((current) => removeLine(current, key))}
            onSaveUsual={saveUsual}
            onReview={review}
          />
        </div>
        <div className="guest-layout__main">
          <MenuGrid items={menu.items} money={money} disabled={Boolean(closed)} onAdd={setCustomising} />
        </div>
      </div>

      {closed ? null : <CartBar cart={cart} money={money} />}
      {customising && !closed ? (
        <Suspense fallback={null}>
          <CustomiseDialog
            item={customising}
            modifiers={menu.modifiers}
            money={money}
            onClose={() => setCustomising(null)}
            onAdd={addToOrder}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

/** Spec section 8: "<status>: <body text>" (or the status text when the body is empty). */
function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body = error.data as unknown;
    const text =
      typeof body === 'string'
        ? body
        : body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : '';
    return `${error.status}: ${text || error.statusText}`;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Missing signature: the storefront layout shows 'Shopify Store Access Required'.
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  return (
    <main className="shell-main guest">
      <h1 className="visually-hidden">Menu</h1>
      <EmptyState
        title="Error loading group order"
        actions={
          <>
            {/* A full reload of this same address: works even when the page's scripts did not start. */}
            <a className="btn btn--primary" href="">
              Try again
            </a>
            <Link className="btn btn--secondary" to={sfPath('/find-order')}>
              Find an order
            </Link>
          </>
        }
      >
        <p role="alert">{errorMessage(error)}</p>
      </EmptyState>
    </main>
  );
}
