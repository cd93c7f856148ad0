import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { LabelRoll, OrderSheet } from '~/components/admin/kitchen/Prints';
import { withHttpErrors } from '~/lib/http.server';
import { printPageWords } from '~/i18n.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { verifyPrintLink } from '~/models/kitchen/printLinks.server';

// /app/print/{labels|sheet}/{id}?shop&expires&signature: an order's labels or order sheet in a tab of its
// own, outside the embedded layout (no session token comes with a new tab). The link is the credential:
// signed by the prep board for one shop, one order and one kind, for a short time (printLinks.server.ts).

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/** What the refused page says (ErrorBoundary), in the reader's language. */
type Refusal = { language: string; title: string; heading: string; message: string };

/** A refused or stale link's page, in `words`' language (i18n.server.ts printPageWords). */
function refuse(
  status: number,
  reason: 'refused' | 'notFound',
  words: Awaited<ReturnType<typeof printPageWords>>,
): never {
  const { t, language } = words;
  const body: Refusal = {
    language,
    title: t('admin.print.refusedTitle'),
    heading: t('admin.print.unavailable'),
    message: t(`admin.print.${reason}`),
  };
  throw Response.json(body, { status, headers: NO_STORE });
}

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const link = verifyPrintLink(params, search);
  // A refused link says so in the `locale` it carries, the browser's language, or its shop's.
  const named = search.get('shop') ?? '';
  if (!link)
    refuse(
      403,
      'refused',
      await printPageWords(request, /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(named) ? named : null),
    );
  const words = await printPageWords(request, link.shop);
  const order = await getPrepOrder(link.shop, link.id, { kind: link.kind, language: words.language });
  if (!order) refuse(404, 'notFound', words);
  return { kind: link.kind, order };
});

export const headers: HeadersFunction = () => NO_STORE;

const refusalOf = (error: unknown): Refusal | null =>
  isRouteErrorResponse(error) && typeof error.data === 'object' && error.data
    ? (error.data as Refusal)
    : null;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: data ? data.order.toolbar.title : (refusalOf(error)?.title ?? 'Print link not valid'),
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

/** A refused or stale link says what to do, in a sentence (English when the page itself failed). */
export function ErrorBoundary() {
  const refusal = refusalOf(useRouteError());
  return (
    <main
      lang={refusal?.language ?? 'en'}
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}
    >
      <h1>{refusal?.heading ?? 'Print not available'}</h1>
      <p>{refusal?.message ?? 'This print could not be shown. Open it again from the prep board.'}</p>
    </main>
  );
}
