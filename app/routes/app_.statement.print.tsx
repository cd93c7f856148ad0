import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { StatementSheet } from '~/components/admin/StatementSheet';
import { withHttpErrors } from '~/lib/http.server';
import { STATEMENT_HEADERS, openStatementLink } from '~/models/groupOrder/statementLinks.server';
import { statementPrint } from '~/models/groupOrder/statementFiles.server';

// /app/statement/print?shop&company&month&expires&signature: a company's monthly statement on A4, in a tab
// of its own, to print or save as PDF (as the order sheet is: docs/decisions/2026-11-27-monthly-statement.md).

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { statement, words, settings, shop } = await openStatementLink(request, 'print');
  const shopName = settings.shopName || shop.replace(/\.myshopify\.com$/, '');
  return { page: statementPrint(statement, words, shopName) };
});

export const headers: HeadersFunction = () => STATEMENT_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? data.page.title : 'Statement' },
  { name: 'robots', content: 'noindex' },
];

export default function StatementPrintPage() {
  const { page } = useLoaderData<typeof loader>();
  return <StatementSheet page={page} />;
}

/** A changed or expired link, or a month that cannot be read: its sentence, in the reader's language. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { language?: string; message?: string }) : null;
  return (
    <main
      lang={data?.language ?? 'en'}
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}
    >
      <p>{data?.message ?? 'This statement could not be shown. Open it again from Statements.'}</p>
    </main>
  );
}
