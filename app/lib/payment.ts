export const PAYMENT_METHODS = ['pay-in-store', 'invoice', 'on-account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'pay-in-store';

// Spec section 9: the labels shoppers see.
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  'on-account': 'On Account (Billed Monthly)',
  invoice: 'Invoice',
  'pay-in-store': 'Pay in Store (Credit Card)',
};

export function paymentLabel(method: string): string {
  return PAYMENT_LABELS[method as PaymentMethod] ?? method;
}
