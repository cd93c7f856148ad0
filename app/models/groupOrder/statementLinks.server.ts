import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../env.server';
import { PRINT_LINK_TTL_MS } from '../kitchen/printLinks.server';
import { printPageWords } from '../../i18n.server';
import { StatementQuerySchema, statementRefusal } from '../../lib/schemas/statement';
import { getShopSettings } from '../shop/settings.server';
import { companyKey, monthlyStatement } from './monthlyStatement.server';

// The statement's CSV and printable page open outside the embedded admin (a download, a new tab), where
// no App Bridge session token comes along: the statements page (authenticated as the shop) hands out links
// signed for one shop, company, month and format, that run out as the prep board's print links do
// (docs/decisions/2026-11-26-print-links-in-a-new-tab.md). The company is signed as its key, so any
// spelling of the name the page shows opens the same statement, and nothing else.

export const STATEMENT_FORMATS = ['csv', 'print'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

function sign(format: StatementFormat, shop: string, company: string, month: string, expires: number) {
  return createHmac('sha256', env.SHOPIFY_API_SECRET)
    .update(JSON.stringify(['statement:v1', format, shop, companyKey(company), month, expires]))
    .digest('base64url');
}

/** The app-relative address of a statement's CSV or print, signed for `shop` until now + TTL. */
export function statementLink(
  format: StatementFormat,
  shop: string,
  query: { company: string; month: string },
  now = Date.now(),
) {
  const expires = Math.floor((now + PRINT_LINK_TTL_MS) / 1000);
  const search = new URLSearchParams({
    shop,
    company: query.company,
    month: query.month,
    expires: String(expires),
    signature: sign(format, shop, query.company, query.month, expires),
  });
  return `/app/statement/${format}?${search}`;
}

/**
 * The shop a statement link was signed for, or null for a link that is changed, malformed or expired. The
 * company and month are checked by the route's schema; the signature covers them as given.
 */
export function verifyStatementLink(
  format: string | undefined,
  search: URLSearchParams,
  query: { company: string; month: string },
  now = Date.now(),
): string | null {
  const shop = search.get('shop') ?? '';
  const expires = Number(search.get('expires'));
  const given = Buffer.from(search.get('signature') ?? '');
  if (format !== 'csv' && format !== 'print') return null;
  if (!SHOP.test(shop) || !Number.isInteger(expires) || expires * 1000 <= now) return null;
  const expected = Buffer.from(sign(format, shop, query.company, query.month, expires));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return shop;
}

/**
 * What a signed statement link opens: the statement of the shop it was signed for, in the reader's
 * language, or a refusal (403: a changed or expired link, 400: a month or company that cannot be read).
 * Nothing is read or created for a shop the link does not prove.
 */
export async function openStatementLink(request: Request, format: StatementFormat) {
  const search = new URL(request.url).searchParams;
  const named = search.get('shop') ?? '';
  const parsed = StatementQuerySchema.safeParse({
    month: search.get('month') ?? '',
    company: search.get('company') ?? '',
  });
  const query = parsed.success ? { month: parsed.data.month, company: search.get('company') ?? '' } : null;
  const shop = query && verifyStatementLink(format, search, query);
  if (!shop || !parsed.success || !parsed.data.company) {
    const words = await printPageWords(request, SHOP.test(named) ? named : null);
    const message = parsed.success
      ? words.t('money.statement.refused')
      : words.t(statementRefusal(parsed.error.issues));
    throw Response.json(
      { language: words.language, message },
      { status: parsed.success ? 403 : 400, headers: STATEMENT_HEADERS },
    );
  }
  const settings = await getShopSettings(shop);
  const words = await printPageWords(request, shop);
  const statement = await monthlyStatement(shop, parsed.data.company, parsed.data.month, settings.timeZone);
  return { shop, settings, words, statement };
}

/** A statement is the shop's business: never cached, never sent on as a referrer. */
export const STATEMENT_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
