import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ButtonLink, EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { consumeOrRefuse, countMiss } from '~/models/limits/rateLimits.server';
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
  // The same per-client read budget as every page and API read of an order (rateLimitBudgets.ts).
  await consumeOrRefuse('orderReads', clientKey(shop, request));
  const opened = await openShareCheckout(shop, { shareId: params.shareId, signature: params.signature });
  if ('url' in opened) return redirect(opened.url, 303);
  if (opened.refused === 'bad-link') await countMiss(clientKey(shop, request));
  const status = {
    'bad-link': 404,
    paid: 409,
    cancelled: 409,
    closed: 409,
    nothing: 409,
    'not-ready': 503,
    'left-out': 409,
  }[opened.refused];
  return data({ refused: opened.refused }, { status, headers: { 'Cache-Control': 'no-store' } });
});

/** Refusals whose sentences live with the part that added them (the deadline's, the money proof's). */
const PAGE_TITLES: Record<string, string> = {
  'left-out': 'money.deadline.pay.refused',
  closed: 'money.proof.pay.closed',
};
const PAGE_BODIES: Record<string, string> = {
  'left-out': 'money.deadline.pay.refusedBody',
  closed: 'money.proof.pay.closedBody',
};

export default function PayPage() {
  const { refused } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main className="shell-main shell-main--narrow guest">
      <h1 className="visually-hidden">{t('money.pay.title')}</h1>
      <EmptyState
        title={t(PAGE_TITLES[refused] ?? `money.pay.refused.${refused}`)}
        actions={<ButtonLink to={sfPath('/my-orders')}>{t('money.pay.myOrders')}</ButtonLink>}
      >
        {t(PAGE_BODIES[refused] ?? `money.pay.refusedBody.${refused}`)}
      </EmptyState>
    </main>
  );
}
