import type { Translate } from './language';
export const PAYMENT_METHODS = ['pay-in-store', 'invoice', 'on-account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'pay-in-store';

// Spec section 9: the labels shoppers see.
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  'on-account': 'On Account (Billed Monthly)',
  invoice: 'Invoice',
  'pay-in-store': 'Pay in Store (Credit Card)',
};

/**
 * The payment method a new order starts with: Pay in Store for a pickup (the spec's default), and for a
 * delivery, where nobody is in the store to pay, On Account or Invoice when the shop offers one.
 */
export function defaultPaymentMethod(orderType: string, enabled: readonly PaymentMethod[]): PaymentMethod {
  const preferred: PaymentMethod[] =
    orderType === 'delivery'
      ? ['on-account', 'invoice', 'pay-in-store']
      : ['pay-in-store', 'invoice', 'on-account'];
  return preferred.find((method) => enabled.includes(method)) ?? enabled[0] ?? DEFAULT_PAYMENT_METHOD;
}

/** The label of a payment method, in the page's language when `t` is given. */
export function paymentLabel(method: string, t?: Translate): string {
  if (t && method in PAYMENT_LABELS) return t(`payment.${method}`);
  return PAYMENT_LABELS[method as PaymentMethod] ?? method;
}
