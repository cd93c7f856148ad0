// @ts-check
// Webhook bodies as Shopify sends them: the REST Admin resources (Order, Refund, DraftOrder) in snake_case,
// money as strings with two decimals, numeric ids beside `admin_graphql_api_id`, tags as one
// comma-separated string, custom attributes as `note_attributes` / `properties` of `{ name, value }`.
// Built when the event happens, so a later change to the order does not change a queued delivery.
import { draftTotals } from './admin-draft-orders.mjs';
import { financialStatus, orderFigures, refundableQuantity } from './admin-orders.mjs';

/**
 * @typedef {import('./admin-orders.mjs').Order} Order
 * @typedef {import('./admin-orders.mjs').OrderLine} OrderLine
 * @typedef {import('./admin-orders.mjs').Refund} Refund
 * @typedef {import('./admin-orders.mjs').Transaction} Transaction
 * @typedef {import('./admin-draft-orders.mjs').DraftOrder} DraftOrder
 * @typedef {import('./admin-store.mjs').ShopStore} ShopStore
 */

const price = (/** @type {number} */ cents) => (cents / 100).toFixed(2);
const numericId = (/** @type {string} */ gid) => Number(gid.split('/').pop());
/** @param {number} cents @param {string} shopCurrency @param {string} [presentment] */
const priceSet = (cents, shopCurrency, presentment = shopCurrency) => ({
  shop_money: { amount: price(cents), currency_code: shopCurrency },
  presentment_money: { amount: price(cents), currency_code: presentment },
});
const attributes = (/** @type {{ key: string, value: string }[]} */ list) =>
  list.map((a) => ({ name: a.key, value: a.value }));
/** The shop's GST when prices include it (the simulator's only tax). @param {number} cents @param {string} currency */
const taxLines = (cents, currency) =>
  cents
    ? [
        {
          price: price(cents),
          rate: 0.1,
          title: 'GST',
          price_set: priceSet(cents, currency),
          channel_liable: false,
        },
      ]
    : [];

/** @param {ShopStore} store @param {string|null} id */
function customer(store, id) {
  const c = id ? store.customerById.get(id) : null;
  if (!c) return null;
  return {
    id: Number(c.legacyResourceId),
    admin_graphql_api_id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    state: c.state.toLowerCase(),
    currency: store.info.currencyCode,
  };
}

/** @param {Order} o @param {OrderLine} l */
function orderLine(o, l) {
  const c = o.currency;
  return {
    id: Number(l.legacyResourceId),
    admin_graphql_api_id: l.id,
    current_quantity: refundableQuantity(o, l),
    fulfillable_quantity: o.cancelledAt ? 0 : refundableQuantity(o, l),
    fulfillment_service: 'manual',
    fulfillment_status: null,
    gift_card: false,
    grams: 0,
    name: l.name,
    price: price(l.unitPrice),
    price_set: priceSet(l.unitPrice, c, o.presentmentCurrency),
    product_exists: Boolean(l.productId),
    product_id: l.productId ? numericId(l.productId) : null,
    properties: attributes(l.customAttributes),
    quantity: l.quantity,
    requires_shipping: l.requiresShipping,
    sku: l.sku,
    taxable: l.taxable,
    title: l.title,
    total_discount: '0.00',
    total_discount_set: priceSet(0, c, o.presentmentCurrency),
    variant_id: l.variantId ? numericId(l.variantId) : null,
    variant_title: l.variantTitle,
    vendor: l.vendor,
    tax_lines: taxLines(l.tax, c),
    discount_allocations: l.discount
      ? [{ amount: price(l.discount), amount_set: priceSet(l.discount, c), discount_application_index: 0 }]
      : [],
    duties: [],
  };
}

/** @param {Transaction} t */
function transactionPayload(t) {
  return {
    id: Number(t.legacyResourceId),
    admin_graphql_api_id: t.id,
    amount: price(t.amount),
    authorization: t.authorization,
    created_at: t.createdAt,
    currency: t.currency,
    device_id: null,
    error_code: t.errorCode,
    gateway: t.gateway,
    kind: t.kind.toLowerCase(),
    location_id: null,
    message: null,
    order_id: numericId(t.orderId),
    parent_id: t.parentId ? numericId(t.parentId) : null,
    payment_id: `c${t.legacyResourceId}.1`,
    processed_at: t.createdAt,
    receipt: {},
    source_name: 'web',
    status: t.status.toLowerCase(),
    test: t.test,
    user_id: null,
  };
}

