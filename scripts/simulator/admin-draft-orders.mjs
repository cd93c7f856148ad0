// @ts-check
// Draft order mutations of the simulated Admin API: the input checks Shopify makes (answered as userErrors,
// nothing stored) and the stored drafts. Amounts are integer cents.
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * @typedef {import('./admin-store.mjs').ShopStore} ShopStore
 * @typedef {{ field: string[]|null, message: string }} UserError
 * @typedef {{ key: string, value: string }} Attribute
 * @typedef {{ id: string, uuid: string, quantity: number, customAttributes: Attribute[], custom: boolean,
 *   variantId: string|null, productId: string|null, title: string, variantTitle: string|null, name: string,
 *   vendor: string|null, sku: string|null, unitPrice: number, requiresShipping: boolean, taxable: boolean }} LineItem
 * @typedef {{ title: string, code: string|null, source: null, price: number }} StoredShippingLine
 * @typedef {{ email: string|null, phone: string|null, poNumber: string|null, note: string|null, tags: string[],
 *   customAttributes: Attribute[], customerId: string|null, presentmentCurrencyCode: string, taxExempt: boolean,
 *   visibleToCustomer: boolean, reserveInventoryUntil: string|null, lineItems: LineItem[],
 *   shippingLine: StoredShippingLine|null, appliedDiscount: AppliedDiscount|null,
 *   paymentTerms?: StoredPaymentTerms|null, purchasingCompany?: PurchasingCompany|null }} DraftFields
 * @typedef {{ companyId: string, companyLocationId: string, companyContactId: string }} PurchasingCompany
 * @typedef {{ title: string|null, description: string, value: number, valueType: 'FIXED_AMOUNT'|'PERCENTAGE' }} AppliedDiscount
 * @typedef {DraftFields & { __typename: 'DraftOrder', shop: string, id: string, legacyResourceId: string,
 *   number: number, name: string, status: 'OPEN'|'INVOICE_SENT'|'COMPLETED', invoiceUrl: string, invoiceToken: string,
 *   invoiceSentAt: string|null, completedAt: string|null, createdAt: string, updatedAt: string,
 *   shopCurrency: string, taxesIncluded: boolean, orderId?: string|null }} DraftOrder
 * @typedef {{ amount: string, currencyCode: string }} MoneyInput
 * @typedef {{ title?: string|null, quantity: number, variantId?: string|null, priceOverride?: MoneyInput|null,
 *   originalUnitPrice?: string|null, originalUnitPriceWithCurrency?: MoneyInput|null, sku?: string|null,
 *   uuid?: string|null, requiresShipping?: boolean|null, taxable?: boolean|null,
 *   customAttributes?: Attribute[]|null }} LineItemInput
 * @typedef {{ [key: string]: unknown, email?: string|null, phone?: string|null, poNumber?: string|null,
 *   note?: string|null, tags?: string[]|null, customAttributes?: Attribute[]|null, customerId?: string|null,
 *   purchasingEntity?: { customerId?: string|null, purchasingCompany?: PurchasingCompany|null }|null,
 *   presentmentCurrencyCode?: string|null,
 *   taxExempt?: boolean|null, visibleToCustomer?: boolean|null, reserveInventoryUntil?: string|null,
 *   lineItems?: LineItemInput[]|null, shippingLine?: { title?: string|null, shippingRateHandle?: string|null,
 *   price?: string|null, priceWithCurrency?: MoneyInput|null }|null,
 *   appliedDiscount?: { title?: string|null, description?: string|null, value: number,
 *     valueType: 'FIXED_AMOUNT'|'PERCENTAGE', amount?: string|null, amountWithCurrency?: MoneyInput|null }|null }} DraftOrderInput
 * @typedef {{ to?: string|null, from?: string|null, bcc?: string[]|null, subject?: string|null,
 *   customMessage?: string|null }} EmailInput
 * @typedef {{ shop: string, draftOrderId: string, name: string, to: string, from: string, bcc: string[],
 *   subject: string, customMessage: string|null, invoiceUrl: string, sentAt: string }} InvoiceSent
 */

