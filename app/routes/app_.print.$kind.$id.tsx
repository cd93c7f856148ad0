import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { LabelRoll, OrderSheet } from '~/components/admin/kitchen/Prints';
import { withHttpErrors } from '~/lib/http.server';
import { printPageWords } from '~/i18n.server';
import { getPrepOrder } from '~/models/kitchen/prepBoard.server';
import { verifyPrintLink } from '~/models/kitchen/printLinks.server';
import { logUnexpectedError } from '../../server/errors.mjs';

// /app/print/{labels|sheet}/{id}?shop&expires&signature: an order's labels or order sheet in a tab of its
// own, outside the embedded layout (no session token comes with a new tab). The link is the credential:
// signed by the prep board for one shop, one order and one kind, for a short time (printLinks.server.ts).

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/** What the refused page says (ErrorBoundary), in the reader's language. */
type Refusal = { language: string; title: string; heading: string; message: string };

/** What the page says when it cannot show the print, in `words`' language (i18n.server.ts printPageWords). */
function refusalBody(reason: 'refused' | 'notFound' | 'failed', words: PrintPageWords): Refusal {
  const { t, language } = words;
  return {
    language,
    title: t(reason === 'failed' ? 'admin.print.unavailable' : 'admin.print.refusedTitle'),
    heading: t('admin.print.unavailable'),
    message: t(`admin.print.${reason}`),
  };
}

type PrintPageWords = Awaited<ReturnType<typeof printPageWords>>;

/** A refused or stale link's page (or a print that failed), as a JSON answer for the ErrorBoundary. */
function refuse(status: number, reason: 'refused' | 'notFound' | 'failed', words: PrintPageWords): never {
  throw Response.json(refusalBody(reason, words), { status, headers: NO_STORE });
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
  const order = await getPrepOrder(link.shop, link.id, { kind: link.kind, language: words.language }).catch(
    (error: unknown) => {
      // Logged as every unexpected error is; the reader is told in their language, not English.
      logUnexpectedError(error, {
        method: 'GET',
        path: new URL(request.url).pathname,
        where: 'print loader',
      });
      return refuse(500, 'failed', words);
    },
  );
  if (!order) refuse(404, 'notFound', words);
  // What the ErrorBoundary says should the page itself fail to render.
  return { kind: link.kind, order, failed: refusalBody('failed', words) };
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

/**
 * A refused or stale link says what to do, in a sentence; a page that failed says so, in the loader's words
 * when it had any (English when the reader's language could not be known).
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/app_.print.$kind.$id');
  const refusal = refusalOf(useRouteError()) ?? data?.failed;
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
