import { centsToDecimal } from './money';
import {
  groupOrderTag,
  itemLine,
  type DraftOrderLineItemInput,
  type DraftOrderSourceItem,
} from './draftOrderInput';

// The Shopify DraftOrderInput for one guest's share (issue 25; docs/decisions/2026-11-27-money-on-shopify.md):
// that guest's own items at their prices, their share of the delivery fee and tip as custom lines, and the
// part the company covers as the draft's order-level discount. The guest pays it at the draft's invoice URL.
// Pure, so the payload Shopify receives is unit-tested and validated against the Admin schema.

/** The custom attribute that ties a draft (and the order it becomes) to its share. */
export const SHARE_ATTRIBUTE = 'group_order_share_id';
export const GROUP_ORDER_ATTRIBUTE = 'group_order_id';
/** On each item line: the group order item it is, so a refund can name the line that leaves. */
export const ITEM_ATTRIBUTE = '_group_order_item';

export type ShareDraftSource = {
  order: { id: number; code: string; currency: string };
  share: { id: number; feesCents: number; tipCents: number; companyCents: number };
  guest: { name: string; email: string | null };
  items: (Pick<
    DraftOrderSourceItem,
    'menuItemName' | 'quantity' | 'unitPriceCents' | 'modifiers' | 'shopifyVariantId'
  > & { id?: number })[];
};

type Money = { amount: string; currencyCode: string };

export type ShareDraftInput = {
  email?: string;
  tags: string[];
  presentmentCurrencyCode: string;
  lineItems: DraftOrderLineItemInput[];
  customAttributes: { key: string; value: string }[];
  appliedDiscount?: { valueType: 'FIXED_AMOUNT'; value: number; title: string };
};

export function buildShareDraftInput({ order, share, guest, items }: ShareDraftSource): ShareDraftInput {
  const money = (cents: number): Money => ({ amount: centsToDecimal(cents), currencyCode: order.currency });
  const lines = items.map((item) => {
    const customAttributes = [{ key: 'Guest', value: guest.name }];
    const modifiers = item.modifiers.map((m) => m.name).join(', ');
    if (modifiers) customAttributes.push({ key: 'Modifiers', value: modifiers });
    if (item.id !== undefined) customAttributes.push({ key: ITEM_ATTRIBUTE, value: String(item.id) });
    return itemLine(item, customAttributes, order.currency);
  });
  // Fees and tip are the guest's share of the order's: custom lines, not taxed, nothing to ship.
  const extra = (title: string, cents: number): DraftOrderLineItemInput[] =>
    cents > 0
      ? [
          {
            title,
            quantity: 1,
            originalUnitPriceWithCurrency: money(cents),
            requiresShipping: false,
            taxable: false,
            customAttributes: [],
          },
        ]
      : [];
  return {
    ...(guest.email ? { email: guest.email } : {}),
    tags: ['group-order', groupOrderTag(order.code), 'group-order-share'],
    presentmentCurrencyCode: order.currency,
    lineItems: [
      ...lines,
      ...extra('Delivery fee share', share.feesCents),
      ...extra('Tip share', share.tipCents),
    ],
    customAttributes: [
      { key: GROUP_ORDER_ATTRIBUTE, value: String(order.id) },
      { key: SHARE_ATTRIBUTE, value: String(share.id) },
      { key: 'Guest', value: guest.name },
    ],
    ...(share.companyCents > 0
      ? {
          appliedDiscount: {
            valueType: 'FIXED_AMOUNT' as const,
            value: Number(centsToDecimal(share.companyCents)),
            title: 'Company budget',
          },
        }
      : {}),
  };
}
