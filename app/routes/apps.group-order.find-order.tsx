import {
  data,
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, ButtonLink, Card, PageHeader } from '~/components/storefront/ui';
import { useToast } from '~/components/storefront/toast';
import { normalizeCode } from '~/lib/code';
import { INVALID_EMAIL, isValidEmail } from '~/lib/hosting';
import { sfPath } from '~/lib/paths';
import { formatDateTime } from '~/lib/time';
import { findGroupOrderByCode } from '~/models/groupOrder/groupOrder.server';
import { consumeOrRefuse } from '~/models/limits/hostRateLimits.server';
import { findOrdersByHostEmail } from '~/models/groupOrder/hosting.server';
import { requireStorefront } from '~/storefront.server';
import hostCss from '~/styles/host.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { Limited } from '~/lib/errors';
import { orderTitle } from '~/lib/groupOrder';
import { clientKey } from '~/lib/credentials.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: hostCss }];
export const meta: MetaFunction = () => [{ title: 'Find Order · Group Order' }];

type Method = 'code' | 'email';
type Problem = { title: string; message: string };

const CODE_HINT = 'Order codes are 4-6 letters or numbers, like ABC123.';

// Searching is a GET (the theme's no-JavaScript "join with a code" form lands here with ?code=).
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const url = new URL(request.url);
  const code = url.searchParams.get('code')?.trim() ?? '';
  const email = url.searchParams.get('email')?.trim() ?? '';
  const method: Method = url.searchParams.get('method') === 'email' || (!code && email) ? 'email' : 'code';
  const query = method === 'email' ? email : code;
  const base = {
    method,
    query,
    problem: null as Problem | null,
    results: null as null | ReturnType<typeof card>[],
  };
  if (!query) return base;

  const refuse = (problem: Problem, status = 400) => data({ ...base, problem }, { status });
  if (method === 'code' && !normalizeCode(query))
    return refuse({ title: 'Order Not Found', message: CODE_HINT });
  if (method === 'email' && !isValidEmail(query))
    return refuse({ title: 'No Orders Found', message: INVALID_EMAIL });
  try {
    await consumeOrRefuse('lookups', clientKey(storefront.shop, request));
  } catch (error) {
    if (error instanceof Limited) {
      return refuse({ title: 'Too many searches', message: error.message }, 429);
    }
    throw error;
  }
  const join = (orderCode: string) => redirect(`${storefront.pathPrefix}/join/${orderCode}`);

  if (method === 'code') {
    const order = await findGroupOrderByCode(storefront.shop, query);
    if (!order)
      return refuse(
        { title: 'Order Not Found', message: 'Could not find an order with that information.' },
        404,
      );
    return join(order.code);
  }
  const orders = await findOrdersByHostEmail(storefront.shop, query);
  if (orders.length === 0) {
    return refuse(
      { title: 'No Orders Found', message: 'No active orders found for this email address.' },
      404,
    );
  }
  if (orders.length === 1) return join(orders[0].code);
  return { ...base, results: orders.map(card) };
});

function card(order: Awaited<ReturnType<typeof findOrdersByHostEmail>>[number]) {
  return {
    id: order.id,
    code: order.code,
    title: orderTitle(order),
    active: order.status === 'active',
    pickup: formatDateTime(order.pickupAt, order.timeZone),
    deadline: formatDateTime(order.deadlineAt, order.timeZone),
  };
}

