import type { StatementPrintPage } from '~/models/groupOrder/statementFiles.server';
import { PRINT_TOOLBAR_CSS, PrintToolbar } from './print';

// The monthly statement on A4 (issue 25): the shop, the company and month, one row per group order with its
// PO number or cost code and the company's part, and the month's total. Printed, or saved as PDF, by the
// browser, as the order sheet is.

const SHEET_CSS = `
@page { size: A4; margin: 14mm; }
.statement { font: 10.5pt/1.4 system-ui, sans-serif; color: #000; max-width: 182mm; margin: 0 auto; padding: 8mm 0; }
.statement h1 { font-size: 16pt; margin: 0 0 2mm; }
.statement .meta { margin: 0 0 5mm; color: #333; }
.statement table { width: 100%; border-collapse: collapse; }
.statement th, .statement td { text-align: left; padding: 1.6mm 1.5mm; border-bottom: 0.2mm solid #999; vertical-align: top; }
.statement th { font-size: 9pt; text-transform: uppercase; letter-spacing: 0.02em; border-bottom: 0.4mm solid #000; }
.statement td.amount, .statement th.amount { text-align: right; white-space: nowrap; }
.statement td:first-child { white-space: nowrap; }
.statement tfoot td { font-weight: 700; border-bottom: none; border-top: 0.4mm solid #000; }
@media print { .statement { padding: 0; } }
${PRINT_TOOLBAR_CSS}`;

export function StatementSheet({ page }: { page: StatementPrintPage }) {
  const last = page.headings.length - 1;
  return (
    <>
      <style>{SHEET_CSS}</style>
      <PrintToolbar backLink={false} texts={page.toolbar} />
      <main className="statement" lang={page.language}>
        <h1>{page.title}</h1>
        <p className="meta">
          {page.shopName} · {page.subtitle}
        </p>
        {page.rows.length ? (
          <table>
            <thead>
              <tr>
                {page.headings.map((heading, index) => (
                  <th key={heading} className={index === last ? 'amount' : undefined}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.date}</td>
                  <td>{row.order}</td>
                  <td>{row.host}</td>
                  <td>{row.costCode}</td>
                  <td>{row.mode}</td>
                  <td className="amount">{row.company}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {page.totals.map((total) => (
                <tr key={total.currency}>
                  <td colSpan={last + 1} className="amount">
                    {total.text}
                  </td>
                </tr>
              ))}
            </tfoot>
          </table>
        ) : (
          <p>{page.empty}</p>
        )}
      </main>
    </>
  );
}
