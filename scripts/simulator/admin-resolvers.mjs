// @ts-check
// Resolvers of the simulated Admin API, only for the fields the app and its tests use. Everything else in
// Shopify's schema is still known to the validator; reading a field nobody modelled here is an error that
// names the field (NOT_SIMULATED), never a silent null. Objects carry `__typename`, which graphql-js's
// default type resolver reads for the `Node` interface.
import { GraphQLError, getNamedType, isCompositeType, isScalarType, valueFromASTUntyped } from 'graphql';
import { draftTotals } from './admin-draft-orders.mjs';
import { orderResolvers } from './admin-order-resolvers.mjs';
import { b2bResolvers, paymentTermsView } from './admin-b2b.mjs';

/**
 * @typedef {import('./admin-store.mjs').ShopStore} ShopStore
 * @typedef {import('./admin-store.mjs').Product} Product
 * @typedef {import('./admin-store.mjs').Variant} Variant
 * @typedef {import('./admin-store.mjs').Collection} Collection
 * @typedef {import('./admin-store.mjs').Customer} Customer
 * @typedef {import('./admin-draft-orders.mjs').DraftOrder} DraftOrder
 * @typedef {import('./admin-draft-orders.mjs').LineItem} LineItem
 * @typedef {import('./admin-draft-orders.mjs').UserError} UserError
 * @typedef {ReturnType<typeof import('./admin-draft-orders.mjs').makeDraftOrderMutations>} Mutations
 * @typedef {{ store: ShopStore, now: () => number, draftOrders: () => DraftOrder[], mutations: Mutations,
 *   orders: ReturnType<typeof import('./admin-orders.mjs').makeOrders>,
 *   recordUserErrors: <T extends { userErrors: UserError[] }>(payload: T) => T, actualCost: number }} Ctx
 * @typedef {{ first?: number|null, last?: number|null, after?: string|null, before?: string|null,
 *   reverse?: boolean|null }} PageArgs
 * @typedef {Record<string, any>} Args
 */
/**
 * @template S
 * @typedef {(source: S, args: Args, ctx: Ctx, info: import('graphql').GraphQLResolveInfo) => unknown} Resolver
 */

/** Shopify refuses connection pages larger than this. */
const PAGE_MAX = 250;

