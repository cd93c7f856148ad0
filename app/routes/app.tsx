import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Link, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { NavMenu } from '@shopify/app-bridge-react';
import { boundary } from '@shopify/shopify-app-remix/server';
import { AppProvider } from '@shopify/shopify-app-remix/react';
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url';
import { AdminLocaleProvider, useAdminPath } from '~/components/admin/adminLocale';
import { LanguageProvider, useT } from '~/components/i18n';
import { supportedLanguage } from '~/lib/language';
import { PSEUDO_LOCALE } from '~/lib/pseudoLocale';
import { adminLanguage } from '~/i18n.server';
import { authenticate } from '~/shopify.server';
import { env } from '~/env.server';

export const links = () => [{ rel: 'stylesheet', href: polarisStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  // The merchant's language (Shopify's `locale` on the app URL): the admin's messages and Polaris's own.
  const language = await adminLanguage(
    request,
    session.shop,
    session.onlineAccessInfo?.associated_user.locale,
  );
  return { apiKey: env.SHOPIFY_API_KEY, ...language };
}

/** A `locale` as the layout reads it: the pseudo tag as it is, any other by its language ('de-DE' is 'de'). */
const languageOf = (tag: string | null) => (tag === PSEUDO_LOCALE ? tag : supportedLanguage(tag));

// The layout's data (language and messages) stays across navigations and form posts inside the app, which
// carry the language it chose as `locale` (AdminLocaleProvider); a `locale` of another language (Shopify
// reloaded the app after the merchant switched) loads it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => {
  const next = languageOf(nextUrl.searchParams.get('locale'));
  return next !== null && next !== languageOf(currentUrl.searchParams.get('locale'));
};

// Every admin page has a title (axe: document-title); Shopify shows the app's own name around it.
export const meta: MetaFunction = () => [{ title: 'Group Order' }];

export default function App() {
  const { apiKey, language, intlLocale, messages, polaris, locale } = useLoaderData<typeof loader>();
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} i18n={polaris}>
      <LanguageProvider language={language} intlLocale={intlLocale} messages={messages}>
        <AdminLocaleProvider locale={locale}>
          <AdminNav />
          <Outlet />
        </AdminLocaleProvider>
      </LanguageProvider>
    </AppProvider>
  );
}

function AdminNav() {
  const t = useT();
  const path = useAdminPath();
  return (
    <NavMenu>
      <Link to={path('/app')} rel="home">
        {t('admin.nav.dashboard')}
      </Link>
      <Link to={path('/app/kitchen')}>{t('admin.nav.prepBoard')}</Link>
      <Link to={path('/app/menu')}>{t('admin.nav.menu')}</Link>
      <Link to={path('/app/statements')}>{t('money.statement.nav')}</Link>
      <Link to={path('/app/settings')}>{t('admin.nav.settings')}</Link>
    </NavMenu>
  );
}

// Shopify needs its own headers and error handling for embedded-app redirects to work.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export { adminHeaders as headers } from '~/shopify.server';
