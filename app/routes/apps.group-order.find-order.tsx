import {
  data,
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { FindOrderForm, type FindProblem } from '~/components/storefront/host/FindOrderForm';
import { FoundOrders } from '~/components/storefront/host/FoundOrders';
import { ButtonLink, PageHeader } from '~/components/storefront/ui';
import { clientKey } from '~/lib/credentials.server';
import { DomainError, Limited } from '~/lib/errors';
import { statusOf, withHttpErrors } from '~/lib/http.server';
import { sfPath } from '~/lib/paths';
import { findOrders, type FindMethod, type FoundOrder } from '~/models/groupOrder/findOrder.server';
import { requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = () => [{ title: 'Find Order · Group Order' }];

// Searching is a GET (the theme's no-JavaScript "join with a code" form lands here with ?code=).
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const url = new URL(request.url);
  const code = url.searchParams.get('code')?.trim() ?? '';
  const email = url.searchParams.get('email')?.trim() ?? '';
  const method: FindMethod =
    url.searchParams.get('method') === 'email' || (!code && email) ? 'email' : 'code';
  const query = method === 'email' ? email : code;
  const base = { method, query, problem: null as FindProblem | null, results: null as FoundOrder[] | null };
  if (!query) return base;
  try {
    const found = await findOrders(storefront.shop, clientKey(storefront.shop, request), method, query);
    if ('join' in found) return redirect(`${storefront.pathPrefix}/join/${found.join}`);
    return { ...base, results: found.results };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The page shows (and toasts) what went wrong under a title that says what was searched for.
    const title =
      error instanceof Limited
        ? 'Too many searches'
        : method === 'code'
          ? 'Order Not Found'
          : 'No Orders Found';
    return data({ ...base, problem: { title, message: error.message } }, { status: statusOf(error) });
  }
});

export default function FindOrder() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.results) {
    return (
      <main className="shell-main shell-main--narrow host-find">
        <PageHeader eyebrow="FIND ORDER" title="YOUR ORDERS">
          <p className="muted host-lede">Orders hosted with {loaded.query.toLowerCase()}.</p>
        </PageHeader>
        <FoundOrders orders={loaded.results} />
        <ButtonLink to={sfPath('/find-order')} variant="ghost" className="btn--block">
          Back to Search
        </ButtonLink>
      </main>
    );
  }

  return (
    <main className="shell-main shell-main--narrow host-find">
      <PageHeader eyebrow="FIND ORDER" title="Find your group order">
        <p className="muted host-lede">
          Join with the code you were given, or find the orders you host by e-mail.
        </p>
      </PageHeader>
      <FindOrderForm loaded={loaded} />
      <div className="host-find__more">
        <ButtonLink to={sfPath('/host/create')} variant="secondary">
          Create New Order
        </ButtonLink>
        <Link to={sfPath('/host/create')} className="btn btn--ghost">
          ← Back to Home
        </Link>
      </div>
    </main>
  );
}