/**
 * The payment terms templates every Shopify shop has (issue 25; `paymentTermsTemplates`): due on receipt,
 * on fulfilment, net N days, or a fixed date.
 * @typedef {{ id: string, name: string, description: string, dueInDays: number|null,
 *   paymentTermsType: 'RECEIPT'|'FULFILLMENT'|'NET'|'FIXED' }} PaymentTermsTemplate
 * @typedef {{ id: string, templateId: string, name: string, type: string, dueInDays: number|null,
 *   issuedAt: string|null, dueAt: string|null }} StoredPaymentTerms
 * @type {PaymentTermsTemplate[]}
 */
export const PAYMENT_TERMS_TEMPLATES = [
  {
    id: 'gid://shopify/PaymentTermsTemplate/1',
    name: 'Due on receipt',
    description: 'Due on receipt',
    dueInDays: null,
    paymentTermsType: 'RECEIPT',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/9',
    name: 'Due on fulfillment',
    description: 'Due on fulfillment',
    dueInDays: null,
    paymentTermsType: 'FULFILLMENT',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/2',
    name: 'Net 7',
    description: 'Within 7 days',
    dueInDays: 7,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/3',
    name: 'Net 15',
    description: 'Within 15 days',
    dueInDays: 15,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/4',
    name: 'Net 30',
    description: 'Within 30 days',
    dueInDays: 30,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/8',
    name: 'Net 45',
    description: 'Within 45 days',
    dueInDays: 45,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/5',
    name: 'Net 60',
    description: 'Within 60 days',
    dueInDays: 60,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/6',
    name: 'Net 90',
    description: 'Within 90 days',
    dueInDays: 90,
    paymentTermsType: 'NET',
  },
  {
    id: 'gid://shopify/PaymentTermsTemplate/7',
    name: 'Fixed',
    description: 'Fixed date',
    dueInDays: null,
    paymentTermsType: 'FIXED',
  },
];

/** Decimal strings ("5.80") to integer cents. */
export const toCents = (/** @type {string|number} */ decimal) => Math.round(Number(decimal) * 100);

/**
 * The amount of a draft's order discount in cents: a fixed amount, or a percentage of the lines, never more
 * than the lines. @param {AppliedDiscount|null} discount @param {number} lineItems
 */
export function discountCents(discount, lineItems) {
  if (!discount) return 0;
  const cents =
    discount.valueType === 'PERCENTAGE'
      ? Math.round((lineItems * discount.value) / 100)
      : Math.round(discount.value * 100);
  return Math.min(lineItems, Math.max(0, cents));
}

/**
 * Lines, discount, subtotal (lines less the discount, as Shopify's subtotalPriceSet), shipping, tax and
 * total of a draft, in cents.
 * @param {Pick<DraftOrder, 'lineItems'|'shippingLine'|'taxExempt'|'taxesIncluded'> & { appliedDiscount?: AppliedDiscount|null }} d
 */
export function draftTotals(d) {
  const lineItems = d.lineItems.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const discount = discountCents(d.appliedDiscount ?? null, lineItems);
  const subtotal = lineItems - discount;
  const shipping = d.shippingLine?.price ?? 0;
  const total = subtotal + shipping;
  const taxableLines = d.lineItems.reduce((s, l) => s + (l.taxable ? l.unitPrice * l.quantity : 0), 0);
  const taxable = d.taxExempt
    ? 0
    : Math.max(0, taxableLines - Math.round((discount * taxableLines) / (lineItems || 1))) + shipping;
  // GST is included in Australian prices: one eleventh of the taxable amount. Elsewhere the simulator charges none.
  const tax = d.taxesIncluded ? Math.round(taxable / 11) : 0;
  return { lineItems, discount, subtotal, shipping, tax, total };
}
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** @returns {UserError} */
const ue = (/** @type {string[]|null} */ field, /** @type {string} */ message) => ({ field, message });

/**
 * The draft order mutations for one shop. `shared` holds every shop's drafts, each tagged with its shop;
 * a completed draft becomes an order through `orders` (admin-orders.mjs); `emit` reports webhook topics.
 * @param {ShopStore} store
 * @param {{ draftOrders: DraftOrder[], invoicesSent: InvoiceSent[], deletedInvoiceTokens: Set<string> }} shared
 * @param {() => number} now @param {{ lineItemSeq: number }} counters
 * @param {ReturnType<typeof import('./admin-orders.mjs').makeOrders>} orders
 * @param {(topic: string, resource: any) => void} emit
 */
