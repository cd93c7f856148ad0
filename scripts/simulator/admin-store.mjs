// @ts-check
// The simulated shops' data: catalogue, customers and shop details, seeded from the one demo catalogue
// (prisma/demo-data.ts). Amounts are integer cents; the Money and Decimal scalars print them
// (admin-resolvers.mjs).
import { seedCompanies } from './admin-b2b.mjs';
import {
  DEMO_COLLECTIONS,
  DEMO_MENU,
  DEMO_MODIFIERS,
  DEMO_SHOP,
  DEMO_UNLISTED,
} from '../../prisma/demo-data.ts';

export { DEMO_SHOP };

/**
 * @typedef {{ __typename: 'ProductVariant', id: string, legacyResourceId: string, productId: string,
 *   title: string, price: number, compareAtPrice: null, sku: string, barcode: null, position: number,
 *   availableForSale: boolean, inventoryQuantity: null, taxable: boolean,
 *   selectedOptions: { name: string, value: string }[], createdAt: string, updatedAt: string }} Variant
 * @typedef {{ __typename: 'Product', id: string, legacyResourceId: string, title: string, handle: string,
 *   productType: string, vendor: string, status: 'ACTIVE'|'DRAFT'|'ARCHIVED', tags: string[],
 *   descriptionHtml: string, createdAt: string, updatedAt: string,
 *   options: { id: string, name: string, position: number, values: string[] }[], variants: Variant[],
 *   metafields: Metafield[] }} Product
 * @typedef {{ __typename: 'Metaobject', id: string, handle: string, type: string, displayName: string,
 *   fields: { key: string, type: string, value: string }[] }} Metaobject
 * @typedef {{ __typename: 'Metafield', id: string, namespace: string, key: string, type: string,
 *   value: string, jsonValue: string[], ownerType: 'PRODUCT', metaobjects: Metaobject[] }} Metafield
 * @typedef {{ __typename: 'Collection', id: string, legacyResourceId: string, title: string, handle: string,
 *   descriptionHtml: string, updatedAt: string, productIds: string[] }} Collection
 * @typedef {{ url: string, altText: null, width: number, height: number, id: string|null }} Image
 * @typedef {{ __typename: 'Customer', id: string, legacyResourceId: string, firstName: string|null,
 *   lastName: string|null, email: string|null, phone: null, image: Image, locale: string, note: null,
 *   tags: string[], state: string, verifiedEmail: boolean, numberOfOrders: string, createdAt: string,
 *   updatedAt: string }} Customer
 * @typedef {{ domain: string, name?: string, email?: string, currencyCode?: string, ianaTimezone?: string,
 *   primaryDomainUrl?: string, accessScopes?: string[], seedCatalog?: boolean,
 *   locales?: { locale: string, primary?: boolean, published?: boolean }[] }} ShopConfig
 * @typedef {ReturnType<typeof seedShop>} ShopStore
 * @typedef {ShopStore['info']} ShopInfo
 */

