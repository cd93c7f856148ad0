import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation, useParams } from '@remix-run/react';
import { NotOrderingCard } from '~/components/storefront/missing/NotOrdering';
import { ButtonLink, EmptyState } from '~/components/storefront/ui';
import { readFormBody } from '~/lib/body.server';
import { sfPath } from '~/lib/paths';
import { countMiss } from '~/models/limits/rateLimits.server';
import { notOrderingView } from '~/models/groupOrder/notOrdering.server';
import { answerNotOrdering } from '~/notOrderingAnswer.server';
import { clientKey } from '~/lib/credentials.server';
import { withHttpErrors } from '~/lib/http.server';
import { requireStorefront } from '~/storefront.server';
import guestCss from '~/styles/guest.css?url';
import { pageLanguage } from '~/i18n.server';
import { useT } from '~/components/i18n';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

// /not-ordering/{token}: the invitation (and reminder) e-mail's "I'm not ordering this time" link. The page
// asks; the button answers, once, for the invitee the token names (HMAC-checked: that order, that shop).
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const view = await notOrderingView(shop, params.token ?? '', await pageLanguage(request, shop));
  if (!view) {
    await countMiss(clientKey(shop, request));
    return data({ view: null }, { status: 404 });
  }
  return { view };
});

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  try {
    await readFormBody(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const { message } = (await error.json()) as { message: string };
    return data({ error: message }, { status: error.status });
  }
  return answerNotOrdering(request, shop, params.token ?? '');
});

export default function NotOrderingPage() {
  const { view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { token = '' } = useParams();
  const t = useT();
  if (!view) {
    return (
      <main className="shell-main shell-main--narrow guest">
        <h1 className="visually-hidden">{t('host.not.hidden')}</h1>
        <EmptyState
          title={t('host.not.invalid')}
          actions={<ButtonLink to={sfPath('/find-order')}>{t('error.findAnOrder')}</ButtonLink>}
        >
          {t('host.not.invalidBody')}
        </EmptyState>
      </main>
    );
  }
  const declined = view.declined || Boolean(result && 'declined' in result);
  return (
    <main className="shell-main shell-main--narrow guest">
      <header className="join-hero">
        <p className="join-hero__eyebrow">{t('host.not.eyebrow', { code: view.code })}</p>
        <h1 className="join-hero__title">{view.title}</h1>
        <p className="join-hero__host">
          {t('host.not.hostedBy', { host: view.hostName, company: view.companyName })}
        </p>
      </header>
      <NotOrderingCard
        view={{ ...view, declined }}
        token={token}
        error={result && 'error' in result ? result.error : null}
        busy={navigation.state !== 'idle'}
      />
    </main>
  );
}
