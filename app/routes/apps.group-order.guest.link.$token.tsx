import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate, useParams } from '@remix-run/react';
import { useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { ensureDeviceKey, ensureGuestToken, saveGuestEmail } from '~/components/storefront/guest/guestToken';
import { Button, ButtonLink, Card, EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { orderTitle } from '~/lib/groupOrder';
import { withHttpErrors } from '~/lib/http.server';
import { peekGuestLink } from '~/models/groupOrder/guestLinks.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];
export const meta: MetaFunction = (args) => storefrontTitle(args, 'host.title.guestLink');

// A guest's e-mailed one-time link (guestLinks.server.ts). Opening it only looks the link up; it is used
// when the person presses the button (a POST with this browser's guest token), so a mail scanner that
// fetches links cannot spend it.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  return { link: await peekGuestLink(shop, params.token ?? '') };
});

type Redeemed = {
  groupOrderId: number;
  guestName: string;
  initials: string | null;
  email: string | null;
  hasItems: boolean;
};

export default function GuestLinkPage() {
  const { link } = useLoaderData<typeof loader>();
  const { token } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function redeem() {
    if (!link) return;
    setBusy(true);
    setError(null);
    const result = await callApi<Redeemed>(`/guest-links/${token}`, {
      method: 'POST',
      body: { deviceKey: ensureDeviceKey() },
      guestToken: ensureGuestToken(link.groupOrderId),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.body.message || t('host.claim.failed'));
      return;
    }
    const { groupOrderId, guestName, initials, email, hasItems } = result.body;
    saveGuestEmail(groupOrderId, email);
    // Their items when they have some; otherwise the menu (the address is proven for the usual order now).
    const to = hasItems
      ? sfPath(`/confirmed/${groupOrderId}/${encodeURIComponent(guestName)}`, { initials })
      : sfPath(`/order/${groupOrderId}`, { guest: guestName, initials });
    navigate(to, { replace: true });
  }

  if (!link) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <EmptyState
          title={t('host.claim.gone')}
          actions={<ButtonLink to={sfPath('/find-order')}>{t('host.claim.find')}</ButtonLink>}
        >
          {t('host.link.goneBody')}
        </EmptyState>
      </main>
    );
  }
  return (
    <main className="shell-main shell-main--narrow guest">
      <header className="join-hero">
        <p className="join-hero__eyebrow">{t('host.link.eyebrow')}</p>
        <h1 className="join-hero__title">{orderTitle(link.order, t)}</h1>
      </header>
      <Card>
        <h2>{t('host.link.question', { name: link.guestName })}</h2>
        <div className="stack">
          <p className="muted">{t('host.link.body', { name: link.guestName })}</p>
          {error ? (
            <p className="notice notice--critical" role="alert">
              {error}
            </p>
          ) : null}
          <Button className="btn--block" onClick={redeem} disabled={busy}>
            {busy ? t('host.link.opening') : t('host.link.open')}
          </Button>
          <p className="muted small">{t('host.link.notYou')}</p>
        </div>
      </Card>
    </main>
  );
}