const svgAvatar = (/** @type {string} */ fill, /** @type {string} */ text) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="${fill}"/>` +
      `<text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${text}</text></svg>`,
  );
/**
 * `Customer.image` is non-null in Shopify's schema: a customer without a photo gets Shopify's default
 * avatar. Inline images load offline, unlike Shopify's CDN.
 */
export const DEFAULT_AVATAR_URL = svgAvatar('#8a8a8a', '?');

/** The simulated shop customers, for the simulator's login page (`logged_in_customer_id` is the numeric id). */
export const SIMULATED_CUSTOMERS = Object.freeze([
  Object.freeze({
    id: 'gid://shopify/Customer/1001',
    legacyResourceId: '1001',
    firstName: 'Olivia',
    lastName: 'Nguyen',
    email: 'olivia.nguyen@example.com',
    imageUrl: /** @type {string|null} */ (svgAvatar('#2e6f5e', 'ON')),
  }),
  Object.freeze({
    id: 'gid://shopify/Customer/1002',
    legacyResourceId: '1002',
    firstName: 'James',
    lastName: 'Wilson',
    email: 'james.wilson@example.com',
    imageUrl: null,
  }),
  // Shopify allows a customer with only an e-mail address; the app must cope with null names.
  Object.freeze({
    id: 'gid://shopify/Customer/1003',
    legacyResourceId: '1003',
    firstName: null,
    lastName: null,
    email: 'sam.taylor@example.com',
    imageUrl: null,
  }),
]);

export const slug = (/** @type {string} */ s) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** "white_coffee" -> "White Coffee": the product type the app maps back to a menu category. */
const categoryLabel = (/** @type {string} */ key) =>
  key.replace(/_/g, ' ').replace(/\b[a-z]/g, (ch) => ch.toUpperCase());

/** The size variants of a menu item: the demo Size modifiers that apply to its category, else one. */
function sizesFor(/** @type {string} */ category, /** @type {number} */ price) {
  const sizeGroup = DEMO_MODIFIERS.find((g) => g.type === 'size');
  const sizes = sizeGroup?.modifiers.filter((m) => m.categories.includes(category)) ?? [];
  if (!sizes.length) return [{ title: 'Default Title', price }];
  return sizes.map((m) => ({ title: m.name, price: price + (m.delta ?? 0) }));
}

/** @param {ShopConfig} cfg @param {string} domain @param {boolean} isDemo */
function shopInfo(cfg, domain, isDemo, /** @type {number} */ index) {
  const currencyCode = cfg.currencyCode ?? 'AUD';
  const local = domain.replace(/\.myshopify\.com$/, '');
  const primaryUrl = (cfg.primaryDomainUrl ?? `https://${domain}`).replace(/\/$/, '');
  const email = cfg.email ?? (isDemo ? 'hello@democoffee.example' : `owner@${local}.example`);
  return {
    __typename: /** @type {const} */ ('Shop'),
    id: `gid://shopify/Shop/${60_000_001 + index}`,
    name:
      cfg.name ??
      (isDemo
        ? 'Demo Coffee'
        : local.replace(/(^|-)([a-z])/g, (_m, sep, ch) => `${sep ? ' ' : ''}${ch.toUpperCase()}`)),
    email,
    contactEmail: email,
    description: isDemo ? 'Neighbourhood espresso bar and kitchen.' : null,
    currencyCode,
    enabledPresentmentCurrencies: [currencyCode],
    currencyFormats: {
      moneyFormat: '${{amount}}',
      moneyWithCurrencyFormat: `\${{amount}} ${currencyCode}`,
      moneyInEmailsFormat: '${{amount}}',
      moneyWithCurrencyInEmailsFormat: `\${{amount}} ${currencyCode}`,
    },
    ianaTimezone: cfg.ianaTimezone ?? 'Australia/Sydney',
    myshopifyDomain: domain,
    primaryDomain: {
      id: `gid://shopify/Domain/${70_000_001 + index}`,
      host: new URL(primaryUrl).host,
      url: primaryUrl,
      sslEnabled: primaryUrl.startsWith('https:'),
    },
    // Australian prices include GST.
    taxesIncluded: currencyCode === 'AUD',
    weightUnit: 'KILOGRAMS',
    plan: {
      displayName: 'Developer Preview',
      publicDisplayName: 'Development',
      partnerDevelopment: true,
      shopifyPlus: false,
    },
  };
}