/** @param {Order} o @param {Refund} r */
function refundPayload(o, r) {
  return {
    id: Number(r.legacyResourceId),
    admin_graphql_api_id: r.id,
    created_at: r.createdAt,
    note: r.note,
    order_id: Number(o.legacyResourceId),
    processed_at: r.createdAt,
    restock: r.refundLineItems.some((x) => x.restockType !== 'NO_RESTOCK'),
    total_duties_set: priceSet(0, o.currency, o.presentmentCurrency),
    user_id: null,
    order_adjustments: [],
    transactions: r.transactions.map(transactionPayload),
    refund_line_items: r.refundLineItems.map((x) => {
      const line = /** @type {OrderLine} */ (o.lineItems.find((l) => l.id === x.lineItemId));
      return {
        id: Number(x.legacyResourceId),
        line_item_id: Number(line.legacyResourceId),
        location_id: null,
        quantity: x.quantity,
        restock_type: x.restockType.toLowerCase(),
        subtotal: Number(price(x.subtotal)),
        subtotal_set: priceSet(x.subtotal, o.currency, o.presentmentCurrency),
        total_tax: Number(price(x.tax)),
        total_tax_set: priceSet(x.tax, o.currency, o.presentmentCurrency),
        line_item: orderLine(o, line),
      };
    }),
    refund_shipping_lines: [],
    duties: [],
    return: null,
  };
}

/** The REST Order resource (orders/create, orders/paid, orders/updated, orders/cancelled). @param {ShopStore} store @param {Order} o */
export function orderPayload(store, o) {
  const f = orderFigures(o);
  const c = o.currency;
  const p = o.presentmentCurrency;
  const set = (/** @type {number} */ cents) => priceSet(cents, c, p);
  /** A REST price field and its `_set` twin. @param {string} name @param {number} cents */
  const both = (name, cents) => ({ [name]: price(cents), [`${name}_set`]: set(cents) });
  return {
    id: Number(o.legacyResourceId),
    admin_graphql_api_id: o.id,
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: o.cancelReason?.toLowerCase() ?? null,
    cancelled_at: o.cancelledAt,
    cart_token: null,
    checkout_id: null,
    checkout_token: null,
    closed_at: o.closedAt,
    confirmation_number: o.confirmationNumber,
    confirmed: true,
    contact_email: o.email,
    created_at: o.createdAt,
    currency: c,
    ...both('current_subtotal_price', f.currentSubtotal),
    ...both('current_total_discounts', o.discount?.amount ?? 0),
    ...both('current_total_price', f.currentTotal),
    ...both('current_total_tax', f.currentTax),
    customer_locale: null,
    discount_codes: [],
    email: o.email,
    estimated_taxes: false,
    financial_status: financialStatus(o).toLowerCase(),
    fulfillment_status: null,
    name: o.name,
    note: o.note,
    note_attributes: attributes(o.customAttributes),
    number: o.number,
    order_number: o.orderNumber,
    order_status_url: o.statusPageUrl,
    payment_gateway_names: [...new Set(o.transactions.map((t) => t.gateway))],
    phone: o.phone,
    po_number: o.poNumber,
    presentment_currency: p,
    processed_at: o.processedAt,
    source_identifier: o.sourceIdentifier,
    source_name: o.sourceName,
    ...both('subtotal_price', o.subtotal),
    tags: o.tags.join(', '),
    tax_lines: taxLines(o.tax, c),
    taxes_included: o.taxesIncluded,
    test: o.test,
    token: o.token,
    ...both('total_discounts', o.discount?.amount ?? 0),
    ...both('total_line_items_price', o.lineItemsTotal),
    total_outstanding: price(f.outstanding),
    ...both('total_price', o.total),
    total_shipping_price_set: set(o.shipping),
    ...both('total_tax', o.tax),
    total_tip_received: '0.00',
    total_weight: 0,
    updated_at: o.updatedAt,
    user_id: null,
    customer: customer(store, o.customerId),
    discount_applications: o.discount
      ? [
          {
            target_type: 'line_item',
            type: 'manual',
            value: String(o.discount.value),
            value_type: o.discount.valueType === 'PERCENTAGE' ? 'percentage' : 'fixed_amount',
            allocation_method: 'across',
            target_selection: 'all',
            title: o.discount.title,
            description: o.discount.description,
          },
        ]
      : [],
    fulfillments: [],
    line_items: o.lineItems.map((l) => orderLine(o, l)),
    refunds: o.refunds.map((r) => refundPayload(o, r)),
    shipping_lines: o.shippingLine
      ? [
          {
            id: numericId(o.shippingLine.id),
            code: o.shippingLine.code,
            discounted_price: price(o.shippingLine.price),
            discounted_price_set: set(o.shippingLine.price),
            price: price(o.shippingLine.price),
            price_set: set(o.shippingLine.price),
            source: 'shopify',
            title: o.shippingLine.title,
            tax_lines: [],
          },
        ]
      : [],
  };
}

