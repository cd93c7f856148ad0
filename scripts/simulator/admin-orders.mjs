// @ts-check
// Orders of the simulated shops: the order a draft becomes when it is paid at its invoice (checkout.mjs) or
// completed by the merchant (draftOrderComplete), its transactions, refunds (refundCreate) and cancellation
// (orderCancel). Amounts are integer cents in the shop currency (the simulator converts no currency).
import { randomBytes } from 'node:crypto';
import { draftTotals } from './admin-draft-orders.mjs';

/**
 * @typedef {import('./admin-store.mjs').ShopStore} ShopStore
 * @typedef {import('./admin-draft-orders.mjs').DraftOrder} DraftOrder
 * @typedef {import('./admin-draft-orders.mjs').Attribute} Attribute
 * @typedef {import('./admin-draft-orders.mjs').UserError} UserError
 * @typedef {{ id: string, legacyResourceId: string, title: string, name: string, variantTitle: string|null,
 *   variantId: string|null, productId: string|null, sku: string|null, vendor: string|null, quantity: number,
 *   unitPrice: number, discount: number, tax: number, taxable: boolean, requiresShipping: boolean,
 *   customAttributes: Attribute[] }} OrderLine
 * @typedef {{ __typename: 'OrderTransaction', id: string, legacyResourceId: string, orderId: string,
 *   kind: 'SALE'|'REFUND', status: 'SUCCESS'|'FAILURE', gateway: string, amount: number, currency: string,
 *   parentId: string|null, test: boolean, createdAt: string, errorCode: string|null,
 *   authorization: string|null }} Transaction
 * @typedef {{ id: string, legacyResourceId: string, lineItemId: string, quantity: number,
 *   restockType: string, subtotal: number, tax: number }} RefundLine
 * @typedef {{ __typename: 'Refund', id: string, legacyResourceId: string, orderId: string, note: string|null,
 *   createdAt: string, refundLineItems: RefundLine[], shipping: number, transactions: Transaction[] }} Refund
 * @typedef {{ __typename: 'Order', shop: string, id: string, legacyResourceId: string, number: number,
 *   orderNumber: number, name: string, token: string, confirmationNumber: string, email: string|null,
 *   phone: string|null, note: string|null, tags: string[], customAttributes: Attribute[],
 *   poNumber: string|null, customerId: string|null, currency: string, presentmentCurrency: string,
 *   taxesIncluded: boolean, taxExempt: boolean, lineItems: OrderLine[],
 *   shippingLine: { id: string, title: string, code: string|null, price: number }|null,
 *   discount: { title: string|null, description: string, value: number, valueType: string, amount: number }|null,
 *   lineItemsTotal: number, subtotal: number, shipping: number, tax: number, total: number,
 *   paymentPending: boolean, transactions: Transaction[], refunds: Refund[], sourceName: string,
 *   sourceIdentifier: string, draftOrderId: string, test: boolean, createdAt: string, processedAt: string,
 *   updatedAt: string, cancelledAt: string|null, cancelReason: string|null, closedAt: string|null,
 *   statusPageUrl: string, paymentTerms?: import('./admin-draft-orders.mjs').StoredPaymentTerms|null,
 *   purchasingCompany?: import('./admin-draft-orders.mjs').PurchasingCompany|null }} Order
 * @typedef {{ gateway: string, test: boolean, authorization: string|null, paymentPending?: boolean,
 *   email?: string|null, sourceName?: string|null }} Payment
 */

/** @returns {UserError} */
const ue = (/** @type {string[]|null} */ field, /** @type {string} */ message) => ({ field, message });

/** "$5.20 AUD" for messages. @param {number} cents @param {string} currency */
export const money = (cents, currency) => `$${(cents / 100).toFixed(2)} ${currency}`;

/**
 * Splits `total` over `weights` pro rata, in whole cents that add up to `total` exactly (largest
 * remainders first), as Shopify allocates an order discount over its lines.
 * @param {number} total @param {number[]} weights
 */
