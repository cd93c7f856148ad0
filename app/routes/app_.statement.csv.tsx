import type { LoaderFunctionArgs } from '@remix-run/node';
import { withHttpErrors } from '~/lib/http.server';
import { STATEMENT_HEADERS, openStatementLink } from '~/models/groupOrder/statementLinks.server';
import { statementCsv, statementFileName } from '~/models/groupOrder/statementFiles.server';

// /app/statement/csv?shop&company&month&expires&signature: a company's monthly statement as a CSV file,
// from the link the statements page signed (a download carries no session token).

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { statement, words } = await openStatementLink(request, 'csv');
  return new Response(statementCsv(statement, words.t), {
    headers: {
      ...STATEMENT_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statementFileName(statement, 'csv')}"`,
    },
  });
});
