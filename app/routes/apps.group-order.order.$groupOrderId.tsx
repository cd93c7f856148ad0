import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { GuestMenu } from '~/components/storefront/guest/GuestMenu';
import { MenuLoadError } from '~/components/storefront/guest/MenuLoadError';
import { OrderNotFound } from '~/components/storefront/guest/PageStatus';
import { ButtonLink } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { findGroupOrderByParam, serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { orderTitle } from '~/lib/groupOrder';
import { guestMenu } from '~/models/menu/menuCache.server';
import { countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { closedTextsIn } from '~/lib/sentences.server';
import { pageLanguage } from '~/i18n.server';
import { DomainError } from '~/lib/errors';
import { clientKey } from '~/lib/credentials.server';
import { useT } from '~/components/i18n';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

/** The body of a failed load; the page shows it as "<status>: <message>" under 'Error loading group order'. */
export const LOAD_FAILED_MESSAGE =
  'We could not load this group order right now. Please try again in a moment.';

export const loader = withHttpErrors(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  try {
    return await loadMenuPage({ request, context }, shop, params.groupOrderId);
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

async function loadMenuPage(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  shop: string,
  groupOrderId: string | undefined,
) {
  const url = new URL(request.url);
  const guest = (url.searchParams.get('guest') ?? '').trim().slice(0, 60);
  const initials = (url.searchParams.get('initials') ?? '').trim().toUpperCase().slice(0, 3);
  const order = await findGroupOrderByParam(shop, groupOrderId);
  if (!order) {
    // Pages count misses like the API does, so guessing ids through them is just as slow.
    await countMiss(clientKey(shop, request));
    return data({ found: false as const }, { status: 404 });
  }
  // The menu needs a name to keep the guest's cart apart from others on a shared device. The e-mail
  // address is not read here: the page keeps it in the browser and loads the usual order with a proof
  // (usualOrders.server.ts); a spec link's `?email=` is taken by the page and dropped from the address bar.
  if (!guest) return redirect(sfPath(`/join/${order.code}`));
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
    initials,
    now: new Date().toISOString(),
  };
}

export default function MenuPage() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if (!loaded.found) {
    return (
      <OrderNotFound
        heading={t('menu.title')}
        actions={<ButtonLink to={sfPath('/find-order')}>{t('error.findAnOrder')}</ButtonLink>}
      />
    );
  }
  return <GuestMenu {...loaded} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Missing signature: the storefront layout shows 'Shopify Store Access Required'.
  if (isRouteErrorResponse(error) && error.status === 401) throw error;
  return <MenuLoadError error={error} />;
}
