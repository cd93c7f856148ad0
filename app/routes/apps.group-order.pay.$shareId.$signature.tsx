import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ButtonLink, EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { countMiss } from '~/models/limits/rateLimits.server';
import { openShareCheckout } from '~/models/groupOrder/sharePayment.server';
import { clientKey } from '~/lib/credentials.server';
import { withHttpErrors } from '~/lib/http.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { useT } from '~/components/i18n';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

// /pay/{shareId}/{signature}: "Pay my share", from the guest's confirmed page or their e-mail. The link is
// signed for this shop and this share (sharePayment.server.ts); a good one goes on to the share's Shopify
// invoice checkout, at the amount the guest owes now. Anything else is a sentence and changes nothing.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const opened = await openShareCheckout(shop, { shareId: params.shareId, signature: params.signature });
  if ('url' in opened) return redirect(opened.url, 303);
  if (opened.refused === 'bad-link') await countMiss(clientKey(shop, request));
  const status = {
    'bad-link': 404,
    paid: 409,
    cancelled: 409,
    nothing: 409,
    'not-ready': 503,
    'left-out': 409,
  }[opened.refused];
  return data({ refused: opened.refused }, { status, headers: { 'Cache-Control': 'no-store' } });
});

export default function PayPage() {
  const { refused } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main className="shell-main shell-main--narrow guest">
      <h1 className="visually-hidden">{t('money.pay.title')}</h1>
      <EmptyState
        title={t(refused === 'left-out' ? 'money.deadline.pay.refused' : `money.pay.refused.${refused}`)}
        actions={<ButtonLink to={sfPath('/my-orders')}>{t('money.pay.myOrders')}</ButtonLink>}
      >
        {t(refused === 'left-out' ? 'money.deadline.pay.refusedBody' : `money.pay.refusedBody.${refused}`)}
      </EmptyState>
    </main>
  );
}
