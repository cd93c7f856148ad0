import { centsToDecimal } from './money';
import { personKey } from './guests';
import { orderTitle } from './groupOrder';
import { paymentLabel } from './payment';
import { utcToZoned } from './time';

// The Shopify DraftOrderInput for a submitted group order (Admin GraphQL 2025-07+ field names). Pure, so
// the exact payload Shopify receives can be unit-tested without a database or the Admin API.

export type DraftOrderSource = {
  id: number;
  code: string;
  name: string | null;
  hostName: string;
  hostEmail: string;
  companyName: string;
  orderType: string;
  deliveryAddress: string | null;
  paymentMethod: string;
  pickupAt: Date;
  timeZone: string;
  currency: string;
  instructions: string | null;
};

export type DraftOrderSourceItem = {
  /** Which person the line belongs to (two guests can never share one). */
  guestId?: number | null;
  guestName: string;
  guestInitials: string | null;
  menuItemName: string;
  quantity: number;
  unitPriceCents: number;
  /** The guest's one note; sent once, on that guest's first line. */
  specialInstructions: string | null;
  /** This line's own note ("heated"); sent on this line only, as its `Item note` attribute. */
  lineNote?: string | null;
  modifiers: { name: string }[];
  /** Set when the menu item was imported from a Shopify product. */
  shopifyVariantId: string | null;
};

type Attribute = { key: string; value: string };
type Money = { amount: string; currencyCode: string };

export type DraftOrderLineItemInput = {
  quantity: number;
  customAttributes: Attribute[];
  variantId?: string;
  priceOverride?: Money;
  title?: string;
  originalUnitPriceWithCurrency?: Money;
  requiresShipping?: boolean;
  taxable?: boolean;
};

export type DraftOrderInput = {
  email: string;
  note: string | null;
  tags: string[];
  presentmentCurrencyCode: string;
  lineItems: DraftOrderLineItemInput[];
  shippingLine: { title: string; priceWithCurrency: Money };
  customAttributes: Attribute[];
  /** The company's draft on account (issue 25): a NET template of the shop, or the B2B location's own. */
  paymentTerms?: { paymentTermsTemplateId: string };
  /** A B2B host: the company, location and contact the draft is bought for. */
  purchasingEntity?: {
    purchasingCompany: { companyId: string; companyLocationId: string; companyContactId: string };
  };
};

/** The tag that finds this order's draft again (used to avoid a duplicate after a lost response). */
export function groupOrderTag(code: string) {
  return `group-order-${code}`;
}

/** "Flat White — Large, Oat": the line title a kitchen reads on a custom line. */
export function lineTitle(name: string, modifiers: { name: string }[]) {
  const names = modifiers.map((m) => m.name.trim()).filter(Boolean);
  return names.length ? `${name} — ${names.join(', ')}` : name;
}

/** Only attributes with a value: Shopify refuses blank keys, and empty values are noise on a packing slip. */
function attributes(pairs: [string, string | null | undefined][]): Attribute[] {
  return pairs
    .map(([key, value]) => ({ key, value: (value ?? '').trim() }))
    .filter((pair) => pair.value !== '');
}

/** One menu item as a draft line: its product variant at the guest's price, or a custom line. */
export function itemLine(
  item: Pick<
    DraftOrderSourceItem,
    'menuItemName' | 'quantity' | 'unitPriceCents' | 'modifiers' | 'shopifyVariantId'
  >,
  customAttributes: Attribute[],
  currency: string,
): DraftOrderLineItemInput {
  const price = { amount: centsToDecimal(item.unitPriceCents), currencyCode: currency };
  if (item.shopifyVariantId) {
    // The guest's price includes modifier deltas the variant does not know about, so it is set explicitly.
    return {
      variantId: item.shopifyVariantId,
      quantity: item.quantity,
      priceOverride: price,
      customAttributes,
    };
  }
  return {
    title: lineTitle(item.menuItemName, item.modifiers),
    quantity: item.quantity,
    originalUnitPriceWithCurrency: price,
    requiresShipping: false,
    taxable: true,
    customAttributes,
  };
}

export function buildDraftOrderInput(
  order: DraftOrderSource,
  items: DraftOrderSourceItem[],
  options: { kitchenName: string },
): DraftOrderInput {
  const money = (cents: number): Money => ({ amount: centsToDecimal(cents), currencyCode: order.currency });
  const pickup = utcToZoned(order.pickupAt, order.timeZone);
  const delivery = order.orderType === 'delivery';

  const noted = new Set<string>();
  const lineItems = items.map((item): DraftOrderLineItemInput => {
    const guest = personKey(item);
    const firstOfGuest = !noted.has(guest);
    noted.add(guest);
    const customAttributes = attributes([
      ['Guest', item.guestName],
      ['Initials', item.guestInitials],
      ['Modifiers', item.modifiers.map((m) => m.name).join(', ')],
      ['Notes', firstOfGuest ? item.specialInstructions : null],
      ['Item note', item.lineNote],
    ]);
    return itemLine(item, customAttributes, order.currency);
  });

  return {
    email: order.hostEmail,
    note: order.instructions?.trim() || null,
    tags: ['group-order', groupOrderTag(order.code), order.paymentMethod],
    presentmentCurrencyCode: order.currency,
    lineItems,
    shippingLine: {
      title: delivery ? 'Delivery' : `Pickup — ${options.kitchenName}`.slice(0, 255),
      priceWithCurrency: money(0),
    },
    customAttributes: attributes([
      ['Group order code', order.code],
      ['Group order', orderTitle(order)],
      ['Company', order.companyName],
      ['Host', order.hostName],
      ['Order type', delivery ? 'Delivery' : 'Pickup'],
      [delivery ? 'Delivery date' : 'Pickup date', pickup.date],
      [delivery ? 'Delivery time' : 'Pickup time', pickup.time],
      ['Delivery address', delivery ? order.deliveryAddress : null],
      ['Payment method', paymentLabel(order.paymentMethod)],
    ]),
  };
}
