import { z } from 'zod';
import { optionalText } from '../text';

// The monthly statement's query (issue 25): a calendar month and a company, from the statements page's
// form and the signed CSV and print links. Each refusal is a sentence that names what to fix; the page says
// it in the merchant's language by its key under money.statement.

/** Months a statement can be asked for: far enough back for any shop, and not past next year. */
const FIRST_YEAR = 2020;
const LAST_YEAR = 2100;

/** Longest company name asked for (the create form keeps names far shorter). */
export const STATEMENT_COMPANY_MAX = 200;

const BAD_MONTH = 'Choose a month such as 2026-11.';
const BAD_COMPANY = 'Choose a company from the list.';

export const StatementQuerySchema = z.object({
  month: z
    .string({ message: BAD_MONTH })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: BAD_MONTH })
    .refine((month) => {
      const year = Number(month.slice(0, 4));
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, BAD_MONTH),
  // One line, readable, spaces collapsed (how the statement groups names); empty means no company chosen.
  company: optionalText({
    label: 'Company',
    max: STATEMENT_COMPANY_MAX,
    tooLong: BAD_COMPANY,
    invalidType: BAD_COMPANY,
  }).transform((company) => company?.replace(/\s+/g, ' ') || undefined),
});

/** The key of the sentence that says what is wrong with a statement query. */
export function statementRefusal(issues: readonly { path?: readonly PropertyKey[] }[]) {
  return `money.statement.${issues[0]?.path?.[0] === 'company' ? 'bad.company' : 'bad.month'}`;
}