export function makeDraftOrderMutations(store, shared, now, counters, orders, emit) {
  const shopCurrency = store.info.currencyCode;
  const mine = () => shared.draftOrders.filter((d) => d.shop === store.info.myshopifyDomain);
  /** @param {string} id */
  const find = (id) => mine().find((d) => d.id === id);

  /**
   * Builds the fields of a draft from input, on top of `base` for an update. Returns user errors instead
   * when Shopify would refuse the input; nothing is stored in that case.
   * @param {DraftOrderInput} input @param {DraftOrder|null} base
   * @returns {{ errors: UserError[], fields: DraftFields|null }}
   */
  function build(input, base) {
    /** @type {UserError[]} */
    const errors = [];
    const has = (/** @type {string} */ k) =>
      Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
    /** @type {<T>(k: string, fallback: T) => T} */
    const pick = (k, fallback) => (has(k) ? /** @type {any} */ (input[k]) : fallback);

    const presentment = pick('presentmentCurrencyCode', base?.presentmentCurrencyCode) ?? shopCurrency;
    if (!store.info.enabledPresentmentCurrencies.includes(presentment)) {
      errors.push(
        ue(['presentmentCurrencyCode'], `Presentment currency ${presentment} is not enabled for this shop`),
      );
    }

    const email = pick('email', base?.email ?? null);
    if (email != null && email !== '' && !EMAIL_RE.test(email))
      errors.push(ue(['email'], 'Email is invalid'));

    let customerId = pick('customerId', base?.customerId ?? null);
    if (has('purchasingEntity')) customerId = input.purchasingEntity?.customerId ?? customerId;
    if (customerId && !store.customerById.has(customerId)) {
      errors.push(
        ue(
          has('purchasingEntity') ? ['purchasingEntity', 'customerId'] : ['customerId'],
          'Customer does not exist',
        ),
      );
    }

    /** @type {LineItem[]} */
    let lineItems = base?.lineItems ?? [];
    if (has('lineItems') || !base) {
      const given = input.lineItems ?? [];
      if (!given.length) errors.push(ue(['lineItems'], 'Line items must have at least one line item'));
      /** @type {(LineItem|null)[]} */
      const built = given.map((li, i) => {
        const at = (/** @type {string} */ f) => ['lineItems', String(i), f];
        if (!Number.isInteger(li.quantity) || li.quantity < 1)
          errors.push(ue(at('quantity'), 'Quantity must be greater than or equal to 1'));
        const attrs = (li.customAttributes ?? []).map((a) => ({ key: a.key, value: a.value }));
        attrs.forEach((a, k) => {
          if (!a.key.trim())
            errors.push(
              ue(['lineItems', String(i), 'customAttributes', String(k), 'key'], "Key can't be blank"),
            );
        });
        const common = {
          id: `gid://shopify/DraftOrderLineItem/${(counters.lineItemSeq += 1) + 58_000_000_000}`,
          uuid: li.uuid ?? randomUUID(),
          quantity: li.quantity,
          customAttributes: attrs,
        };
        if (li.variantId != null) {
          const variant = store.variantById.get(li.variantId);
          if (!variant) {
            errors.push(ue(at('variantId'), `Product variant ${li.variantId} does not exist`));
            return null;
          }
          const product = /** @type {import('./admin-store.mjs').Product} */ (
            store.productById.get(variant.productId)
          );
          if (product.status === 'ARCHIVED')
            errors.push(ue(at('variantId'), `${product.title} is no longer available`));
          let unitPrice = variant.price;
          if (li.priceOverride) {
            if (li.priceOverride.currencyCode !== presentment)
              errors.push(
                ue(at('priceOverride'), 'Currency must match the presentment currency of the draft order'),
              );
            unitPrice = toCents(li.priceOverride.amount);
          }
          const variantTitle = variant.title === 'Default Title' ? null : variant.title;
          return {
            ...common,
            custom: false,
            variantId: variant.id,
            productId: product.id,
            title: product.title,
            variantTitle,
            name: variantTitle ? `${product.title} - ${variantTitle}` : product.title,
            vendor: product.vendor,
            sku: variant.sku,
            unitPrice,
            requiresShipping: false,
            taxable: variant.taxable,
          };
        }
        const title = typeof li.title === 'string' ? li.title.trim() : '';
        if (!title) errors.push(ue(at('title'), "Title can't be blank"));
        let unitPrice = null;
        if (li.originalUnitPriceWithCurrency) {
          if (li.originalUnitPriceWithCurrency.currencyCode !== presentment) {
            errors.push(
              ue(
                at('originalUnitPriceWithCurrency'),
                'Currency must match the presentment currency of the draft order',
              ),
            );
          }
          unitPrice = toCents(li.originalUnitPriceWithCurrency.amount);
        } else if (li.originalUnitPrice != null) {
          unitPrice = toCents(li.originalUnitPrice);
        }
        // Stricter than Shopify may be: a custom line with no price would reach the merchant as a free item,
        // which is always an app bug here, so the simulator refuses it.
        if (unitPrice == null)
          errors.push(ue(at('originalUnitPriceWithCurrency'), "Price can't be blank for a custom line item"));
        else if (unitPrice < 0)
          errors.push(ue(at('originalUnitPriceWithCurrency'), 'Price must be greater than or equal to 0'));
        return {
          ...common,
          custom: true,
          variantId: null,
          productId: null,
          title,
          variantTitle: null,
          name: title,
          vendor: null,
          sku: li.sku ?? null,
          unitPrice: unitPrice ?? 0,
          requiresShipping: li.requiresShipping ?? false,
          taxable: li.taxable ?? true,
        };
      });
      // A null line always came with a user error, so nothing is stored then.
      lineItems = built.flatMap((l) => (l ? [l] : []));
    }

    let shippingLine = base?.shippingLine ?? null;
    if (has('shippingLine')) {
      const s = input.shippingLine;
      if (s == null) shippingLine = null;
      else {
        const title = (s.title ?? '').trim();
        if (!title && !s.shippingRateHandle)
          errors.push(ue(['shippingLine', 'title'], "Title can't be blank"));
        let price = null;
        if (s.priceWithCurrency) {
          if (s.priceWithCurrency.currencyCode !== presentment)
            errors.push(
              ue(
                ['shippingLine', 'priceWithCurrency'],
                'Currency must match the presentment currency of the draft order',
              ),
            );
          price = toCents(s.priceWithCurrency.amount);
        } else if (s.price != null) price = toCents(s.price);
        if (price == null) errors.push(ue(['shippingLine', 'priceWithCurrency'], "Price can't be blank"));
        else if (price < 0)
          errors.push(ue(['shippingLine', 'priceWithCurrency'], 'Price must be greater than or equal to 0'));
        shippingLine = {
          title: title || 'Shipping',
          code: s.shippingRateHandle ?? null,
          source: null,
          price: price ?? 0,
        };
      }
    }

    let appliedDiscount = base?.appliedDiscount ?? null;
    if (has('appliedDiscount')) {
      const d = input.appliedDiscount;
      if (d == null) appliedDiscount = null;
      else {
        if (d.amountWithCurrency && d.amountWithCurrency.currencyCode !== presentment)
          errors.push(
            ue(
              ['appliedDiscount', 'amountWithCurrency'],
              'Currency must match the presentment currency of the draft order',
            ),
          );
        if (!(d.value >= 0))
          errors.push(ue(['appliedDiscount', 'value'], 'Value must be greater than or equal to 0'));
        if (d.valueType === 'PERCENTAGE' && d.value > 100)
          errors.push(ue(['appliedDiscount', 'value'], 'Value must be less than or equal to 100'));
        appliedDiscount = {
          title: d.title ?? null,
          description: d.description ?? '',
          value: d.value,
          valueType: d.valueType,
        };
      }
    }

    const customAttributes = has('customAttributes')
      ? (input.customAttributes ?? []).map((a) => ({ key: a.key, value: a.value }))
      : (base?.customAttributes ?? []);
    customAttributes.forEach((a, k) => {
      if (!a.key.trim()) errors.push(ue(['customAttributes', String(k), 'key'], "Key can't be blank"));
    });
    const tags = has('tags')
      ? [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))]
      : (base?.tags ?? []);
    for (const t of tags)
      if (t.length > 40) errors.push(ue(['tags'], `Tag ${t} is longer than 40 characters`));

    /** @type {StoredPaymentTerms|null} */
    let paymentTerms = base?.paymentTerms ?? null;
    if (has('paymentTerms')) {
      const t =
        /** @type {{ paymentTermsTemplateId?: string|null, paymentSchedules?: { issuedAt?: string|null, dueAt?: string|null }[]|null }|null} */ (
          input.paymentTerms
        );
      const template = t ? PAYMENT_TERMS_TEMPLATES.find((x) => x.id === t.paymentTermsTemplateId) : null;
      if (t && !template) {
        errors.push(ue(['paymentTerms', 'paymentTermsTemplateId'], 'Payment terms template does not exist'));
      } else if (template) {
        const schedule = (t?.paymentSchedules ?? [])[0] ?? {};
        const issuedAt = schedule.issuedAt ?? new Date(now()).toISOString();
        let dueAt = null;
        if (template.paymentTermsType === 'FIXED') {
          if (!schedule.dueAt)
            errors.push(
              ue(['paymentTerms', 'paymentSchedules'], 'Due date is required for fixed payment terms'),
            );
          dueAt = schedule.dueAt ?? null;
        } else if (template.paymentTermsType === 'NET') {
          dueAt = new Date(Date.parse(issuedAt) + (template.dueInDays ?? 0) * 86_400_000).toISOString();
        }
        paymentTerms = {
          id:
            base?.paymentTerms?.id ??
            `gid://shopify/PaymentTerms/${(counters.lineItemSeq += 1) + 70_000_000}`,
          templateId: template.id,
          name: template.name,
          type: template.paymentTermsType,
          dueInDays: template.dueInDays,
          issuedAt:
            template.paymentTermsType === 'NET' || template.paymentTermsType === 'FIXED' ? issuedAt : null,
          dueAt,
        };
      } else paymentTerms = null;
    }

    // A B2B purchase (issue 25): the company, one of its locations, and a contact of that company.
    /** @type {{ companyId: string, companyLocationId: string, companyContactId: string }|null} */
    let purchasingCompany = base?.purchasingCompany ?? null;
    if (has('purchasingEntity') && input.purchasingEntity?.purchasingCompany) {
      const pc = /** @type {{ companyId: string, companyLocationId: string, companyContactId: string }} */ (
        input.purchasingEntity.purchasingCompany
      );
      const company = (store.companies ?? []).find((c) => c.id === pc.companyId);
      const at = (/** @type {string} */ f) => ['purchasingEntity', 'purchasingCompany', f];
      if (!company) errors.push(ue(at('companyId'), 'Company does not exist'));
      else {
        if (!company.locations.some((l) => l.id === pc.companyLocationId))
          errors.push(ue(at('companyLocationId'), 'Company location does not belong to the company'));
        const contact = company.contacts.find((c) => c.id === pc.companyContactId);
        if (!contact)
          errors.push(ue(at('companyContactId'), 'Company contact does not belong to the company'));
        else customerId = contact.customerId;
      }
      purchasingCompany = { ...pc };
    } else if (has('purchasingEntity')) purchasingCompany = null;

    if (errors.length) return { errors, fields: null };
    return {
      errors,
      fields: {
        email: email || null,
        phone: pick('phone', base?.phone ?? null),
        poNumber: pick('poNumber', base?.poNumber ?? null),
        note: pick('note', base?.note ?? null),
        tags,
        customAttributes,
        customerId,
        presentmentCurrencyCode: presentment,
        taxExempt: pick('taxExempt', base?.taxExempt ?? false) ?? false,
        visibleToCustomer: pick('visibleToCustomer', base?.visibleToCustomer ?? false) ?? false,
        reserveInventoryUntil: pick('reserveInventoryUntil', base?.reserveInventoryUntil ?? null),
        lineItems,
        shippingLine,
        appliedDiscount,
        paymentTerms,
        purchasingCompany,
      },
    };
  }

  return {
    /** @param {DraftOrderInput} input */
    draftOrderCreate(input) {
      const { errors, fields } = build(input, null);
      if (!fields) return { draftOrder: null, userErrors: errors };
      store.draftSeq += 1;
      const legacy = 1_100_000_000 + store.index * 1_000_000 + store.draftSeq;
      const at = new Date(now()).toISOString();
      const token = randomBytes(16).toString('hex');
      /** @type {DraftOrder} */
      const draft = {
        __typename: 'DraftOrder',
        shop: store.info.myshopifyDomain,
        id: `gid://shopify/DraftOrder/${legacy}`,
        legacyResourceId: String(legacy),
        number: store.draftSeq,
        name: `#D${store.draftSeq}`,
        status: 'OPEN',
        invoiceUrl: `${store.info.primaryDomain.url}/${store.info.id.split('/').pop()}/invoices/${token}`,
        invoiceToken: token,
        invoiceSentAt: null,
        completedAt: null,
        createdAt: at,
        updatedAt: at,
        shopCurrency,
        taxesIncluded: store.info.taxesIncluded,
        ...fields,
      };
      shared.draftOrders.push(draft);
      emit('draft_orders/create', draft);
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id @param {DraftOrderInput} input */
    draftOrderUpdate(id, input) {
      const draft = find(id);
      if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      if (draft.status === 'COMPLETED')
        return {
          draftOrder: null,
          userErrors: [ue(['id'], 'Draft order has been completed and can no longer be edited')],
        };
      const { errors, fields } = build(input, draft);
      if (!fields) return { draftOrder: null, userErrors: errors };
      Object.assign(draft, fields, { updatedAt: new Date(now()).toISOString() });
      emit('draft_orders/update', draft);
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id @param {EmailInput|null} email */
    draftOrderInvoiceSend(id, email) {
      const draft = find(id);
      if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      if (draft.status === 'COMPLETED')
        return { draftOrder: null, userErrors: [ue(['id'], 'Draft order has already been paid')] };
      const customer = draft.customerId ? store.customerById.get(draft.customerId) : null;
      const to = email?.to ?? draft.email ?? customer?.email ?? null;
      if (!to) return { draftOrder: null, userErrors: [ue(['email', 'to'], "To can't be blank")] };
      if (!EMAIL_RE.test(to)) return { draftOrder: null, userErrors: [ue(['email', 'to'], 'To is invalid')] };
      const at = new Date(now()).toISOString();
      shared.invoicesSent.push({
        shop: store.info.myshopifyDomain,
        draftOrderId: draft.id,
        name: draft.name,
        to,
        from: email?.from ?? store.info.email,
        bcc: email?.bcc ?? [],
        subject: email?.subject ?? `Invoice ${draft.name}`,
        customMessage: email?.customMessage ?? null,
        invoiceUrl: draft.invoiceUrl,
        sentAt: at,
      });
      draft.status = 'INVOICE_SENT';
      draft.invoiceSentAt = at;
      draft.updatedAt = at;
      emit('draft_orders/update', draft);
      return { draftOrder: draft, userErrors: [] };
    },
    /**
     * The merchant's "Mark as paid": the draft becomes an order paid through the manual gateway, or with
     * `paymentPending` an order awaiting payment. The order's webhooks follow (admin-orders.mjs).
     * @param {string} id @param {{ paymentPending?: boolean|null, sourceName?: string|null }} [options]
     */
    draftOrderComplete(id, options = {}) {
      const draft = find(id);
      if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      if (draft.status === 'COMPLETED')
        return { draftOrder: null, userErrors: [ue(['id'], 'Draft order has already been paid')] };
      orders.fromDraft(draft, {
        gateway: 'manual',
        test: false,
        authorization: null,
        // A draft on payment terms completes into an order awaiting payment (Shopify: PENDING), which is
        // what the deprecated `paymentPending` did without terms.
        paymentPending: Boolean(options.paymentPending) || Boolean(draft.paymentTerms),
        sourceName: options.sourceName ?? null,
      });
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id */
    draftOrderDelete(id) {
      const draft = find(id);
      if (!draft) return { deletedId: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      shared.draftOrders.splice(shared.draftOrders.indexOf(draft), 1);
      shared.deletedInvoiceTokens.add(draft.invoiceToken);
      emit('draft_orders/delete', draft);
      return { deletedId: id, userErrors: [] };
    },
  };
}
