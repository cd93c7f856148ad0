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
import { requestShopSettings } from '~/models/shop/settings.server';
import { requireStorefront } from '~/storefront.server';
import { sfPath } from '~/lib/paths';
import storefrontCss from '~/styles/storefront.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { formatLocale } from '~/lib/language';
import { requestLanguage } from '~/lib/language.server';
import { pageCatalog } from '~/i18n.server';
import { LanguageProvider, useT } from '~/components/i18n';
import { LanguagePicker, useStickyLanguage } from '~/components/storefront/LanguagePicker';
import { storefrontTitle } from '~/components/storefront/pageTitle';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: storefrontCss }];

// Pages without their own title (join, menu, review, confirmed, not ordering, error pages) go by the name.
export const meta: MetaFunction = (args) => storefrontTitle(args, 'shell.brand');

export const loader = withHttpErrors(async function loader({ request, context }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request).catch(async (thrown: unknown) => {
    throw await refusalInLanguage(thrown, request);
  });
  const settings = await requestShopSettings(context, storefront.shop);
  return {
    shop: storefront.shop,
    shopName: settings.shopName || storefront.shop.replace(/\.myshopify\.com$/, ''),
    loggedIn: Boolean(storefront.customerId),
    ...storefrontLanguage(request, settings.locale),
  };
});

/** The page's language (locale param, Accept-Language, shop's language, English) and its catalog's address. */
function storefrontLanguage(request: Request, shopLocale: string) {
  const language = requestLanguage(request, shopLocale);
  return {
    language,
    intlLocale: formatLocale(language, shopLocale),
    ...pageCatalog(request, language),
  };
}

/**
 * A refused page (unsigned, unreadable address, too many requests) still speaks the visitor's language:
 * the refusal carries its sentence and the language's catalog to the error page. A redirect passes.
 */
async function refusalInLanguage(thrown: unknown, request: Request) {
  if (!(thrown instanceof Response) || thrown.status < 400) return thrown;
  const headers = new Headers(thrown.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  const message = await thrown.text();
  return Response.json(
    { message, ...storefrontLanguage(request, '') },
    { status: thrown.status, statusText: thrown.statusText, headers },
  );
}

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
  const t = useT();
  return (
    <div className="storefront">
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to={sfPath('/host/create')} className="shell-brand">
            <span className="shell-brand__mark" aria-hidden="true">
              ☕
            </span>
            <span className="shell-brand__text">
              <span>{t('shell.brand')}</span>
              {shopName ? <span className="shell-brand__shop">{shopName}</span> : null}
            </span>
          </Link>
          <nav className="shell-nav" aria-label={t('shell.navLabel')}>
            <NavLink to={sfPath('/host/create')}>{t('shell.start')}</NavLink>
            <NavLink to={sfPath('/find-order')}>{t('shell.findOrder')}</NavLink>
            <NavLink to={sfPath('/my-orders')}>{t('shell.myOrders')}</NavLink>
            {loggedIn === undefined ? null : loggedIn ? (
              <a href={sfPath('/api/logout')}>{t('shell.logOut')}</a>
            ) : (
              // Back to this page after logging in (the login route accepts only paths under the proxy).
              <a href={sfPath('/api/login', { return_to: location.pathname + location.search })}>
                {t('shell.logIn')}
              </a>
            )}
          </nav>
          {/* Outside the nav, which wraps on phones: the picker stays at the end of the first row. */}
          <LanguagePicker />
        </div>
      </header>
      {children}
    </div>
  );
}

export default function StorefrontLayout() {
  const { shopName, loggedIn, language, intlLocale, catalog, catalogs } = useLoaderData<typeof loader>();
  useStickyLanguage(language, catalogs);
  return (
    <LanguageProvider language={language} intlLocale={intlLocale} catalog={catalog} catalogs={catalogs}>
      <Shell shopName={shopName} loggedIn={loggedIn}>
        {/* Inside the shell so toasts inherit the storefront's type and colours. */}
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </Shell>
    </LanguageProvider>
  );
}

/** The sentence a 400 carries: the text of the answer, or its JSON `message`. */
function refusalText(data: unknown) {
  if (typeof data === 'string') return data;
  return (data as { message?: string } | null)?.message || null;
}

type LanguageData = Pick<
  ReturnType<typeof storefrontLanguage>,
  'language' | 'intlLocale' | 'catalog' | 'catalogs'
>;

/** The language a refusal of the layout's own loader carried (see refusalInLanguage). */
function refusalLanguage(error: unknown): LanguageData | null {
  if (!isRouteErrorResponse(error)) return null;
  const data = error.data as Partial<LanguageData> | null;
  return data && typeof data === 'object' && data.language && data.catalog && data.intlLocale
    ? (data as LanguageData)
    : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Present when a child page failed but this layout's own (signed) loader succeeded.
  const layout = useRouteLoaderData<typeof loader>('routes/apps.group-order');
  const language = layout ?? refusalLanguage(error);
  if (!language) {
    // The layout itself failed in an unforeseen way: no language is known, so plain English.
    return (
      <main className="shell-main shell-main--narrow" data-status={status}>
        <h1 className="empty-state__title">Something went wrong</h1>
        <p>We could not load this page. Please try again in a moment.</p>
      </main>
    );
  }
  return (
    <LanguageProvider
      language={language.language}
      intlLocale={language.intlLocale}
      catalog={language.catalog}
      catalogs={language.catalogs}
    >
      <Shell shopName={layout?.shopName} loggedIn={layout?.loggedIn}>
        <main className="shell-main shell-main--narrow" data-status={status}>
          <ErrorPage status={status} refusal={isRouteErrorResponse(error) ? refusalText(error.data) : null} />
        </main>
      </Shell>
    </LanguageProvider>
  );
}

function ErrorPage({ status, refusal }: { status: number; refusal: string | null }) {
  const t = useT();
  if (status === 401)
    return (
      <div className="empty-state">
        <h1 className="empty-state__title">{t('error.storeAccess.title')}</h1>
        <div className="empty-state__body">
          <p>{t('error.storeAccess.body')}</p>
          <p>{t('error.storeAccess.how')}</p>
        </div>
      </div>
    );
  if (status === 429)
    return (
      <div className="empty-state">
        <h1 className="empty-state__title">{t('error.tooMany.title')}</h1>
        <div className="empty-state__body">{refusal || t('error.tooMany.body')}</div>
      </div>
    );
  if (status === 400)
    return (
      <div className="empty-state">
        <h1 className="empty-state__title">{t('error.badLink.title')}</h1>
        <div className="empty-state__body">{refusal || t('error.badLink.body')}</div>
        <div className="empty-state__actions">
          <Link className="btn btn--secondary" to={sfPath('/find-order')}>
            {t('error.findAnOrder')}
          </Link>
        </div>
      </div>
    );
  if (status === 404)
    return (
      <div className="empty-state">
        <h1 className="empty-state__title">{t('error.notFound.title')}</h1>
        <div className="empty-state__body">{t('error.notFound.body')}</div>
        <div className="empty-state__actions">
          <Link className="btn btn--primary" to={sfPath('/host/create')}>
            {t('error.startOrder')}
          </Link>
          <Link className="btn btn--secondary" to={sfPath('/find-order')}>
            {t('error.findAnOrder')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="empty-state">
      <h1 className="empty-state__title">{t('error.failed.title')}</h1>
      <div className="empty-state__body">{t('error.failed.body')}</div>
      <div className="empty-state__actions">
        <a className="btn btn--primary" href="">
          {t('error.tryAgain')}
        </a>
      </div>
    </div>
  );
}
