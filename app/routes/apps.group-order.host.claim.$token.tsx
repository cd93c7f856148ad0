import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate, useParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink, EmptyState, Spinner } from '~/components/storefront/ui';
import { callApi, readHostToken, saveHostToken } from '~/components/storefront/host/api';
import { sfPath } from '~/lib/paths';
import { peekOwnerClaim } from '~/models/groupOrder/hostDevices.server';
import { requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { orderTitle } from '~/lib/groupOrder';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = (args) => storefrontTitle(args, 'host.title.claim');

// Opening the e-mailed link only looks the claim up; it is used by a POST from the page's script, so a
// mail scanner that fetches links cannot spend it.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const order = await peekOwnerClaim(storefront.shop, params.token ?? '');
  // The title is said by the page, in its language (no settings read here for it).
  return { order: order ? { id: order.id, name: order.name, companyName: order.companyName } : null };
});

export default function ClaimOwnership() {
  const { order } = useLoaderData<typeof loader>();
  const { token } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  async function redeem() {
    setError(null);
    const result = await callApi<{ groupOrderId: number; hostToken: string }>(`/owner-claims/${token}`, {
      method: 'POST',
    });
    if (!result.ok) {
      setError(result.body.message || t('host.claim.failed'));
      return;
    }
    saveHostToken(result.body.groupOrderId, result.body.hostToken);
    navigate(sfPath(`/host/dashboard/${result.body.groupOrderId}`, { claimed: '1' }), { replace: true });
  }

  useEffect(() => {
    if (!order || started.current) return;
    started.current = true;
    // The browser that created the order (or one added before) already manages it: the link is kept for
    // another device rather than spent here, and nobody is told a device was added.
    if (readHostToken(order.id)) {
      navigate(sfPath(`/host/dashboard/${order.id}`), { replace: true });
      return;
    }
    redeem();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  if (!order || error) {
    return (
      <main className="shell-main shell-main--narrow">
        <EmptyState
          title={t('host.claim.gone')}
          actions={<ButtonLink to={sfPath('/find-order')}>{t('host.claim.find')}</ButtonLink>}
        >
          {error ?? t('host.claim.goneBody')}
        </EmptyState>
        {error && order ? (
          <div className="empty-state__actions">
            <Button variant="secondary" onClick={redeem}>
              {t('error.tryAgain')}
            </Button>
          </div>
        ) : null}
      </main>
    );
  }
  return (
    <main className="shell-main shell-main--narrow">
      <EmptyState title={t('host.claim.opening', { title: orderTitle(order, t) })}>
        {t('host.claim.making')}
      </EmptyState>
      <Spinner label={t('host.claim.spinner')} />
    </main>
  );
}