/** The REST DraftOrder resource (draft_orders/create and draft_orders/update). @param {ShopStore} store @param {DraftOrder} d @param {Order|null} order */
export function draftOrderPayload(store, d, order) {
  const t = draftTotals(d);
  return {
    id: Number(d.legacyResourceId),
    admin_graphql_api_id: d.id,
    note: d.note,
    email: d.email,
    taxes_included: d.taxesIncluded,
    currency: d.shopCurrency,
    invoice_sent_at: d.invoiceSentAt,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    tax_exempt: d.taxExempt,
    completed_at: d.completedAt,
    name: d.name,
    status: d.status.toLowerCase(),
    line_items: d.lineItems.map((l) => ({
      id: numericId(l.id),
      admin_graphql_api_id: l.id,
      variant_id: l.variantId ? numericId(l.variantId) : null,
      product_id: l.productId ? numericId(l.productId) : null,
      title: l.title,
      variant_title: l.variantTitle,
      sku: l.sku,
      vendor: l.vendor,
      quantity: l.quantity,
      requires_shipping: l.requiresShipping,
      taxable: l.taxable,
      gift_card: false,
      fulfillment_service: 'manual',
      grams: 0,
      tax_lines: [],
      applied_discount: null,
      name: l.name,
      properties: attributes(l.customAttributes),
      custom: l.custom,
      price: price(l.unitPrice),
    })),
    api_client_id: null,
    shipping_address: null,
    billing_address: null,
    invoice_url: d.invoiceUrl,
    applied_discount: d.appliedDiscount
      ? {
          description: d.appliedDiscount.description,
          value: String(d.appliedDiscount.value),
          title: d.appliedDiscount.title,
          amount: price(t.discount),
          value_type: d.appliedDiscount.valueType === 'PERCENTAGE' ? 'percentage' : 'fixed_amount',
        }
      : null,
    order_id: order ? Number(order.legacyResourceId) : null,
    shipping_line: d.shippingLine
      ? {
          title: d.shippingLine.title,
          custom: true,
          handle: d.shippingLine.code,
          price: price(d.shippingLine.price),
        }
      : null,
    tax_lines: taxLines(t.tax, d.shopCurrency),
    tags: d.tags.join(', '),
    note_attributes: attributes(d.customAttributes),
    total_price: price(t.total),
    subtotal_price: price(t.subtotal),
    total_tax: price(t.tax),
    payment_terms: null,
    presentment_currency: d.presentmentCurrencyCode,
    customer: customer(store, d.customerId),
  };
}

/**
 * The body of a webhook for `topic`, from the simulator's resource at the time of the event.
 * @param {string} topic @param {ShopStore} store @param {any} resource
 * @param {(id: string) => Order|null} orderById
 */
export function webhookPayload(topic, store, resource, orderById) {
  if (topic === 'refunds/create') return refundPayload(resource.order, resource.refund);
  if (topic === 'draft_orders/delete') return { id: Number(resource.legacyResourceId) };
  if (topic.startsWith('draft_orders/'))
    return draftOrderPayload(store, resource, resource.orderId ? orderById(resource.orderId) : null);
  if (topic.startsWith('orders/')) return orderPayload(store, resource);
  throw new Error(`The simulator has no payload for ${topic}`);
}