// Shopify's product taxonomy names a food product's allergens and diets in two category metafields,
// `shopify.allergen-information` and `shopify.dietary-preferences`: lists of references to standard
// metaobject entries (types `shopify--allergen-information`, `shopify--dietary-preferences`), each with a
// `label`. The demo products carry the demo menu's values there, in Shopify's words.
const TAXONOMY_ALLERGEN = {
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  peanuts: 'Peanuts',
  soybeans: 'Soy',
  milk: 'Milk',
  nuts: 'Tree nuts',
  celery: 'Celery',
  mustard: 'Mustard',
  sesame: 'Sesame',
  sulphites: 'Sulfites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};
const TAXONOMY_DIET = { vegetarian: 'Vegetarian', vegan: 'Vegan' };
const TAXONOMY_ENTRY_IDS = [...Object.values(TAXONOMY_ALLERGEN), ...Object.values(TAXONOMY_DIET)];

/** One taxonomy metafield of a product, or none when the product has no values for it. */
function taxonomyMetafield(
  /** @type {number} */ legacy,
  /** @type {string} */ key,
  /** @type {string[]} */ labels,
) {
  if (!labels.length) return [];
  const metaobjects = labels.map((label) => {
    const handle = slug(label);
    /** @type {Metaobject} */
    const entry = {
      __typename: 'Metaobject',
      // One entry per label in every shop, as Shopify's standard entries are.
      id: `gid://shopify/Metaobject/${TAXONOMY_ENTRY_IDS.indexOf(label) + 71_000_001}`,
      handle,
      type: `shopify--${key}`,
      displayName: label,
      fields: [{ key: 'label', type: 'single_line_text_field', value: label }],
    };
    return entry;
  });
  /** @type {Metafield} */
  const metafield = {
    __typename: 'Metafield',
    id: `gid://shopify/Metafield/${legacy}${key.length}`,
    namespace: 'shopify',
    key,
    type: 'list.metaobject_reference',
    value: JSON.stringify(metaobjects.map((m) => m.id)),
    jsonValue: metaobjects.map((m) => m.id),
    ownerType: 'PRODUCT',
    metaobjects,
  };
  return [metafield];
}

/** The demo catalogue as Shopify products; ids differ per shop so one shop's id never resolves on another. */
function catalogue(
  /** @type {number} */ index,
  /** @type {string} */ vendor,
  /** @type {(m: number) => string} */ iso,
) {
  const productBase = 8_800_000_000 + index * 100_000;
  const variantBase = 46_000_000_000 + index * 1_000_000;
  let variantSeq = 0;
  const items = [
    ...DEMO_MENU.map((item) => ({ ...item, status: /** @type {const} */ ('ACTIVE') })),
    ...DEMO_UNLISTED,
  ];
  return items.map((item, i) => {
    const legacy = productBase + i + 1;
    const id = `gid://shopify/Product/${legacy}`;
    const sizes = sizesFor(item.category, item.price);
    const sized = sizes[0].title !== 'Default Title';
    const optionName = sized ? 'Size' : 'Title';
    const createdAt = iso(i);
    /** @type {Product} */
    const product = {
      __typename: 'Product',
      id,
      legacyResourceId: String(legacy),
      title: item.name,
      handle: slug(item.name),
      productType: categoryLabel(item.category),
      vendor,
      status: item.status,
      tags: [item.category],
      descriptionHtml: `<p>${item.description.replace(/&/g, '&amp;')}</p>`,
      createdAt,
      updatedAt: createdAt,
      options: [
        {
          id: `gid://shopify/ProductOption/${legacy}`,
          name: optionName,
          position: 1,
          values: sizes.map((s) => s.title),
        },
      ],
      metafields: [
        ...taxonomyMetafield(
          legacy,
          'allergen-information',
          item.allergens
            .split(',')
            .filter(Boolean)
            .map((k) => TAXONOMY_ALLERGEN[/** @type {keyof typeof TAXONOMY_ALLERGEN} */ (k)]),
        ),
        ...taxonomyMetafield(
          legacy,
          'dietary-preferences',
          item.diets
            .split(',')
            .filter(Boolean)
            .map((k) => TAXONOMY_DIET[/** @type {keyof typeof TAXONOMY_DIET} */ (k)]),
        ),
      ],
      variants: sizes.map((size, k) => {
        const seq = variantBase + ++variantSeq;
        return {
          __typename: /** @type {const} */ ('ProductVariant'),
          id: `gid://shopify/ProductVariant/${seq}`,
          legacyResourceId: String(seq),
          productId: id,
          title: size.title,
          price: size.price,
          compareAtPrice: null,
          sku: `${slug(item.name).toUpperCase().slice(0, 12)}-${sized ? size.title.charAt(0) : 'STD'}`,
          barcode: null,
          position: k + 1,
          availableForSale: item.status === 'ACTIVE',
          inventoryQuantity: null,
          taxable: true,
          selectedOptions: [{ name: optionName, value: size.title }],
          createdAt,
          updatedAt: createdAt,
        };
      }),
    };
    return product;
  });
}

/** The demo collections (prisma/demo-data.ts); a name that is not in the catalogue is a mistake there. */
function collections(
  /** @type {number} */ index,
  /** @type {Product[]} */ products,
  /** @type {(m: number) => string} */ iso,
) {
  if (!products.length) return [];
  const byTitle = new Map(products.map((p) => [p.title, p]));
  return DEMO_COLLECTIONS.map(({ title, description, products: names }, j) => {
    const legacy = 480_000_001 + index * 1000 + j;
    /** @type {Collection} */
    const collection = {
      __typename: 'Collection',
      id: `gid://shopify/Collection/${legacy}`,
      legacyResourceId: String(legacy),
      title,
      handle: slug(title),
      descriptionHtml: `<p>${description}</p>`,
      updatedAt: iso(100 + j),
      productIds: names.map((name) => {
        const product = byTitle.get(name);
        if (!product)
          throw new Error(`Collection ${title} names ${name}, which is not in the demo catalogue`);
        return product.id;
      }),
    };
    return collection;
  });
}

/** @param {number} index @param {(m: number) => string} iso @returns {Customer[]} */
function customers(index, iso) {
  void index;
  return SIMULATED_CUSTOMERS.map((c, k) => ({
    __typename: 'Customer',
    id: c.id,
    legacyResourceId: c.legacyResourceId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: null,
    image: c.imageUrl
      ? {
          id: `gid://shopify/CustomerImage/${c.legacyResourceId}`,
          url: c.imageUrl,
          altText: null,
          width: 96,
          height: 96,
        }
      : { id: null, url: DEFAULT_AVATAR_URL, altText: null, width: 96, height: 96 },
    locale: 'en-AU',
    note: null,
    tags: [],
    state: 'ENABLED',
    verifiedEmail: true,
    numberOfOrders: '0',
    createdAt: iso(200 + k),
    updatedAt: iso(200 + k),
  }));
}

/** Locale names as Shopify's admin shows them (in English). */
const LOCALE_NAMES = /** @type {Record<string, string>} */ ({ en: 'English', fr: 'French', de: 'German' });

/**
 * The shop's languages (`shopLocales`): English alone unless configured; the first configured one is the
 * primary language when none says so, and a language is published unless it says otherwise.
 * @param {ShopConfig} cfg
 */
function shopLocales(cfg) {
  const list = cfg.locales?.length ? cfg.locales : [{ locale: 'en' }];
  const primary = list.findIndex((l) => l.primary);
  return list.map((l, i) => ({
    __typename: /** @type {const} */ ('ShopLocale'),
    locale: l.locale,
    name: LOCALE_NAMES[l.locale.split('-')[0]] ?? l.locale,
    primary: i === (primary < 0 ? 0 : primary),
    published: l.published ?? true,
    marketWebPresences: [],
  }));
}

/** Scopes an installation holds: those granted, and `read_x` for each `write_x` (Shopify implies it). @param {string[]} granted */
export function heldScopes(granted) {
  return new Set(granted.flatMap((s) => (s.startsWith('write_') ? [s, `read_${s.slice(6)}`] : [s])));
}

/** @param {ShopConfig} cfg @param {number} index */
export function seedShop(cfg, index) {
  const domain = cfg.domain.toLowerCase();
  const seededAt = Date.parse('2026-01-05T09:00:00Z');
  const iso = (/** @type {number} */ minutes) => new Date(seededAt + minutes * 60_000).toISOString();
  const info = shopInfo(cfg, domain, domain === DEMO_SHOP, index);
  const products = cfg.seedCatalog === false ? [] : catalogue(index, info.name, iso);
  const people = customers(index, iso);
  return {
    index,
    info,
    products,
    collections: collections(index, products, iso),
    customers: people,
    productById: new Map(products.map((p) => [p.id, p])),
    variantById: new Map(products.flatMap((p) => p.variants.map((v) => /** @type {const} */ ([v.id, v])))),
    customerById: new Map(people.map((c) => [c.id, c])),
    /** B2B companies (admin-b2b.mjs): whose contacts buy on the company's account and terms. */
    companies: seedCompanies(index),
    locales: shopLocales(cfg),
    installation: {
      id: `gid://shopify/AppInstallation/${90_000_001 + index}`,
      accessScopes: (
        cfg.accessScopes ?? [
          'read_products',
          'read_customers',
          'read_draft_orders',
          'write_draft_orders',
          'read_orders',
          'write_orders',
          'read_locales',
        ]
      ).map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })),
      app: { id: 'gid://shopify/App/5550001', title: 'Group Order', handle: 'group-order' },
    },
    /** What the app may read and write here (admin-resolvers.mjs refuses the rest, as Shopify does). */
    scopes: heldScopes(
      cfg.accessScopes ?? [
        'read_products',
        'read_customers',
        'write_draft_orders',
        'write_orders',
        'read_locales',
      ],
    ),
    bucket: { available: 0, at: 0 },
    draftSeq: 0,
    orderSeq: 0,
    /** Results of mutations sent with `@idempotent(key:)`, by mutation and key. @type {Map<string, unknown>} */
    idempotency: new Map(),
  };
}