/** A field error with Shopify's extensions; graphql-js adds the location and path. */
export class FieldError extends GraphQLError {
  /** @param {string} message @param {Record<string, unknown>} [extensions] */
  constructor(message, extensions) {
    super(message, { extensions });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Scalars: amounts are integer cents inside the simulator
// ---------------------------------------------------------------------------------------------------------

/** `Decimal` prints as Shopify prints MoneyV2 amounts: "4.5", "24.0". */
export function formatDecimal(/** @type {number} */ cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const frac = abs % 100;
  const whole = Math.floor(abs / 100);
  return frac === 0
    ? `${sign}${whole}.0`
    : `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}
/** `Money` (variant prices) keeps two places: "4.50". */
const formatMoney = (/** @type {number} */ cents) => (cents / 100).toFixed(2);

/** Decimal inputs arrive as strings or JSON numbers; both are legal for Money and Decimal. */
function parseDecimal(/** @type {unknown} */ value) {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return value.trim();
  throw new TypeError(`${JSON.stringify(value)} is not a valid decimal`);
}
function parseDateTime(/** @type {unknown} */ value) {
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
  throw new TypeError(`${JSON.stringify(value)} is not a valid DateTime`);
}

/**
 * The introspected schema knows scalar names only; this gives the few the simulator reads or prints their
 * behaviour. Runs once per schema object (it is built once per process).
 * @param {import('graphql').GraphQLSchema} schema
 */
export function defineScalars(schema) {
  /** @type {Record<string, { serialize?: (v: any) => unknown, parseValue: (v: unknown) => unknown }>} */
  const scalars = {
    Money: { serialize: formatMoney, parseValue: parseDecimal },
    Decimal: { serialize: formatDecimal, parseValue: parseDecimal },
    DateTime: { parseValue: parseDateTime },
  };
  for (const [name, { serialize, parseValue }] of Object.entries(scalars)) {
    const type = schema.getType(name);
    if (!isScalarType(type)) throw new Error(`Shopify's schema has no scalar ${name}`);
    if (serialize) type.serialize = serialize;
    type.parseValue = parseValue;
    type.parseLiteral = (node, variables) => parseValue(valueFromASTUntyped(node, variables));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Pagination and search
// ---------------------------------------------------------------------------------------------------------

const encodeCursor = (/** @type {number} */ index) =>
  Buffer.from(JSON.stringify({ i: index })).toString('base64url');
function decodeCursor(/** @type {string} */ cursor) {
  try {
    const { i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Number.isInteger(i) && i >= 0) return /** @type {number} */ (i);
  } catch {
    // fall through to the error below
  }
  throw new FieldError('Invalid cursor for current pagination sort.', { code: 'BAD_REQUEST' });
}

/**
 * Relay-style slice over an already filtered and sorted list. The cursor is the item's index in that list,
 * so it only makes sense with the same query and sort, which is also true on Shopify.
 * @template T @param {T[]} all @param {PageArgs} a
 */
export function paginate(all, a) {
  if (a.first == null && a.last == null) throw new FieldError('you must provide one of first or last');
  for (const key of /** @type {const} */ (['first', 'last'])) {
    const n = a[key];
    if (n != null && (n < 0 || n > PAGE_MAX)) {
      throw new FieldError(`The ${key} argument must be between 0 and ${PAGE_MAX}.`, {
        code: 'BAD_REQUEST',
        argumentName: key,
      });
    }
  }
  const list = a.reverse ? [...all].reverse() : all;
  let start = a.after != null ? decodeCursor(a.after) + 1 : 0;
  let end = a.before != null ? Math.min(list.length, decodeCursor(a.before)) : list.length;
  if (a.first != null) end = Math.min(end, start + a.first);
  if (a.last != null) start = Math.max(start, end - a.last);
  start = Math.min(start, list.length);
  end = Math.max(end, start);
  const edges = list.slice(start, end).map((node, k) => ({ cursor: encodeCursor(start + k), node }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** @template {{ legacyResourceId: string }} T @param {T[]} list @param {string|null|undefined} key */
function sortBy(list, key) {
  /** @type {Record<string, (x: any) => string|number>} */
  const keys = {
    TITLE: (x) => x.title.toLowerCase(),
    PRODUCT_TYPE: (x) => x.productType.toLowerCase(),
    VENDOR: (x) => x.vendor.toLowerCase(),
    CREATED_AT: (x) => x.createdAt,
    UPDATED_AT: (x) => x.updatedAt,
    PUBLISHED_AT: (x) => x.createdAt,
    NUMBER: (x) => x.number,
    STATUS: (x) => x.status,
    TOTAL_PRICE: (x) => draftTotals(x).total,
    CUSTOMER_NAME: (x) => x.email ?? '',
  };
  const pick = keys[key ?? 'ID'];
  const byId = (/** @type {T} */ x) => Number(x.legacyResourceId);
  return [...list].sort((a, b) => {
    const ka = pick ? pick(a) : byId(a);
    const kb = pick ? pick(b) : byId(b);
    return ka < kb ? -1 : ka > kb ? 1 : byId(a) - byId(b);
  });
}

/** Splits Shopify search syntax into terms: `status:active,draft title:'flat white' -tag:x latte`. */
export function searchTerms(/** @type {string|null|undefined} */ query) {
  /** @type {{ field: string|null, value: string, negate: boolean }[]} */
  const terms = [];
  for (const m of (query ?? '').matchAll(/(-)?(?:(\w+):)?(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (!m[2] && (value === 'AND' || value === 'OR')) continue;
    terms.push({ field: m[2]?.toLowerCase() ?? null, value: value.toLowerCase(), negate: !!m[1] });
  }
  return terms;
}
/** `*` is a prefix wildcard in Shopify search. */
function textMatches(/** @type {string} */ text, /** @type {string} */ pattern, exact = false) {
  const t = text.toLowerCase();
  if (pattern.endsWith('*'))
    return t.startsWith(pattern.slice(0, -1)) || t.includes(` ${pattern.slice(0, -1)}`);
  return exact ? t === pattern : t.includes(pattern);
}
const stripHtml = (/** @type {string} */ html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const truncate = (/** @type {string} */ text, /** @type {number|null|undefined} */ n) =>
  n != null && text.length > n ? `${text.slice(0, Math.max(0, n - 3))}...` : text;

/** @type {Record<string, (p: Product, v: string) => boolean>} */
const PRODUCT_FILTERS = {
  status: (p, v) => v.split(',').includes(p.status.toLowerCase()),
  product_type: (p, v) => textMatches(p.productType, v, true),
  title: (p, v) => textMatches(p.title, v),
  handle: (p, v) => p.handle === v,
  vendor: (p, v) => textMatches(p.vendor, v, true),
  tag: (p, v) => p.tags.some((t) => textMatches(t, v, true)),
  id: (p, v) => p.legacyResourceId === v,
};
/** @param {Product[]} products @param {string|null|undefined} query */
function searchProducts(products, query) {
  const terms = searchTerms(query);
  return products.filter((p) =>
    terms.every(({ field, value, negate }) => {
      const ok =
        field === null
          ? textMatches(p.title, value) ||
            textMatches(stripHtml(p.descriptionHtml), value) ||
            p.productType.toLowerCase() === value
          : // Shopify ignores filters it does not know (with a warning in extensions.search).
            (PRODUCT_FILTERS[field]?.(p, value) ?? true);
      return negate ? !ok : ok;
    }),
  );
}
/** @type {Record<string, (d: DraftOrder, v: string) => boolean>} */
const DRAFT_FILTERS = {
  tag: (d, v) => d.tags.some((t) => t.toLowerCase() === v),
  status: (d, v) => d.status.toLowerCase() === v,
  email: (d, v) => (d.email ?? '').toLowerCase() === v,
  name: (d, v) => d.name.toLowerCase() === v || d.name.toLowerCase() === `#${v}`,
  id: (d, v) => d.legacyResourceId === v,
};
/** @param {DraftOrder[]} drafts @param {string|null|undefined} query */
function searchDraftOrders(drafts, query) {
  const terms = searchTerms(query);
  return drafts.filter((d) =>
    terms.every(({ field, value, negate }) => {
      const ok =
        field === null
          ? d.name.toLowerCase().includes(value) || (d.email ?? '').toLowerCase().includes(value)
          : (DRAFT_FILTERS[field]?.(d, value) ?? true);
      return negate ? !ok : ok;
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Resolvers, by type
// ---------------------------------------------------------------------------------------------------------

const moneyV2 = (/** @type {number} */ cents, /** @type {string} */ currencyCode) => ({
  amount: cents,
  currencyCode,
});
/** Money bags carry the same figure twice: the simulator has no currency conversion. */
const moneyBag = (
  /** @type {number} */ cents,
  /** @type {string} */ shopCurrency,
  /** @type {string} */ presentment,
) => ({
  shopMoney: moneyV2(cents, shopCurrency),
  presentmentMoney: moneyV2(cents, presentment),
});
const draftMoney = (/** @type {DraftOrder} */ d, /** @type {number} */ cents) =>
  moneyBag(cents, d.shopCurrency, d.presentmentCurrencyCode);
const exactCount = (/** @type {number} */ count) => ({ count, precision: 'EXACT' });

/** @param {Ctx} ctx @param {string} id */
function findNode(ctx, id) {
  const s = ctx.store;
  return (
    s.productById.get(id) ??
    s.variantById.get(id) ??
    s.customerById.get(id) ??
    s.collections.find((c) => c.id === id) ??
    s.products.flatMap((p) => p.metafields.flatMap((m) => m.metaobjects)).find((m) => m.id === id) ??
    ctx.draftOrders().find((d) => d.id === id) ??
    ctx.orders.find(id) ??
    (s.info.id === id ? s.info : null)
  );
}

function zoneOffset(/** @type {string} */ zone, /** @type {number} */ at) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part?.value ?? '');
  if (!m) return { text: '+0000', minutes: 0 };
  return {
    text: `${m[1]}${m[2]}${m[3]}`,
    minutes: (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])),
  };
}
function zoneAbbreviation(/** @type {string} */ zone, /** @type {number} */ at) {
  const part = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

/** @type {Record<string, Resolver<unknown>>} */
const QueryRoot = {
  shop: (_s, _a, ctx) => ctx.store.info,
  currentAppInstallation: (_s, _a, ctx) => ctx.store.installation,
  // `published: true` returns only the published languages; its default (false) returns them all.
  shopLocales: (_s, a, ctx) => ctx.store.locales.filter((l) => !a.published || l.published),
  products: (_s, a, ctx) => paginate(sortBy(searchProducts(ctx.store.products, a.query), a.sortKey), a),
  productsCount: (_s, a, ctx) => {
    const n = searchProducts(ctx.store.products, a.query).length;
    // Shopify caps the count at `limit` (default 10000) and then says it is only a lower bound.
    const limit = a.limit ?? 10000;
    return { count: Math.min(n, limit), precision: n > limit ? 'AT_LEAST' : 'EXACT' };
  },
  product: (_s, a, ctx) => ctx.store.productById.get(a.id) ?? null,
  productVariant: (_s, a, ctx) => ctx.store.variantById.get(a.id) ?? null,
  collections: (_s, a, ctx) => {
    const q = String(a.query ?? '')
      .toLowerCase()
      .replace(/^title:/, '')
      .replace(/\*$/, '');
    const list = ctx.store.collections.filter((c) => !q || c.title.toLowerCase().includes(q));
    return paginate(sortBy(list, a.sortKey), a);
  },
  collection: (_s, a, ctx) => ctx.store.collections.find((c) => c.id === a.id) ?? null,
  customer: (_s, a, ctx) => ctx.store.customerById.get(a.id) ?? null,
  draftOrder: (_s, a, ctx) => ctx.draftOrders().find((d) => d.id === a.id) ?? null,
  draftOrders: (_s, a, ctx) => paginate(sortBy(searchDraftOrders(ctx.draftOrders(), a.query), a.sortKey), a),
  node: (_s, a, ctx) => findNode(ctx, a.id),
  nodes: (_s, a, ctx) => a.ids.map((/** @type {string} */ id) => findNode(ctx, id)),
};

/**
 * Draft order inputs that change what the customer pays and that the simulator does not model: refused
 * by name rather than ignored, so a total is never silently wrong.
 * @param {Args} input
 */
function modelled(input) {
  const money = ['discountCodes', 'deposit', 'acceptAutomaticDiscounts'].filter(
    (key) => input[key] != null && !(Array.isArray(input[key]) && !input[key].length),
  );
  if ((input.lineItems ?? []).some((/** @type {Args} */ l) => l.appliedDiscount != null))
    money.push('lineItems.appliedDiscount');
  if (money.length) {
    throw new FieldError(
      `The simulator does not model DraftOrderInput.${money.join(', ')}; use the order's appliedDiscount or add it in scripts/simulator/admin-draft-orders.mjs.`,
      { code: 'NOT_SIMULATED' },
    );
  }
  return input;
}

/** @type {Record<string, Resolver<unknown>>} */
const Mutation = {
  draftOrderCreate: (_s, a, ctx) => ctx.recordUserErrors(ctx.mutations.draftOrderCreate(modelled(a.input))),
  draftOrderUpdate: (_s, a, ctx) =>
    ctx.recordUserErrors(ctx.mutations.draftOrderUpdate(a.id, modelled(a.input))),
  draftOrderInvoiceSend: (_s, a, ctx) =>
    ctx.recordUserErrors(ctx.mutations.draftOrderInvoiceSend(a.id, a.email ?? null)),
  draftOrderDelete: (_s, a, ctx) => ctx.recordUserErrors(ctx.mutations.draftOrderDelete(a.input.id)),
};

/** @type {Record<string, Resolver<ShopStore['info']>>} */
const Shop = {
  timezoneAbbreviation: (s, _a, ctx) => zoneAbbreviation(s.ianaTimezone, ctx.now()),
  timezoneOffset: (s, _a, ctx) => zoneOffset(s.ianaTimezone, ctx.now()).text,
  timezoneOffsetMinutes: (s, _a, ctx) => zoneOffset(s.ianaTimezone, ctx.now()).minutes,
  url: (s) => s.primaryDomain.url,
};

/** @type {Record<string, Resolver<Product>>} */
const Product = {
  description: (p, a) => truncate(stripHtml(p.descriptionHtml), a.truncateAt),
  publishedAt: (p) => (p.status === 'ACTIVE' ? p.createdAt : null),
  onlineStoreUrl: (p, _a, ctx) =>
    p.status === 'ACTIVE' ? `${ctx.store.info.primaryDomain.url}/products/${p.handle}` : null,
  featuredImage: () => null,
  hasOnlyDefaultVariant: (p) => p.variants.length === 1 && p.variants[0].title === 'Default Title',
  totalInventory: () => 0,
  tracksInventory: () => false,
  options: (p, a) => (a.first == null ? p.options : p.options.slice(0, a.first)),
  priceRangeV2: (p, _a, ctx) => {
    const prices = p.variants.map((v) => v.price);
    const currency = ctx.store.info.currencyCode;
    return {
      minVariantPrice: moneyV2(Math.min(...prices), currency),
      maxVariantPrice: moneyV2(Math.max(...prices), currency),
    };
  },
  metafield: (p, a) => p.metafields.find((m) => m.namespace === a.namespace && m.key === a.key) ?? null,
  variantsCount: (p) => exactCount(p.variants.length),
  variants: (p, a) => paginate(p.variants, a),
  collections: (p, a, ctx) =>
    paginate(
      ctx.store.collections.filter((c) => c.productIds.includes(p.id)),
      a,
    ),
};

/** @type {Record<string, Resolver<import('./admin-store.mjs').Metafield>>} */
const Metafield = {
  references: (m, a) => paginate(m.metaobjects, a),
};

/** @type {Record<string, Resolver<import('./admin-store.mjs').Metaobject>>} */
const Metaobject = {
  field: (m, a) => m.fields.find((f) => f.key === a.key) ?? null,
};

/** @type {Record<string, Resolver<Variant>>} */
const ProductVariant = {
  displayName: (v, _a, ctx) => `${ctx.store.productById.get(v.productId)?.title} - ${v.title}`,
  image: () => null,
  product: (v, _a, ctx) => ctx.store.productById.get(v.productId),
};

/** @type {Record<string, Resolver<Collection>>} */
const Collection = {
  description: (c, a) => truncate(stripHtml(c.descriptionHtml), a.truncateAt),
  image: () => null,
  productsCount: (c) => exactCount(c.productIds.length),
  products: (c, a, ctx) =>
    paginate(
      c.productIds.flatMap((id) => ctx.store.productById.get(id) ?? []),
      a,
    ),
};

/** @type {Record<string, Resolver<Customer>>} */
const Customer = {
  displayName: (c) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || c.phone || '',
  defaultEmailAddress: (c) => (c.email ? { emailAddress: c.email } : null),
};

/** @typedef {LineItem & { shopCurrency: string, currency: string }} LineView */
/** @type {Record<string, Resolver<LineView>>} */
const DraftOrderLineItem = {
  isGiftCard: () => false,
  image: () => null,
  variant: (l, _a, ctx) => (l.variantId ? (ctx.store.variantById.get(l.variantId) ?? null) : null),
  product: (l, _a, ctx) => (l.productId ? (ctx.store.productById.get(l.productId) ?? null) : null),
  originalUnitPriceSet: (l) => moneyBag(l.unitPrice, l.shopCurrency, l.currency),
  originalUnitPriceWithCurrency: (l) => moneyV2(l.unitPrice, l.currency),
  originalTotalSet: (l) => moneyBag(l.unitPrice * l.quantity, l.shopCurrency, l.currency),
  discountedTotalSet: (l) => moneyBag(l.unitPrice * l.quantity, l.shopCurrency, l.currency),
  approximateDiscountedUnitPriceSet: (l) => moneyBag(l.unitPrice, l.shopCurrency, l.currency),
  totalDiscountSet: (l) => moneyBag(0, l.shopCurrency, l.currency),
};

/** @typedef {import('./admin-draft-orders.mjs').StoredShippingLine & { shopCurrency: string, currency: string }} ShippingView */
/** @type {Record<string, Resolver<ShippingView>>} */
const ShippingLine = {
  custom: () => true,
  originalPriceSet: (s) => moneyBag(s.price, s.shopCurrency, s.currency),
  discountedPriceSet: (s) => moneyBag(s.price, s.shopCurrency, s.currency),
};

/** @type {Record<string, Resolver<DraftOrder>>} */
const DraftOrder = {
  note2: (d) => d.note,
  currencyCode: (d) => d.shopCurrency,
  ready: () => true,
  customer: (d, _a, ctx) => (d.customerId ? (ctx.store.customerById.get(d.customerId) ?? null) : null),
  shippingLine: (d) =>
    d.shippingLine
      ? { ...d.shippingLine, shopCurrency: d.shopCurrency, currency: d.presentmentCurrencyCode }
      : null,
  lineItems: (d, a) =>
    paginate(
      d.lineItems.map((l) => ({ ...l, shopCurrency: d.shopCurrency, currency: d.presentmentCurrencyCode })),
      a,
    ),
  subtotalPriceSet: (d) => draftMoney(d, draftTotals(d).subtotal),
  totalLineItemsPriceSet: (d) => draftMoney(d, draftTotals(d).lineItems),
  totalShippingPriceSet: (d) => draftMoney(d, draftTotals(d).shipping),
  totalTaxSet: (d) => draftMoney(d, draftTotals(d).tax),
  totalDiscountsSet: (d) => draftMoney(d, draftTotals(d).discount),
  appliedDiscount: (d) => {
    if (!d.appliedDiscount) return null;
    const cents = draftTotals(d).discount;
    return {
      ...d.appliedDiscount,
      amountSet: draftMoney(d, cents),
      amountV2: moneyV2(cents, d.shopCurrency),
      amount: cents,
    };
  },
  totalPriceSet: (d) => draftMoney(d, draftTotals(d).total),
  totalWeight: () => '0',
  paymentTerms: (d, _a, ctx) =>
    d.paymentTerms ? paymentTermsView(d.paymentTerms, draftTotals(d).total, d.shopCurrency, ctx.now()) : null,
  // The order a completed draft became (paid at its invoice, or draftOrderComplete), else null.
  order: (d, _a, ctx) => (d.orderId ? (ctx.orders.find(d.orderId) ?? null) : null),
};

const ORDERS = orderResolvers({ paginate, searchTerms });
const B2B = b2bResolvers(/** @type {any} */ (paginate));

/** @type {Record<string, Record<string, Resolver<any>>>} */
const RESOLVERS = {
  ...ORDERS,
  ...B2B,
  QueryRoot: { ...QueryRoot, ...ORDERS.QueryRoot, ...B2B.QueryRoot },
  Mutation: { ...Mutation, ...ORDERS.Mutation },
  Shop,
  Product,
  Metafield,
  Metaobject,
  ProductVariant,
  Collection,
  Customer: { ...Customer, ...B2B.Customer },
  DraftOrderLineItem,
  ShippingLine,
  DraftOrder,
};

/**
 * Fields that need an access scope the app may not hold (a list: any one of them); without it Shopify
 * answers ACCESS_DENIED. B2B objects need read_customers or read_companies (shopify.dev, CompanyContact).
 */
const REQUIRED_SCOPES = /** @type {Record<string, string | string[]>} */ ({
  'Customer.companyContactProfiles': ['read_customers', 'read_companies'],
  'QueryRoot.order': 'read_orders',
  'QueryRoot.orders': 'read_orders',
  'QueryRoot.ordersCount': 'read_orders',
  'Mutation.refundCreate': 'write_orders',
  'Mutation.orderCancel': 'write_orders',
  'QueryRoot.draftOrder': 'read_draft_orders',
  'QueryRoot.draftOrders': 'read_draft_orders',
  'Mutation.draftOrderCreate': 'write_draft_orders',
  'Mutation.draftOrderUpdate': 'write_draft_orders',
  'Mutation.draftOrderComplete': 'write_draft_orders',
  'Mutation.draftOrderDelete': 'write_draft_orders',
  'Mutation.draftOrderInvoiceSend': 'write_draft_orders',
});

/**
 * graphql-js `fieldResolver`: the resolver above for the field, else the source's own property. It also
 * counts the actual query cost as Shopify does: 1 per object returned, 2 per connection.
 * @type {import('graphql').GraphQLFieldResolver<any, Ctx>}
 */
export function fieldResolver(source, args, ctx, info) {
  const parent = info.parentType.name;
  const scopes = [REQUIRED_SCOPES[`${parent}.${info.fieldName}`] ?? []].flat();
  if (scopes.length && !scopes.some((scope) => ctx.store.scopes.has(scope))) {
    const required = scopes.map((scope) => `\`${scope}\` access scope`).join(' or ');
    throw new FieldError(`Access denied for ${info.fieldName} field. Required access: ${required}.`, {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: `${required}.`,
    });
  }
  const own = RESOLVERS[parent]?.[info.fieldName];
  let value;
  if (own) value = own(source, args, ctx, info);
  else if (source !== null && typeof source === 'object' && info.fieldName in source)
    value = source[info.fieldName];
  else
    throw new FieldError(
      `The simulator does not model ${parent}.${info.fieldName}; add it in scripts/simulator/admin-resolvers.mjs.`,
      { code: 'NOT_SIMULATED' },
    );
  const named = getNamedType(info.returnType);
  if (value != null && isCompositeType(named)) {
    if (named.name.endsWith('Connection')) ctx.actualCost += 2;
    else if (!named.name.endsWith('Edge') && named.name !== 'PageInfo')
      ctx.actualCost += Array.isArray(value) ? value.length : 1;
  }
  return value;
}
