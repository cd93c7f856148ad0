import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { ToastProvider } from '~/components/storefront/toast';
import { getShopSettings } from '~/models/shop/settings.server';
import { requireStorefront } from '~/storefront.server';
import { NOT_FOUND_PAGE, STORE_ACCESS_REQUIRED } from '~/lib/messages';
import { sfPath } from '~/lib/paths';
import storefrontCss from '~/styles/storefront.css?url';
import { withHttpErrors } from '~/lib/http.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: storefrontCss }];

export const meta: MetaFunction = () => [{ title: 'Group Order' }];

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const settings = await getShopSettings(storefront.shop);
  return {
    shop: storefront.shop,
    shopName: settings.shopName || storefront.shop.replace(/\.myshopify\.com$/, ''),
    loggedIn: Boolean(storefront.customerId),
  };
});

function Shell({
  children,
  shopName,
  loggedIn,
}: {
  children: React.ReactNode;
  shopName?: string;
  loggedIn?: boolean;
}) {
  const location = useLocation();
  return (
    <div className="storefront">
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to={sfPath('/host/create')} className="shell-brand">
            <span className="shell-brand__mark" aria-hidden="true">
              ☕
            </span>
            <span className="shell-brand__text">
              <span>Group Order</span>
              {shopName ? <span className="shell-brand__shop">{shopName}</span> : null}
            </span>
          </Link>
          <nav className="shell-nav" aria-label="Group order">
            <NavLink to={sfPath('/host/create')}>Start</NavLink>
            <NavLink to={sfPath('/find-order')}>Find order</NavLink>
            <NavLink to={sfPath('/my-orders')}>My orders</NavLink>
            {loggedIn === undefined ? null : loggedIn ? (
              <a href={sfPath('/api/logout')}>Log out</a>
            ) : (
              // Back to this page after logging in (the login route accepts only paths under the proxy).
              <a href={sfPath('/api/login', { return_to: location.pathname + location.search })}>Log in</a>
            )}
          </nav>
        </div>
      </header>
      {children}
    </div>
  );
}

export default function StorefrontLayout() {
  const { shopName, loggedIn } = useLoaderData<typeof loader>();
  return (
    <Shell shopName={shopName} loggedIn={loggedIn}>
      {/* Inside the shell so toasts inherit the storefront's type and colours. */}
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </Shell>
  );
}

/** The sentence a 400 carries: the text of the answer, or its JSON `message`. */
function refusalText(data: unknown) {
  if (typeof data === 'string') return data;
  return (data as { message?: string } | null)?.message ?? null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Present when a child page failed but this layout's own (signed) loader succeeded.
  const layout = useRouteLoaderData<typeof loader>('routes/apps.group-order');
  return (
    <Shell shopName={layout?.shopName} loggedIn={layout?.loggedIn}>
      <main className="shell-main shell-main--narrow" data-status={status}>
        {status === 401 ? (
          <div className="empty-state">
            <h1 className="empty-state__title">{STORE_ACCESS_REQUIRED}</h1>
            <div className="empty-state__body">
              <p>This page only works when it is opened through the shop.</p>
              <p>
                Open the shop&apos;s website and follow its Group Order link, or, if you run this shop, open
                Group Order from the <strong>Apps</strong> section of your Shopify store admin.
              </p>
            </div>
          </div>
        ) : status === 429 ? (
          <div className="empty-state">
            <h1 className="empty-state__title">Too many requests</h1>
            <div className="empty-state__body">
              {(isRouteErrorResponse(error) && (error.data as { message?: string } | null)?.message) ||
                'Please wait a few minutes, then try again.'}
            </div>
          </div>
        ) : status === 400 ? (
          <div className="empty-state">
            <h1 className="empty-state__title">This link does not work</h1>
            <div className="empty-state__body">
              {(isRouteErrorResponse(error) && refusalText(error.data)) ||
                'The address of this page cannot be read. Please check the link.'}
            </div>
            <div className="empty-state__actions">
              <Link className="btn btn--secondary" to={sfPath('/find-order')}>
                Find an order
              </Link>
            </div>
          </div>
        ) : status === 404 ? (
          <div className="empty-state">
            <h1 className="empty-state__title">{NOT_FOUND_PAGE}</h1>
            <div className="empty-state__body">The page you are looking for does not exist or has moved.</div>
            <div className="empty-state__actions">
              <Link className="btn btn--primary" to={sfPath('/host/create')}>
                Start a group order
              </Link>
              <Link className="btn btn--secondary" to={sfPath('/find-order')}>
                Find an order
              </Link>
            </div>
          </div>
        ) : (
          <div className="empty-state">
            <h1 className="empty-state__title">Something went wrong</h1>
            <div className="empty-state__body">
              We could not load this page. Please try again in a moment.
            </div>
            <div className="empty-state__actions">
              <a className="btn btn--primary" href="">
                Try again
              </a>
            </div>
          </div>
        )}
      </main>
    </Shell>
  );
}
