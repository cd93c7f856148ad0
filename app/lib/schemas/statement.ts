import { z } from 'zod';
import { unreadableText } from '../text';

// The monthly statement's query (issue 25): a calendar month and a company, from the statements page's
// form and the signed CSV and print links. Each refusal names what to fix (its key under money.statement.).

/** Months a statement can be asked for: far enough back for any shop, and not past next year. */
const FIRST_YEAR = 2020;
const LAST_YEAR = 2100;

/** Longest company name asked for (the create form keeps names far shorter). */
export const STATEMENT_COMPANY_MAX = 200;

export const StatementQuerySchema = z.object({
  month: z
    .string({ message: 'bad.month' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'bad.month' })
    .refine((month) => {
      const year = Number(month.slice(0, 4));
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    }, 'bad.month'),
  company: z
    .string({ message: 'bad.company' })
    .max(STATEMENT_COMPANY_MAX, { message: 'bad.company' })
    .refine((company) => !unreadableText(company), 'bad.company')
    .transform((company) => company.trim().replace(/\s+/g, ' '))
    .optional(),
});

/** The key of the sentence that says what is wrong with a statement query. */
export function statementRefusal(issues: readonly { message: string }[]) {
  return `money.statement.${issues[0]?.message === 'bad.company' ? 'bad.company' : 'bad.month'}`;
}
