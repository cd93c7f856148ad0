// @ts-check
// Resolvers for orders, their lines, transactions and refunds, and the order mutations (refundCreate,
// orderCancel). Only what an app reconciling payments reads; anything else is NOT_SIMULATED
// (admin-resolvers.mjs). Amounts are integer cents; the Money and Decimal scalars print them.
import { valueFromASTUntyped } from 'graphql';
import { financialStatus, orderFigures, refundableQuantity } from './admin-orders.mjs';
import { paymentTermsView } from './admin-b2b.mjs';

/**
 * @typedef {import('./admin-orders.mjs').Order} Order
 * @typedef {import('./admin-orders.mjs').OrderLine} OrderLine
 * @typedef {import('./admin-orders.mjs').Refund} Refund
 * @typedef {import('./admin-orders.mjs').RefundLine} RefundLine
 * @typedef {import('./admin-orders.mjs').Transaction} Transaction
 * @typedef {import('./admin-resolvers.mjs').Ctx} Ctx
 * @typedef {OrderLine & { order: Order }} LineView
 * @typedef {RefundLine & { order: Order }} RefundLineView
 */
/**
 * @template S
 * @typedef {(source: S, args: Record<string, any>, ctx: Ctx, info: import('graphql').GraphQLResolveInfo) => unknown} Resolver
 */

/**
 * @param {{ paginate: <T>(all: T[], a: any) => any, searchTerms: (q: string|null|undefined) => { field: string|null, value: string, negate: boolean }[] }} helpers
 */