export function allocate(total, weights) {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (!sum) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** Money the order received (successful sales) and gave back (successful refunds). @param {Order} o */
export function received(o) {
  const sum = (/** @type {string} */ kind) =>
    o.transactions.filter((t) => t.kind === kind && t.status === 'SUCCESS').reduce((s, t) => s + t.amount, 0);
  return { received: sum('SALE'), refunded: sum('REFUND') };
}

/**
 * The order's figures as Shopify reports them: the current totals leave out refunded (removed) lines and
 * refunded shipping; the money figures come from the transactions alone.
 * @param {Order} o
 */
export function orderFigures(o) {
  const { received: got, refunded } = received(o);
  const removed = o.refunds.flatMap((r) => r.refundLineItems);
  const removedSubtotal = removed.reduce((s, r) => s + r.subtotal, 0);
  const removedTax = removed.reduce((s, r) => s + r.tax, 0);
  const refundedShipping = o.refunds.reduce((s, r) => s + r.shipping, 0);
  const currentSubtotal = o.subtotal - removedSubtotal;
  const currentShipping = o.shipping - refundedShipping;
  const currentTax = o.tax - removedTax;
  const currentTotal = currentSubtotal + currentShipping + (o.taxesIncluded ? 0 : currentTax);
  return {
    received: got,
    refunded,
    netPayment: got - refunded,
    outstanding: Math.max(0, currentTotal - (got - refunded)),
    currentSubtotal,
    currentShipping,
    currentTax,
    currentTotal,
    refundedShipping,
  };
}

/** Shopify's financial status of an order, from its transactions. @param {Order} o */
export function financialStatus(o) {
  const { received: got, refunded } = received(o);
  if (refunded > 0) return refunded >= got ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  if (o.total === 0 && !o.paymentPending) return 'PAID';
  if (got === 0) return o.cancelledAt ? 'VOIDED' : 'PENDING';
  return got >= o.total ? 'PAID' : 'PARTIALLY_PAID';
}

/** What is left to refund of each line (ordered less already refunded). @param {Order} o @param {OrderLine} line */
export function refundableQuantity(o, line) {
  const done = o.refunds
    .flatMap((r) => r.refundLineItems)
    .filter((r) => r.lineItemId === line.id)
    .reduce((s, r) => s + r.quantity, 0);
  return line.quantity - done;
}

/**
 * The orders of one shop. `shared` holds every shop's orders (each tagged with its shop) and the drafts;
 * `emit(topic, resource)` reports what Shopify would send webhooks for.
 * @param {ShopStore} store
 * @param {{ orders: Order[], draftOrders: DraftOrder[] }} shared
 * @param {() => number} now
 * @param {{ seq: number }} ids
 * @param {(topic: string, resource: any) => void} emit
 */
export function makeOrders(store, shared, now, ids, emit) {
  const shop = store.info.myshopifyDomain;
  const next = () => (ids.seq += 1);
  const mine = () => shared.orders.filter((o) => o.shop === shop);
  /** @param {string} id */
  const find = (id) => mine().find((o) => o.id === id);

  /** @param {string} orderId @param {'SALE'|'REFUND'} kind @param {number} amount @param {{ gateway: string, test: boolean, parentId?: string|null, authorization?: string|null }} how @returns {Transaction} */
  function transaction(orderId, kind, amount, how) {
    const legacy = 7_000_000_000 + next();
    return {
      __typename: 'OrderTransaction',
      id: `gid://shopify/OrderTransaction/${legacy}`,
      legacyResourceId: String(legacy),
      orderId,
      kind,
      status: 'SUCCESS',
      gateway: how.gateway,
      amount,
      currency: store.info.currencyCode,
      parentId: how.parentId ?? null,
      test: how.test,
      createdAt: new Date(now()).toISOString(),
      errorCode: null,
      authorization: how.authorization ?? null,
    };
  }

  /**
   * `quantity` more of `line` refunded (after `pending` already in this refund): its share of the line's
   * net amount and tax, cut so that refunding every unit one by one adds up to the line exactly.
   * @param {Order} order @param {OrderLine} line @param {number} pending @param {number} quantity
   * @param {string} restockType @returns {RefundLine}
   */
  function refundLine(order, line, pending, quantity, restockType) {
    const before = line.quantity - refundableQuantity(order, line) + pending;
    const share = (/** @type {number} */ cents) =>
      Math.round((cents * (before + quantity)) / line.quantity) -
      Math.round((cents * before) / line.quantity);
    const legacy = 30_000_000_000 + next();
    return {
      id: `gid://shopify/RefundLineItem/${legacy}`,
      legacyResourceId: String(legacy),
      lineItemId: line.id,
      quantity,
      restockType,
      subtotal: share(line.unitPrice * line.quantity - line.discount),
      tax: share(line.tax),
    };
  }

  /**
   * Completes `draft` into an order: the lines with the draft's discount allocated over them, one sale
   * transaction for the total unless the payment is pending. The caller has checked the draft is open.
   * @param {DraftOrder} draft @param {Payment} payment @returns {Order}
   */
  function fromDraft(draft, payment) {
    store.orderSeq += 1;
    const legacy = 6_000_000_000 + store.index * 10_000_000 + store.orderSeq;
    const id = `gid://shopify/Order/${legacy}`;
    const at = new Date(now()).toISOString();
    const totals = draftTotals(draft);
    const lineTotals = draft.lineItems.map((l) => l.unitPrice * l.quantity);
    const discounts = allocate(totals.discount, lineTotals);
    const lines = draft.lineItems.map((l, i) => {
      const lineLegacy = 16_000_000_000 + next();
      const net = lineTotals[i] - discounts[i];
      return {
        id: `gid://shopify/LineItem/${lineLegacy}`,
        legacyResourceId: String(lineLegacy),
        title: l.title,
        name: l.name,
        variantTitle: l.variantTitle,
        variantId: l.variantId,
        productId: l.productId,
        sku: l.sku,
        vendor: l.vendor,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: discounts[i],
        tax: draft.taxesIncluded && !draft.taxExempt && l.taxable ? Math.round(net / 11) : 0,
        taxable: l.taxable,
        requiresShipping: l.requiresShipping,
        customAttributes: l.customAttributes.map((a) => ({ ...a })),
      };
    });
    const token = randomBytes(16).toString('hex');
    /** @type {Order} */
    const order = {
      __typename: 'Order',
      shop,
      id,
      legacyResourceId: String(legacy),
      number: store.orderSeq,
      orderNumber: 1000 + store.orderSeq,
      name: `#${1000 + store.orderSeq}`,
      token,
      confirmationNumber: token.slice(0, 9).toUpperCase(),
      email: payment.email ?? draft.email,
      phone: draft.phone,
      note: draft.note,
      tags: [...draft.tags],
      customAttributes: draft.customAttributes.map((a) => ({ ...a })),
      poNumber: draft.poNumber,
      customerId: draft.customerId,
      currency: draft.shopCurrency,
      presentmentCurrency: draft.presentmentCurrencyCode,
      taxesIncluded: draft.taxesIncluded,
      taxExempt: draft.taxExempt,
      lineItems: lines,
      shippingLine: draft.shippingLine
        ? {
            id: `gid://shopify/ShippingLine/${20_000_000_000 + next()}`,
            title: draft.shippingLine.title,
            code: draft.shippingLine.code,
            price: draft.shippingLine.price,
          }
        : null,
      discount: draft.appliedDiscount ? { ...draft.appliedDiscount, amount: totals.discount } : null,
      lineItemsTotal: totals.lineItems,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      paymentPending: Boolean(payment.paymentPending),
      paymentTerms: draft.paymentTerms ?? null,
      purchasingCompany: draft.purchasingCompany ?? null,
      transactions: [],
      refunds: [],
      sourceName: payment.sourceName ?? 'shopify_draft_order',
      sourceIdentifier: draft.legacyResourceId,
      draftOrderId: draft.id,
      test: payment.test,
      createdAt: at,
      processedAt: at,
      updatedAt: at,
      cancelledAt: null,
      cancelReason: null,
      closedAt: null,
      statusPageUrl: `${store.info.primaryDomain.url}/${store.info.id.split('/').pop()}/orders/${token}`,
    };
    if (!payment.paymentPending && totals.total > 0) {
      order.transactions.push(
        transaction(id, 'SALE', totals.total, {
          gateway: payment.gateway,
          test: payment.test,
          authorization: payment.authorization,
        }),
      );
    }
    shared.orders.push(order);
    Object.assign(draft, { status: 'COMPLETED', completedAt: at, updatedAt: at, orderId: id });
    // Shopify's order of events for a paid draft; delivery order is not guaranteed (webhooks.mjs can reorder).
    emit('orders/create', order);
    if (financialStatus(order) === 'PAID') emit('orders/paid', order);
    emit('draft_orders/update', draft);
    return order;
  }

  /**
   * refundCreate: the money refunded is the transactions given (Shopify refunds nothing for lines alone);
   * lines and shipping say what is removed from the order. Refused as a whole with user errors.
   * @param {any} input
   * @returns {{ refund: Refund|null, order: Order|null, userErrors: UserError[] }}
   */
  function refundCreate(input) {
    const order = find(input.orderId);
    if (!order) return { refund: null, order: null, userErrors: [ue(['orderId'], 'Order does not exist')] };
    /** @type {UserError[]} */
    const errors = [];
    if (input.currency && input.currency !== order.presentmentCurrency) {
      errors.push(
        ue(
          ['currency'],
          `Currency ${input.currency} does not match the order currency ${order.presentmentCurrency}`,
        ),
      );
    }
    const figures = orderFigures(order);
    /** @type {RefundLine[]} */
    const refundLines = [];
    (input.refundLineItems ?? []).forEach((/** @type {any} */ r, /** @type {number} */ i) => {
      const line = order.lineItems.find((l) => l.id === r.lineItemId);
      if (!line) {
        errors.push(ue(['refundLineItems', String(i), 'lineItemId'], 'Line item does not exist'));
        return;
      }
      // The same line twice in one refund counts once against what is left.
      const inThisRefund = refundLines
        .filter((x) => x.lineItemId === line.id)
        .reduce((n, x) => n + x.quantity, 0);
      const left = refundableQuantity(order, line) - inThisRefund;
      if (r.quantity < 1 || r.quantity > left) {
        errors.push(
          ue(
            ['refundLineItems', String(i), 'quantity'],
            `Quantity cannot refund more items than were purchased (${left} left to refund)`,
          ),
        );
        return;
      }
      refundLines.push(refundLine(order, line, inThisRefund, r.quantity, r.restockType ?? 'NO_RESTOCK'));
    });
    let shipping = 0;
    if (input.shipping) {
      const left = order.shipping - figures.refundedShipping;
      shipping = input.shipping.fullRefund ? left : Math.round(Number(input.shipping.amount ?? 0) * 100);
      if (shipping < 0 || shipping > left)
        errors.push(
          ue(['shipping', 'amount'], `Shipping refund cannot be greater than ${money(left, order.currency)}`),
        );
    }
    const sales = order.transactions.filter((t) => t.kind === 'SALE' && t.status === 'SUCCESS');
    let asked = 0;
    /** @type {{ amount: number, parent: Transaction|undefined, gateway: string }[]} */
    const refunds = [];
    (input.transactions ?? []).forEach((/** @type {any} */ t, /** @type {number} */ i) => {
      const at = (/** @type {string} */ f) => ['transactions', String(i), f];
      const amount = Math.round(Number(t.amount) * 100);
      if (t.kind !== 'REFUND') errors.push(ue(at('kind'), 'Kind must be refund for a refund transaction'));
      if (t.orderId !== order.id) errors.push(ue(at('orderId'), 'Order does not match the refund'));
      const parent = t.parentId ? sales.find((s) => s.id === t.parentId) : sales[0];
      if (t.parentId && !parent) errors.push(ue(at('parentId'), 'Parent transaction does not exist'));
      if (!(amount > 0)) errors.push(ue(at('amount'), 'Amount must be greater than 0'));
      asked += amount;
      refunds.push({ amount, parent, gateway: t.gateway });
    });
    const refundable = figures.netPayment;
    if (asked > refundable && !input.allowOverRefunding) {
      errors.push(
        ue(
          ['transactions'],
          `Refund amount ${money(asked, order.currency)} is greater than the refundable amount ${money(refundable, order.currency)}`,
        ),
      );
    }
    if (!input.refundLineItems?.length && !input.shipping && !input.transactions?.length)
      errors.push(ue(null, 'A refund needs line items, shipping or a transaction'));
    if (errors.length) return { refund: null, order: null, userErrors: errors };
    return {
      refund: addRefund(order, refundLines, shipping, refunds, input.note ?? null),
      order,
      userErrors: [],
    };
  }

  /**
   * @param {Order} order @param {RefundLine[]} refundLines @param {number} shipping
   * @param {{ amount: number, parent: Transaction|undefined, gateway: string }[]} money
   * @param {string|null} note
   */
  function addRefund(order, refundLines, shipping, money, note) {
    const legacy = 900_000_000 + next();
    const at = new Date(now()).toISOString();
    const transactions = money.map((m) =>
      transaction(order.id, 'REFUND', m.amount, {
        gateway: m.parent?.gateway ?? m.gateway,
        test: m.parent?.test ?? order.test,
        parentId: m.parent?.id ?? null,
      }),
    );
    /** @type {Refund} */
    const refund = {
      __typename: 'Refund',
      id: `gid://shopify/Refund/${legacy}`,
      legacyResourceId: String(legacy),
      orderId: order.id,
      note,
      createdAt: at,
      refundLineItems: refundLines,
      shipping,
      transactions,
    };
    order.refunds.push(refund);
    order.transactions.push(...transactions);
    order.updatedAt = at;
    emit('refunds/create', { refund, order });
    emit('orders/updated', order);
    return refund;
  }

  /**
   * orderCancel: cancels at once (Shopify runs a job; the simulator's job is done when it answers). With a
   * refund to the original payment methods, every line left, the shipping left and the net payment go back.
   * @param {any} a
   */
  function orderCancel(a) {
    const order = find(a.orderId);
    /** @param {string} code @param {string[]} field @param {string} message */
    const fail = (code, field, message) => ({
      job: null,
      jobResult: null,
      orderCancelUserErrors: [{ code, field, message }],
      userErrors: [ue(field, message)],
    });
    if (!order) return fail('NOT_FOUND', ['orderId'], 'Order does not exist');
    if (order.cancelledAt) return fail('INVALID', ['orderId'], 'Order has already been cancelled');
    if (a.refund != null && a.refundMethod != null)
      return fail('INVALID', ['refundMethod'], 'Use refundMethod or refund, not both');
    const refund = a.refundMethod ? Boolean(a.refundMethod.originalPaymentMethodsRefund) : Boolean(a.refund);
    if (a.refundMethod?.storeCreditRefund)
      return fail('INVALID', ['refundMethod'], 'Store credit is not simulated');
    const at = new Date(now()).toISOString();
    if (refund) {
      const figures = orderFigures(order);
      const lines = order.lineItems.flatMap((line) => {
        const left = refundableQuantity(order, line);
        return left ? [refundLine(order, line, 0, left, a.restock ? 'CANCEL' : 'NO_RESTOCK')] : [];
      });
      const sale = order.transactions.find((t) => t.kind === 'SALE' && t.status === 'SUCCESS');
      const back =
        figures.netPayment > 0
          ? [{ amount: figures.netPayment, parent: sale, gateway: sale?.gateway ?? 'manual' }]
          : [];
      if (lines.length || back.length)
        addRefund(order, lines, order.shipping - figures.refundedShipping, back, a.staffNote ?? null);
    }
    Object.assign(order, { cancelledAt: at, cancelReason: a.reason, closedAt: at, updatedAt: at });
    emit('orders/cancelled', order);
    emit('orders/updated', order);
    const jobId = `gid://shopify/Job/${randomBytes(8).toString('hex')}`;
    return {
      job: { __typename: 'Job', id: jobId, done: true },
      jobResult: { id: jobId, done: true, status: 'SUCCEEDED', errors: [], order },
      orderCancelUserErrors: [],
      userErrors: [],
    };
  }

  return { fromDraft, refundCreate, orderCancel, find, mine };
}
