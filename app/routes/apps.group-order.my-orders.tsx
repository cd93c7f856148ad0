import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Await, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import { Avatar } from '~/components/storefront/host/Avatar';
import { MyOrderList, OrdersSkeleton } from '~/components/storefront/host/MyOrderCards';
import { ButtonLink, Card, EmptyState, PageHeader } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { myOrderCards } from '~/models/groupOrder/myOrders.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { pageLanguage } from '~/i18n.server';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = (args) => storefrontTitle(args, 'host.title.myOrders');

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (!storefront.customerId) return { loggedIn: false as const };
  // The orders stream in after the page shell (skeletons meanwhile); the profile comes from Shopify, and
  // its e-mail also finds the orders hosted or joined with it.
  const profileRead = getCustomerProfile(storefront);
  const words = await pageLanguage(request, storefront.shop);
  const orders = myOrderCards(
    storefront.shop,
    storefront.customerId,
    profileRead.then((p) => p?.email ?? null),
    linkBase(storefront),
    words,
  );
  const profile = await profileRead;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return {
    loggedIn: true as const,
    customer: { name: name || null, email: profile?.email ?? null, imageUrl: profile?.imageUrl ?? null },
    orders,
  };
});

export default function MyOrders() {
  const loaded = useLoaderData<typeof loader>();
  const t = useT();
  if (!loaded.loggedIn) {
    return (
      <main className="shell-main shell-main--narrow">
        <EmptyState
          headingLevel="h1"
          title={t('host.my.logInTitle')}
          actions={
            <>
              <a
                className="btn btn--primary"
                href={sfPath('/api/login', { return_to: sfPath('/my-orders') })}
              >
                {t('shell.logIn')}
              </a>
              <ButtonLink to={sfPath('/find-order')} variant="secondary">
                {t('host.my.findInstead')}
              </ButtonLink>
            </>
          }
        >
          {t('host.my.logInBody')}
        </EmptyState>
      </main>
    );
  }
  const { customer } = loaded;
  const shown = customer.name ?? customer.email ?? t('host.my.yourAccount');
  return (
    <main className="shell-main host-my-orders">
      <PageHeader eyebrow={t('host.my.eyebrow')} title={t('host.my.title')} />
      <Card className="host-profile">
        <Avatar name={shown} imageUrl={customer.imageUrl} />
        <div className="host-profile__text">
          <strong data-testid="customer-name">{shown}</strong>
          {customer.name && customer.email ? <span className="muted small">{customer.email}</span> : null}
        </div>
        <div className="host-profile__actions">
          <ButtonLink to={sfPath('/host/create')}>{t('host.my.createNew')}</ButtonLink>
          <a className="btn btn--ghost" href={sfPath('/api/logout')}>
            {t('host.my.logOut')}
          </a>
        </div>
      </Card>
      <Suspense fallback={<OrdersSkeleton />}>
        <Await
          resolve={loaded.orders}
          errorElement={<p className="notice notice--critical">{t('host.my.loadFailed')}</p>}
        >
          {(orders) => <MyOrderList orders={orders} />}
        </Await>
      </Suspense>
    </main>
  );
}