export default function FindOrder() {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const [method, setMethod] = useState<Method>(loaded.method);
  const [query, setQuery] = useState(loaded.query);
  const [error, setError] = useState<string | null>(null);
  const searching = navigation.state !== 'idle' && navigation.location?.pathname.endsWith('/find-order');

  useEffect(() => {
    setMethod(loaded.method);
    setQuery(loaded.query);
    if (loaded.problem)
      toast.show({ title: loaded.problem.title, description: loaded.problem.message, tone: 'error' });
  }, [loaded, toast]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = query.trim();
    if (!value) return setError(`Please enter a ${method === 'code' ? 'order code' : 'email address'}.`);
    if (method === 'code' && !normalizeCode(value)) return setError(CODE_HINT);
    if (method === 'email' && !isValidEmail(value)) return setError(INVALID_EMAIL);
    setError(null);
    submit({ method, [method]: method === 'code' ? value.toUpperCase() : value }, { method: 'get' });
  }

  if (loaded.results) {
    return (
      <main className="shell-main shell-main--narrow host-find">
        <PageHeader eyebrow="FIND ORDER" title="YOUR ORDERS">
          <p className="muted host-lede">Orders hosted with {loaded.query.toLowerCase()}.</p>
        </PageHeader>
        <ul className="host-results">
          {loaded.results.map((order) => (
            <li key={order.id}>
              <Card as="article" className="host-result">
                <div className="row row--between">
                  <h2>{order.title}</h2>
                  {order.active ? (
                    <Badge tone="success">Accepting Orders</Badge>
                  ) : (
                    <Badge tone="info">Submitted</Badge>
                  )}
                </div>
                <dl className="host-dl">
                  <dt>Pickup</dt>
                  <dd>{order.pickup}</dd>
                  <dt>Deadline</dt>
                  <dd>{order.deadline}</dd>
                  <dt>Code</dt>
                  <dd>{order.code}</dd>
                </dl>
                <div className="host-result__actions">
                  <ButtonLink to={sfPath(`/join/${order.code}`)}>Join Order</ButtonLink>
                  <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)} variant="secondary">
                    View Dashboard
                  </ButtonLink>
                </div>
              </Card>
            </li>
          ))}
        </ul>
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
      <Card>
        <Form method="get" onSubmit={onSubmit} noValidate className="stack">
          <p className="field__label host-find__label" aria-hidden="true">
            Search by
          </p>
          <fieldset className="host-segmented">
            <legend className="visually-hidden">Search by</legend>
            {(['code', 'email'] as const).map((option) => (
              <label
                key={option}
                className={`host-segmented__option ${method === option ? 'is-selected' : ''}`}
              >
                <input
                  type="radio"
                  name="method"
                  value={option}
                  checked={method === option}
                  onChange={() => {
                    setMethod(option);
                    setQuery('');
                    setError(null);
                  }}
                />
                <span>{option === 'code' ? 'Order Code' : 'Your Email'}</span>
              </label>
            ))}
          </fieldset>
          <div className={`field ${error ? 'field--error' : ''}`}>
            <label className="field__label" htmlFor="find-query">
              {method === 'code' ? 'Order code' : 'Email address'}
            </label>
            <input
              id="find-query"
              className={`input ${method === 'code' ? 'host-code-input' : ''}`}
              name={method}
              type={method === 'email' ? 'email' : 'text'}
              inputMode={method === 'email' ? 'email' : 'text'}
              autoComplete={method === 'email' ? 'email' : 'off'}
              autoCapitalize={method === 'code' ? 'characters' : 'none'}
              maxLength={method === 'code' ? 6 : 254}
              placeholder={method === 'code' ? 'ABC123' : 'you@company.com'}
              value={query}
              onChange={(event) =>
                setQuery(method === 'code' ? event.target.value.toUpperCase() : event.target.value)
              }
              aria-invalid={error ? true : undefined}
              aria-describedby="find-hint"
            />
            <p className="field__hint" id="find-hint">
              {method === 'code' ? '4-6 character code' : 'The e-mail address you created the order with'}
            </p>
            {error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          {loaded.problem ? (
            <div className="notice notice--critical" role="alert">
              <strong>{loaded.problem.title}</strong>
              <div className="small">{loaded.problem.message}</div>
            </div>
          ) : null}
          <Button type="submit" className="btn--block" disabled={searching}>
            {searching ? 'Searching...' : 'FIND ORDER'}
          </Button>
        </Form>
      </Card>
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
