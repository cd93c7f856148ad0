import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { FindOrderForm, type FindProblem } from '~/components/storefront/host/FindOrderForm';
import { ButtonLink, Card, PageHeader } from '~/components/storefront/ui';
import { readFormBody } from '~/lib/body.server';
import { clientKey } from '~/lib/credentials.server';
import { DomainError, Invalid, Limited } from '~/lib/errors';
import { INVALID_EMAIL, isValidEmail } from '~/lib/hosting';
import { statusOf, withHttpErrors } from '~/lib/http.server';
import { sfPath } from '~/lib/paths';
import { findOrders, type FindMethod } from '~/models/groupOrder/findOrder.server';
import { HOST_LINK_MINUTES, requestHostLinksByEmail } from '~/models/groupOrder/hostLinks.server';
import { requestedLanguage } from '~/lib/language.server';
import { sayWith } from '~/lib/sentences.server';
import { pageLanguage } from '~/i18n.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { useT } from '~/components/i18n';
import { storefrontTitle } from '~/components/storefront/pageTitle';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = (args) => storefrontTitle(args, 'title.findOrder');

// Searching by code is a GET (the theme's no-JavaScript "join with a code" form lands here with ?code=).
// By e-mail is a POST that e-mails the address its host links and answers the same whatever it hosts
// (docs/decisions/2026-11-26-host-links.md); `?method=email` only opens that tab.
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const url = new URL(request.url);
  const code = url.searchParams.get('code')?.trim() ?? '';
  const method: FindMethod = url.searchParams.get('method') === 'email' && !code ? 'email' : 'code';
  const base = { method, query: code, problem: null as FindProblem | null };
  if (method === 'email' || !code) return base;
  try {
    const found = await findOrders(storefront.shop, clientKey(storefront.shop, request), 'code', code);
    // The theme's form passes the storefront's language (?locale=); the join page opens in it.
    const locale = url.searchParams.get('locale');
    const query = locale ? `?${new URLSearchParams({ locale })}` : '';
    return redirect(`${storefront.pathPrefix}/join/${found.join}${query}`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The page shows (and toasts) what went wrong under a title that says what was searched for.
    const problem = await problemIn(request, storefront.shop, error, 'find.notFound');
    return data({ ...base, problem }, { status: statusOf(error) });
  }
});

/** A refusal as the page shows it, under a title, both in the page's language (read only when refusing). */
async function problemIn(request: Request, shop: string, error: DomainError, title: string) {
  const words = await pageLanguage(request, shop);
  return {
    title: words.t(error instanceof Limited ? 'find.tooMany' : title),
    message: sayWith(words)(error.sentence ?? error.message),
  } satisfies FindProblem;
}

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  const form = await readFormBody(request);
  const email = String(form.get('email') ?? '').trim();
  const base = { method: 'email' as const, query: email };
  try {
    if (!email) throw new Invalid('Please enter a email address.');
    if (!isValidEmail(email)) throw new Invalid(INVALID_EMAIL);
    await requestHostLinksByEmail(
      storefront.shop,
      email,
      await linkBase(storefront),
      clientKey(storefront.shop, request),
      // The e-mail is written in the language of the page that asked (else the shop's).
      requestedLanguage(request),
    );
    // Said by the page in its language (find.sent).
    return { ...base, sent: { email, minutes: HOST_LINK_MINUTES }, problem: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const problem = await problemIn(request, storefront.shop, error, 'find.checkAddress');
    return data({ ...base, sent: null, problem }, { status: statusOf(error) });
  }
});

export default function FindOrder() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const t = useT();
  if (answered?.sent) {
    return (
      <main className="shell-main shell-main--narrow host-find">
        <PageHeader eyebrow={t('find.submit')} title={t('find.checkEmail')}>
          <p className="muted host-lede" role="status">
            {t('find.sent', answered.sent)}
          </p>
        </PageHeader>
        <Card>
          <p className="small">{t('find.emailFrom')}</p>
        </Card>
        <ButtonLink to={sfPath('/find-order')} variant="ghost" className="btn--block">
          {t('find.back')}
        </ButtonLink>
      </main>
    );
  }

  return (
    <main className="shell-main shell-main--narrow host-find">
      <PageHeader eyebrow={t('find.submit')} title={t('find.title')}>
        <p className="muted host-lede">{t('find.lede')}</p>
      </PageHeader>
      <FindOrderForm loaded={answered ?? loaded} />
      <div className="host-find__more">
        <ButtonLink to={sfPath('/host/create')} variant="secondary">
          {t('find.create')}
        </ButtonLink>
        <Link to={sfPath('/host/create')} className="btn btn--ghost">
          {t('find.home')}
        </Link>
      </div>
    </main>
  );
}
