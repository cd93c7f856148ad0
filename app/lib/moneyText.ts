import type { Translate } from './language';
import { MONEY_LIMITS } from './moneyShares';

// The money choices' sentences (issue 25), without zod so pages that only show them do not ship it. The
// schema in moneySchema.ts refuses with these English texts; the storefront shows them in its language as
// money.host.valid.<name> (host.json) and the API says them as money.api.<name> (api.json).

export const MONEY_MESSAGES = {
  paymentMode: 'Choose who pays from the list.',
  budgetMissing: 'Enter the budget per person.',
  budgetRange: 'Budget must be between $1.00 and $500.00.',
  overagePolicy: 'Choose what happens when someone goes over the budget.',
  tipPercent: 'The tip must be a whole percent from 0 to 30.',
  tipAmount: 'The tip must be an amount from $0.00 to $500.00.',
  tipBoth: 'Give the tip as a percent or as an amount, not both.',
  feeSplit: 'Choose how the delivery fee and the tip are shared.',
  unpaidPolicy: 'Choose what happens to shares not paid by the deadline.',
  costCodeTooLong: 'The PO number or cost code can be at most 60 characters.',
} as const;

/**
 * A money field's error in the page's language, or null when the sentence is not one of these. The limits
 * are shown in the shop's currency when the page gives its formatter.
 */
export function moneyErrorIn(
  message: string,
  t: Translate,
  money?: (cents: number) => string,
): string | null {
  const known = Object.entries(MONEY_MESSAGES).find(([, text]) => text === message);
  if (!known) return null;
  const show = money ?? ((cents: number) => `$${(cents / 100).toFixed(2)}`);
  const limits =
    known[0] === 'budgetRange'
      ? { min: show(MONEY_LIMITS.budgetMinCents), max: show(MONEY_LIMITS.budgetMaxCents) }
      : { min: show(0), max: show(MONEY_LIMITS.tipMaxCents) };
  return t(`money.host.valid.${known[0]}`, limits);
}

const FIELD_OF: Record<keyof typeof MONEY_MESSAGES, string> = {
  paymentMode: 'paymentMode',
  budgetMissing: 'budget',
  budgetRange: 'budget',
  overagePolicy: 'overagePolicy',
  tipPercent: 'tipPercent',
  tipAmount: 'tipAmount',
  tipBoth: 'tipAmount',
  feeSplit: 'feeSplit',
  unpaidPolicy: 'unpaidPolicy',
  costCodeTooLong: 'costCode',
};

/** The form field a money sentence is about (the API answers with the first problem's sentence). */
export function moneyFieldOf(message: string): string | null {
  const known = Object.entries(MONEY_MESSAGES).find(([, text]) => text === message);
  return known ? FIELD_OF[known[0] as keyof typeof MONEY_MESSAGES] : null;
}
