import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { LabelRoll, OrderSheet } from '~/components/admin/kitchen/Prints';
import { withHttpErrors } from '~/lib/http.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { shopLanguage } from '~/models/kitchen/prepTexts.server';
import { PRINT_LINK_REFUSED, verifyPrintLink } from '~/models/kitchen/printLinks.server';

// /app/print/{labels|sheet}/{id}?shop&expires&signature: an order's labels or order sheet in a tab of its
// own, outside the embedded layout (no session token comes with a new tab). The link is the credential:
// signed by the prep board for one shop, one order and one kind, for a short time (printLinks.server.ts).

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

function refuse(status: number, message: string): never {
  throw new Response(message, {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const link = verifyPrintLink(params, new URL(request.url).searchParams);
  if (!link) refuse(403, PRINT_LINK_REFUSED);
  const language = await shopLanguage(link.shop);
  const order = await getPrepOrder(link.shop, link.id, { kind: link.kind, language });
  if (!order) refuse(404, 'That submitted group order was not found in your shop.');
  return { kind: link.kind, order };
});

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data ? data.order.toolbar.title : 'Print link not valid',
  },
  { name: 'robots', content: 'noindex' },
];

export default function PrintPage() {
  const { kind, order } = useLoaderData<typeof loader>();
  return kind === 'labels' ? (
    <LabelRoll order={order} backLink={false} />
  ) : (
    <OrderSheet order={order} backLink={false} />
  );
}

/** A refused or stale link says what to do, in a sentence. */
export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : 'This print could not be shown. Open it again from the prep board.';
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}>
      <h1>Print not available</h1>
      <p>{message}</p>
    </main>
  );
}
