import { z } from 'zod';
import { decimalToCents } from './money';
import { FEE_SPLITS, MONEY_LIMITS, OVERAGE_POLICIES, PAYMENT_MODES, UNPAID_POLICIES } from './moneyShares';
import { MONEY_MESSAGES } from './moneyText';
import { optionalText, readableText } from './text';

// The host's money choices (issue 25), checked the same way at create (hosting.ts) and on the dashboard
// (PUT …/money). Amounts come as the form's decimal text ("15.00") or a number, and leave as cents.

const blank = (value: unknown) => value === '' || value === undefined || value === null;

/** A decimal amount as cents; refuses anything that is not a plain amount within [min, max] cents. */
const amount = (message: string, min: number, max: number) =>
  z.preprocess((value) => {
    if (blank(value)) return null;
    if (typeof value !== 'string' && typeof value !== 'number') return Number.NaN;
    return decimalToCents(value) ?? Number.NaN;
  }, z.number({ message }).int(message).min(min, message).max(max, message).nullable());

const wholePercent = z.preprocess(
  (value) => (blank(value) ? 0 : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ message: MONEY_MESSAGES.tipPercent })
    .int(MONEY_MESSAGES.tipPercent)
    .min(0, MONEY_MESSAGES.tipPercent)
    .max(MONEY_LIMITS.tipMaxPercent, MONEY_MESSAGES.tipPercent),
);

/** The fields, for the create schema to include; checkMoney below checks them together. */
export const MONEY_FIELDS = {
  paymentMode: z.enum(PAYMENT_MODES, { message: MONEY_MESSAGES.paymentMode }).default('company'),
  budget: amount(
    MONEY_MESSAGES.budgetRange,
    MONEY_LIMITS.budgetMinCents,
    MONEY_LIMITS.budgetMaxCents,
  ).optional(),
  overagePolicy: z.enum(OVERAGE_POLICIES, { message: MONEY_MESSAGES.overagePolicy }).default('refuse'),
  tipPercent: wholePercent.optional(),
  tipAmount: amount(MONEY_MESSAGES.tipAmount, 0, MONEY_LIMITS.tipMaxCents).optional(),
  feeSplit: z.enum(FEE_SPLITS, { message: MONEY_MESSAGES.feeSplit }).default('pro-rata'),
  unpaidPolicy: z.enum(UNPAID_POLICIES, { message: MONEY_MESSAGES.unpaidPolicy }).default('leave-out'),
  costCode: optionalText({
    label: 'PO number or cost code',
    max: MONEY_LIMITS.costCodeMax,
    tooLong: MONEY_MESSAGES.costCodeTooLong,
  }),
};

type MoneyInput = {
  paymentMode: string;
  budget?: number | null;
  tipPercent?: number;
  tipAmount?: number | null;
};

/** The checks across fields: a budget order needs its budget; one tip, as a percent or an amount. */
export function checkMoney(value: MoneyInput, ctx: z.RefinementCtx) {
  if (value.paymentMode === 'budget' && (value.budget === null || value.budget === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['budget'], message: MONEY_MESSAGES.budgetMissing });
  }
  if ((value.tipPercent ?? 0) > 0 && (value.tipAmount ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', path: ['tipAmount'], message: MONEY_MESSAGES.tipBoth });
  }
}

/** The host's change of the money rules on the dashboard (until submit); the host token may ride along. */
export const MoneyRulesSchema = z
  .object({ ...MONEY_FIELDS, hostToken: readableText('The host token', 200).optional() })
  .superRefine(checkMoney);

/** The columns the choices become (GroupOrder). */
export function moneyColumns(value: Omit<z.output<typeof MoneyRulesSchema>, 'hostToken'>) {
  return {
    paymentMode: value.paymentMode,
    budgetCents: value.paymentMode === 'budget' ? (value.budget ?? null) : null,
    overagePolicy: value.overagePolicy,
    tipPercent: value.tipPercent ?? 0,
    tipCents: value.tipAmount ?? 0,
    feeSplit: value.feeSplit,
    unpaidPolicy: value.unpaidPolicy,
    costCode: value.costCode ?? null,
  };
}
