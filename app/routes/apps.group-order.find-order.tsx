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
import { FoundOrders } from '~/components/storefront/host/FoundOrders';
import { ButtonLink, PageHeader } from '~/components/storefront/ui';
import { clientKey } from '~/lib/credentials.server';
import { DomainError, Limited } from '~/lib/errors';
import { statusOf, withHttpErrors } from '~/lib/http.server';
import { sfPath } from '~/lib/paths';
import { findOrders, type FindMethod, type FoundOrder } from '~/models/groupOrder/findOrder.server';
import { requireStorefront, type Storefront } from '~/storefront.server';
import { readFormBody } from '~/lib/body.server';
import hostCss from '~/styles/host.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = () => [{ title: 'Find Order · Group Order' }];

// Searching by code is a GET (the theme's no-JavaScript "join with a code" form lands here with ?code=).
// Searching by e-mail is a POST from this page, so the address never lands in a URL (history, logs,
// referrers); a spec link's ?email= is still answered.
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const url = new URL(request.url);
  return search(storefront, request, {
    code: url.searchParams.get('code'),
    email: url.searchParams.get('email'),
    method: url.searchParams.get('method'),
  });
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const { message } = (await error.json()) as { message: string };
    return data(
      {
        method: 'email' as FindMethod,
        query: '',
        problem: { title: 'No Orders Found', message } as FindProblem | null,
        results: null as FoundOrder[] | null,
      },
      { status: error.status },
    );
  }
  return search(storefront, request, {
    code: form.get('code'),
    email: form.get('email'),
    method: form.get('method'),
  });
});

async function search(
  storefront: Storefront,
  request: Request,
  fields: { code: unknown; email: unknown; method: unknown },
) {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const code = text(fields.code);
  const email = text(fields.email);
  const method: FindMethod = fields.method === 'email' || (!code && email) ? 'email' : 'code';
  const query = method === 'email' ? email : code;
  const base = { method, query, problem: null as FindProblem | null, results: null as FoundOrder[] | null };
  if (!query) return data(base);
  try {
    const found = await findOrders(storefront.shop, clientKey(storefront.shop, request), method, query);
    if ('join' in found) return redirect(`${storefront.pathPrefix}/join/${found.join}`);
    return data({ ...base, results: found.results });
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
}

export default function FindOrder() {
  const searched = useLoaderData<typeof loader>();
  // An e-mail search (a POST) answers through the action; a code search or a link through the loader.
  const posted = useActionData<typeof action>();
  const loaded = posted ?? searched;
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
