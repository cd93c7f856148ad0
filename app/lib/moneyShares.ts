// Who pays what in a group order (issue 25; docs/decisions/2026-11-27-money-on-shopify.md). Pure: integer
// cents in, integer cents out, no I/O. Every split hands out its total exactly (largest remainder), so the
// guests' shares and the company's part always add up to the order's total.

export const PAYMENT_MODES = ['company', 'own-share', 'budget'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const OVERAGE_POLICIES = ['refuse', 'guest-pays'] as const;
export type OveragePolicy = (typeof OVERAGE_POLICIES)[number];
export const FEE_SPLITS = ['pro-rata', 'even', 'company'] as const;
export type FeeSplit = (typeof FEE_SPLITS)[number];
export const UNPAID_POLICIES = ['leave-out', 'host-covers'] as const;

/** The limits the host's choices are checked against (app/lib/moneySchema.ts says them). */
export const MONEY_LIMITS = {
  budgetMinCents: 100,
  budgetMaxCents: 50_000,
  tipMaxPercent: 30,
  tipMaxCents: 50_000,
  costCodeMax: 60,
} as const;

/** The money rules of one group order, as the GroupOrder row holds them. */
export type MoneyRules = {
  paymentMode: PaymentMode;
  budgetCents: number | null;
  overagePolicy: OveragePolicy;
  tipPercent: number;
  tipCents: number;
  deliveryFeeCents: number;
  feeSplit: FeeSplit;
};

/** One guest's share: items + fees + tip = company + guest. */
export type Share = {
  itemsCents: number;
  feesCents: number;
  tipCents: number;
  companyCents: number;
  guestCents: number;
};

export type Split = {
  shares: Share[];
  /** Fees and tip the company pays outside the guests' shares (fee rule "company"). */
  companyFeesCents: number;
  /** Everything the order costs: items, delivery fee and tip. */
  totalCents: number;
};

/**
 * `total` split in proportion to `weights`, largest remainder first (ties to the earlier one): the parts
 * are whole cents and add up to `total`. All weights zero: split evenly. Totals and weights stay far below
 * 2^53 / 2^26 each (cents of one order), so the products are exact.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return splitEvenly(total, weights.length);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, index) => ({ index, rest: (total * weight) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
}

/** `total` in `count` parts that differ by at most a cent, the earlier ones taking the extra cents. */
export function splitEvenly(total: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

/** The tip on `itemsCents` of items: a whole percent rounded half up, or the fixed amount (none on nothing). */
export function tipTotal(rules: Pick<MoneyRules, 'tipPercent' | 'tipCents'>, itemsCents: number): number {
  if (itemsCents <= 0) return 0;
  if (rules.tipPercent > 0) return Math.floor((itemsCents * rules.tipPercent + 50) / 100);
  return rules.tipCents;
}

/**
 * Every guest's share of the order, from what each guest's items cost (guests without items pay nothing
 * and share no fee). Modes: company pays all; own-share: each guest pays their share; budget: the company
 * covers min(budget, the guest's share) and the guest pays the rest, except under "refuse", where the
 * confirm keeps a guest's items within the budget and the company covers their fee and tip share too.
 *
 * `fixed`: shares already paid, by index (null for the others). A paid share keeps what it paid, fee and
 * tip share included; what is left of the fee and the tip is split between the others by the same rule, so
 * the shares still add up to the total. What no other guest can take (nobody else ordered) is the
 * company's (docs/decisions/2026-11-27-money-proof.md).
 */
export function splitOrder(
  rules: MoneyRules,
  guestItemsCents: readonly number[],
  fixed: readonly (Share | null)[] = [],
): Split {
  const itemsTotal = guestItemsCents.reduce((a, b) => a + b, 0);
  const fee = itemsTotal > 0 ? rules.deliveryFeeCents : 0;
  const tip = tipTotal(rules, itemsTotal);
  const byCompany = rules.feeSplit === 'company';
  const open = guestItemsCents.map((_, index) => !fixed[index]);
  const ordering = guestItemsCents.map((cents, index) => (open[index] && cents > 0 ? 1 : 0));
  const weights =
    rules.feeSplit === 'even' ? ordering : guestItemsCents.map((cents, index) => (open[index] ? cents : 0));
  const someoneTakes = weights.some((weight) => weight > 0);
  const fixedSum = (key: 'feesCents' | 'tipCents') =>
    fixed.reduce((sum, share) => sum + (share ? share[key] : 0), 0);
  const feeLeft = byCompany ? 0 : Math.max(0, fee - fixedSum('feesCents'));
  const tipLeft = byCompany ? 0 : Math.max(0, tip - fixedSum('tipCents'));
  const none = guestItemsCents.map(() => 0);
  const fees = someoneTakes ? splitByWeights(feeLeft, weights) : none;
  const tips = someoneTakes ? splitByWeights(tipLeft, weights) : none;
  const shares = guestItemsCents.map((itemsCents, index) => {
    const kept = fixed[index];
    if (kept) return kept;
    const own = itemsCents + fees[index] + tips[index];
    const companyCents = companyPart(rules, own);
    return {
      itemsCents,
      feesCents: fees[index],
      tipCents: tips[index],
      companyCents,
      guestCents: own - companyCents,
    };
  });
  const untaken = someoneTakes ? 0 : feeLeft + tipLeft;
  return {
    shares,
    companyFeesCents: byCompany ? fee + tip : untaken,
    totalCents: itemsTotal + fee + tip,
  };
}

function companyPart(rules: MoneyRules, ownCents: number): number {
  if (rules.paymentMode === 'company') return ownCents;
  if (rules.paymentMode === 'own-share') return 0;
  if (rules.overagePolicy === 'refuse') return ownCents;
  return Math.min(rules.budgetCents ?? 0, ownCents);
}

/** The budget columns as a row holds them (text where the row has text). */
export type BudgetRule = { paymentMode: string; budgetCents: number | null; overagePolicy: string };

/** How much of a budget-mode guest's budget their items leave (never below zero); null outside budget mode. */
export function budgetLeft(rules: Omit<BudgetRule, 'overagePolicy'>, itemsCents: number) {
  if (rules.paymentMode !== 'budget' || rules.budgetCents === null) return null;
  return Math.max(0, rules.budgetCents - itemsCents);
}

/** By how much a guest's items go over their budget (0 when within it or outside budget mode). */
export function overBudget(rules: Omit<BudgetRule, 'overagePolicy'>, itemsCents: number): number {
  if (rules.paymentMode !== 'budget' || rules.budgetCents === null) return 0;
  return Math.max(0, itemsCents - rules.budgetCents);
}

/** Whether the confirm refuses items that go over the budget (budget mode, refuse policy). */
export function refusesOverage(rules: BudgetRule) {
  return rules.paymentMode === 'budget' && rules.budgetCents !== null && rules.overagePolicy === 'refuse';
}