export function orderResolvers({ paginate, searchTerms }) {
  const v2 = (/** @type {number} */ cents, /** @type {string} */ currencyCode) => ({
    amount: cents,
    currencyCode,
  });
  /** @param {Order} o @param {number} cents */
  const bag = (o, cents) => ({
    shopMoney: v2(cents, o.currency),
    presentmentMoney: v2(cents, o.presentmentCurrency),
  });
  /** @param {Ctx} ctx @param {string} id */
  const orderById = (ctx, id) => ctx.orders.find(id) ?? null;
  /** @param {Order} o @param {number} cents */
  const taxLine = (o, cents) =>
    cents
      ? [
          {
            title: 'GST',
            rate: 0.1,
            ratePercentage: 10,
            source: 'Shopify',
            channelLiable: false,
            priceSet: bag(o, cents),
            price: cents,
          },
        ]
      : [];

  /** @type {Record<string, (o: Order, v: string) => boolean>} */
  const FILTERS = {
    tag: (o, v) => o.tags.some((t) => t.toLowerCase() === v),
    name: (o, v) => o.name.toLowerCase() === v || o.name.toLowerCase() === `#${v}`,
    email: (o, v) => (o.email ?? '').toLowerCase() === v,
    id: (o, v) => o.legacyResourceId === v,
    financial_status: (o, v) => v === 'any' || financialStatus(o).toLowerCase() === v,
    status: (o, v) =>
      v === 'any' ||
      (v === 'cancelled'
        ? !!o.cancelledAt
        : v === 'closed'
          ? !!o.closedAt
          : v === 'open'
            ? !o.closedAt
            : false),
    source_name: (o, v) => o.sourceName.toLowerCase() === v,
  };
  /** @param {Order[]} list @param {string|null|undefined} query */
  const search = (list, query) =>
    list.filter((o) =>
      searchTerms(query).every(({ field, value, negate }) => {
        const ok =
          field === null
            ? o.name.toLowerCase().includes(value) || (o.email ?? '').toLowerCase().includes(value)
            : (FILTERS[field]?.(o, value) ?? true);
        return negate ? !ok : ok;
      }),
    );
  /** @param {Order[]} list @param {string|null|undefined} key */
  const sort = (list, key) => {
    /** @type {Record<string, (o: Order) => string|number>} */
    const keys = {
      CREATED_AT: (o) => o.createdAt,
      PROCESSED_AT: (o) => o.processedAt,
      UPDATED_AT: (o) => o.updatedAt,
      ORDER_NUMBER: (o) => o.number,
      TOTAL_PRICE: (o) => o.total,
      CURRENT_TOTAL_PRICE: (o) => orderFigures(o).currentTotal,
      FINANCIAL_STATUS: (o) => financialStatus(o),
    };
    const pick = keys[key ?? 'ID'] ?? ((/** @type {Order} */ o) => Number(o.legacyResourceId));
    return [...list].sort((a, b) => (pick(a) < pick(b) ? -1 : pick(a) > pick(b) ? 1 : a.number - b.number));
  };

  /** The idempotency key of a mutation field (`@idempotent(key: "...")`), if any. @param {import('graphql').GraphQLResolveInfo} info */
  const idempotencyKey = (info) => {
    const directive = info.fieldNodes[0].directives?.find((d) => d.name.value === 'idempotent');
    const arg = directive?.arguments?.find((a) => a.name.value === 'key');
    return arg ? String(valueFromASTUntyped(arg.value, info.variableValues)) : null;
  };

  /** @type {Record<string, Resolver<unknown>>} */
  const QueryRoot = {
    order: (_s, a, ctx) => orderById(ctx, a.id),
    orders: (_s, a, ctx) => paginate(sort(search(ctx.orders.mine(), a.query), a.sortKey), a),
    ordersCount: (_s, a, ctx) => {
      const n = search(ctx.orders.mine(), a.query).length;
      const limit = a.limit ?? 10000;
      return { count: Math.min(n, limit), precision: n > limit ? 'AT_LEAST' : 'EXACT' };
    },
  };

  /** @type {Record<string, Resolver<unknown>>} */
  const Mutation = {
    draftOrderComplete: (_s, a, ctx) =>
      ctx.recordUserErrors(
        ctx.mutations.draftOrderComplete(a.id, {
          paymentPending: a.paymentPending,
          sourceName: a.sourceName,
        }),
      ),
    // With @idempotent(key:), a retry with the same key answers the first result and refunds nothing more.
    refundCreate: (_s, a, ctx, info) => {
      const key = idempotencyKey(info);
      const remembered = key ? ctx.store.idempotency.get(`refundCreate:${key}`) : undefined;
      if (remembered) return remembered;
      const result = ctx.recordUserErrors(ctx.orders.refundCreate(a.input));
      if (key && result.refund) ctx.store.idempotency.set(`refundCreate:${key}`, result);
      return result;
    },
    orderCancel: (_s, a, ctx) => {
      const result = ctx.orders.orderCancel(a);
      ctx.recordUserErrors({ userErrors: result.userErrors });
      return result;
    },
  };

  /** @type {Record<string, Resolver<Order>>} */
  const Order = {
    currencyCode: (o) => o.currency,
    presentmentCurrencyCode: (o) => o.presentmentCurrency,
    closed: (o) => Boolean(o.closedAt),
    confirmed: () => true,
    displayFinancialStatus: (o) => financialStatus(o),
    displayFulfillmentStatus: () => 'UNFULFILLED',
    fullyPaid: (o) => orderFigures(o).outstanding === 0 && orderFigures(o).received >= o.total,
    unpaid: (o) => orderFigures(o).received === 0,
    refundable: (o) => orderFigures(o).netPayment > 0,
    capturable: () => false,
    canMarkAsPaid: (o) => financialStatus(o) === 'PENDING' && !o.cancelledAt,
    requiresShipping: (o) => o.lineItems.some((l) => l.requiresShipping),
    discountCode: () => null,
    discountCodes: () => [],
    paymentTerms: (o, _a, ctx) =>
      o.paymentTerms ? paymentTermsView(o.paymentTerms, o.total, o.currency, ctx.now()) : null,
    customer: (o, _a, ctx) => (o.customerId ? (ctx.store.customerById.get(o.customerId) ?? null) : null),
    paymentGatewayNames: (o) => [...new Set(o.transactions.map((t) => t.gateway))],
    subtotalLineItemsQuantity: (o) => o.lineItems.reduce((s, l) => s + l.quantity, 0),
    currentSubtotalLineItemsQuantity: (o) => o.lineItems.reduce((s, l) => s + refundableQuantity(o, l), 0),
    totalPriceSet: (o) => bag(o, o.total),
    originalTotalPriceSet: (o) => bag(o, o.total),
    subtotalPriceSet: (o) => bag(o, o.subtotal),
    totalTaxSet: (o) => bag(o, o.tax),
    totalShippingPriceSet: (o) => bag(o, o.shipping),
    totalDiscountsSet: (o) => bag(o, o.discount?.amount ?? 0),
    cartDiscountAmountSet: (o) => (o.discount ? bag(o, o.discount.amount) : null),
    currentCartDiscountAmountSet: (o) => bag(o, o.discount?.amount ?? 0),
    currentTotalDiscountsSet: (o) => bag(o, o.discount?.amount ?? 0),
    currentTotalPriceSet: (o) => bag(o, orderFigures(o).currentTotal),
    currentSubtotalPriceSet: (o) => bag(o, orderFigures(o).currentSubtotal),
    currentTotalTaxSet: (o) => bag(o, orderFigures(o).currentTax),
    currentShippingPriceSet: (o) => bag(o, orderFigures(o).currentShipping),
    totalReceivedSet: (o) => bag(o, orderFigures(o).received),
    netPaymentSet: (o) => bag(o, orderFigures(o).netPayment),
    totalRefundedSet: (o) => bag(o, orderFigures(o).refunded),
    totalRefundedShippingSet: (o) => bag(o, orderFigures(o).refundedShipping),
    totalOutstandingSet: (o) => bag(o, orderFigures(o).outstanding),
    totalCapturableSet: (o) => bag(o, 0),
    totalTipReceivedSet: (o) => bag(o, 0),
    // The deprecated single-currency figures (Money scalar).
    totalPrice: (o) => o.total,
    subtotalPrice: (o) => o.subtotal,
    totalTax: (o) => o.tax,
    totalShippingPrice: (o) => o.shipping,
    totalDiscounts: (o) => o.discount?.amount ?? 0,
    totalReceived: (o) => orderFigures(o).received,
    netPayment: (o) => orderFigures(o).netPayment,
    totalRefunded: (o) => orderFigures(o).refunded,
    totalCapturable: () => 0,
    taxLines: (o) => taxLine(o, o.tax),
    currentTaxLines: (o) => taxLine(o, orderFigures(o).currentTax),
    lineItems: (o, a) =>
      paginate(
        o.lineItems.map((l) => ({ ...l, order: o })),
        a,
      ),
    shippingLine: (o) =>
      o.shippingLine
        ? { ...o.shippingLine, shopCurrency: o.currency, currency: o.presentmentCurrency }
        : null,
    transactions: (o, a) => (a.first == null ? o.transactions : o.transactions.slice(0, a.first)),
    transactionsCount: (o) => ({ count: o.transactions.length, precision: 'EXACT' }),
    refunds: (o, a) => (a.first == null ? o.refunds : o.refunds.slice(0, a.first)),
  };

  /** @type {Record<string, Resolver<LineView>>} */
  const LineItem = {
    isGiftCard: () => false,
    image: () => null,
    variant: (l, _a, ctx) => (l.variantId ? (ctx.store.variantById.get(l.variantId) ?? null) : null),
    product: (l, _a, ctx) => (l.productId ? (ctx.store.productById.get(l.productId) ?? null) : null),
    currentQuantity: (l) => refundableQuantity(l.order, l),
    refundableQuantity: (l) => refundableQuantity(l.order, l),
    unfulfilledQuantity: (l) => (l.order.cancelledAt ? 0 : refundableQuantity(l.order, l)),
    nonFulfillableQuantity: (l) => l.quantity - refundableQuantity(l.order, l),
    restockable: (l) => refundableQuantity(l.order, l) > 0,
    merchantEditable: () => true,
    originalUnitPriceSet: (l) => bag(l.order, l.unitPrice),
    discountedUnitPriceSet: (l) => bag(l.order, l.unitPrice),
    discountedUnitPriceAfterAllDiscountsSet: (l) =>
      bag(l.order, Math.round((l.unitPrice * l.quantity - l.discount) / l.quantity)),
    originalTotalSet: (l) => bag(l.order, l.unitPrice * l.quantity),
    discountedTotalSet: (l) => bag(l.order, l.unitPrice * l.quantity),
    totalDiscountSet: (l) => bag(l.order, 0),
    taxLines: (l) => taxLine(l.order, l.tax),
  };

  /** @type {Record<string, Resolver<Transaction>>} */
  const OrderTransaction = {
    order: (t, _a, ctx) => orderById(ctx, t.orderId),
    parentTransaction: (t, _a, ctx) =>
      t.parentId
        ? (orderById(ctx, t.orderId)?.transactions.find(
            (/** @type {Transaction} */ p) => p.id === t.parentId,
          ) ?? null)
        : null,
    amountSet: (t, _a, ctx) => bag(/** @type {Order} */ (orderById(ctx, t.orderId)), t.amount),
    amountV2: (t) => v2(t.amount, t.currency),
    amount: (t) => t.amount,
    formattedGateway: (t) =>
      t.gateway === 'manual' ? 'Manual' : t.gateway === 'shopify_payments' ? 'Shopify Payments' : t.gateway,
    manualPaymentGateway: (t) => t.gateway === 'manual',
    manuallyCapturable: () => false,
    multiCapturable: () => false,
    processedAt: (t) => t.createdAt,
    authorizationCode: (t) => t.authorization,
    paymentId: (t) => `c${t.legacyResourceId}.1`,
    receiptJson: () => '{}',
    fees: () => [],
  };

  /** @type {Record<string, Resolver<Refund>>} */
  const Refund = {
    order: (r, _a, ctx) => orderById(ctx, r.orderId),
    processedAt: (r) => r.createdAt,
    updatedAt: (r) => r.createdAt,
    totalRefundedSet: (r, _a, ctx) =>
      bag(
        /** @type {Order} */ (orderById(ctx, r.orderId)),
        r.transactions.reduce((/** @type {number} */ s, /** @type {Transaction} */ t) => s + t.amount, 0),
      ),
    totalRefunded: (r, _a, ctx) =>
      v2(
        r.transactions.reduce((/** @type {number} */ s, /** @type {Transaction} */ t) => s + t.amount, 0),
        orderById(ctx, r.orderId)?.currency ?? '',
      ),
    refundLineItems: (r, a, ctx) =>
      paginate(
        r.refundLineItems.map((/** @type {RefundLine} */ x) => ({ ...x, order: orderById(ctx, r.orderId) })),
        a,
      ),
    transactions: (r, a) => paginate(r.transactions, a),
    refundShippingLines: (_r, a) => paginate([], a),
    orderAdjustments: (_r, a) => paginate([], a),
    duties: () => [],
    return: () => null,
    staffMember: () => null,
  };

  /** @type {Record<string, Resolver<RefundLineView>>} */
  const RefundLineItem = {
    lineItem: (x) => ({
      ...x.order.lineItems.find((/** @type {OrderLine} */ l) => l.id === x.lineItemId),
      order: x.order,
    }),
    restocked: (x) => x.restockType !== 'NO_RESTOCK',
    location: () => null,
    priceSet: (x) => bag(x.order, Math.round(x.subtotal / x.quantity)),
    subtotalSet: (x) => bag(x.order, x.subtotal),
    totalTaxSet: (x) => bag(x.order, x.tax),
    price: (x) => Math.round(x.subtotal / x.quantity),
    subtotal: (x) => x.subtotal,
    totalTax: (x) => x.tax,
  };

  return { QueryRoot, Mutation, Order, LineItem, OrderTransaction, Refund, RefundLineItem };
}
