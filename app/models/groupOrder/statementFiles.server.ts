import { toCsv } from '../../lib/csv';
import { centsToDecimal, formatMoney } from '../../lib/money';
import type { Translate } from '../../lib/language';
import type { MonthlyStatement } from './monthlyStatement.server';

// The monthly statement as a file (issue 25): CSV for the merchant's accounts, and the printable page's
// texts, in the reader's language. The CSV's amounts are plain decimals with their currency (a spreadsheet
// sums them); the print's are formatted for the reader's locale.

/** "Acme Pty" in March 2026 → "statement-acme-pty-2026-03.csv". */
export function statementFileName(statement: MonthlyStatement, extension: string) {
  const slug = statement.company
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `statement-${slug || 'company'}-${statement.month}.${extension}`;
}

/** The statement's CSV: a heading row, one row per order, the month's total per currency. */
export function statementCsv(statement: MonthlyStatement, t: Translate) {
  const heading = ['date', 'order', 'code', 'shopifyOrder', 'host', 'hostEmail', 'costCode', 'mode'].map(
    (key) => t(`money.statement.col.${key}`),
  );
  return toCsv([
    [
      ...heading,
      t('money.statement.col.orderTotal'),
      t('money.statement.col.companyPart'),
      t('money.statement.col.currency'),
    ],
    ...statement.lines.map((line) => [
      line.date,
      line.title,
      line.code,
      line.shopifyName,
      line.hostName,
      line.hostEmail,
      line.costCode,
      t(`money.statement.mode.${line.mode}`),
      centsToDecimal(line.totalCents),
      centsToDecimal(line.companyCents),
      line.currency,
    ]),
    ...statement.totals.map((total) => [
      t('money.statement.monthTotal'),
      ...Array(8).fill(''),
      centsToDecimal(total.cents),
      total.currency,
    ]),
  ]);
}

/** The printable statement's texts and rows, said and formatted for the reader. */
export function statementPrint(
  statement: MonthlyStatement,
  words: { t: Translate; intlLocale: string; language: string },
  shopName: string,
) {
  const { t, intlLocale } = words;
  const [year, month] = statement.month.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat(intlLocale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 15)));
  const day = new Intl.DateTimeFormat(intlLocale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    language: words.language,
    title: t('money.statement.print.title', { company: statement.company, month: monthName }),
    shopName,
    subtitle: t('money.statement.print.subtitle', { count: statement.lines.length }),
    toolbar: { back: t('money.statement.nav'), print: t('money.statement.print.button') },
    headings: ['date', 'order', 'host', 'costCode', 'mode', 'companyPart'].map((key) =>
      t(`money.statement.col.${key}`),
    ),
    empty: t('money.statement.empty'),
    rows: statement.lines.map((line) => ({
      id: line.id,
      date: day.format(new Date(`${line.date}T12:00:00Z`)),
      order: [line.title, line.code, line.shopifyName].filter(Boolean).join(' · '),
      host: line.hostName,
      costCode: line.costCode ?? '—',
      mode: t(`money.statement.mode.${line.mode}`),
      company: formatMoney(line.companyCents, line.currency, intlLocale),
    })),
    totals: statement.totals.map((total) => ({
      currency: total.currency,
      text: t('money.statement.print.total', {
        amount: formatMoney(total.cents, total.currency, intlLocale),
      }),
    })),
  };
}

export type StatementPrintPage = ReturnType<typeof statementPrint>;
