import { centsToDecimal } from './money';

// Spec section 9: minimum quantity 1; total = unit price x quantity, 2 decimals. The upper bound keeps a
// typo (1000 lattes) from reaching the kitchen; a bigger order is a catering conversation.
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 20;

export type PricedModifier = { priceDeltaCents: number };

/** Unit price = the item's price plus every selected modifier's delta. */
export function unitPriceCents(priceCents: number, modifiers: PricedModifier[]): number {
  return modifiers.reduce((sum, modifier) => sum + modifier.priceDeltaCents, priceCents);
}

export function lineTotalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/** The prices of one order line, in cents and as the API's 2-place decimal strings. */
export function priceLine(priceCents: number, modifiers: PricedModifier[], quantity: number) {
  const unitCents = unitPriceCents(priceCents, modifiers);
  const totalCents = lineTotalCents(unitCents, quantity);
  return {
    unitCents,
    totalCents,
    itemPrice: centsToDecimal(unitCents),
    totalPrice: centsToDecimal(totalCents),
  };
}

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}
