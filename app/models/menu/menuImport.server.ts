import prisma from '../../db.server';
import { isAllergen, isDiet, joinKeys } from '../../lib/allergens';
import { taxonomyKeys } from '../../lib/allergenTaxonomy';
import { decimalToCents } from '../../lib/money';
import { categoryKey } from '../../lib/categories';

// "Import from Shopify products": every variant of the shop's active products becomes a menu item that
// keeps its product and variant ids, so draft-order lines link to the real product. Importing again
// updates those items (unique per shop and variant) instead of adding copies; the merchant's own items and
// archive choices are left alone.

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

const PRODUCT_FIELDS = `#graphql
  fragment ImportedProduct on Product {
    id
    title
    productType
    status
    description(truncateAt: 500)
    variants(first: 20) { nodes { id title price } }
    allergenInformation: metafield(namespace: "shopify", key: "allergen-information") { jsonValue }
    dietaryPreferences: metafield(namespace: "shopify", key: "dietary-preferences") { jsonValue }
  }`;

// The taxonomy metafields hold references to Shopify's standard metaobject entries ("Milk", "Tree nuts");
// a catalogue names few distinct ones, so they are read once per import, not once per product.
const TAXONOMY_ENTRIES = `#graphql
  query ImportTaxonomyEntries($ids: [ID!]!) {
    nodes(ids: $ids) { ... on Metaobject { id handle label: field(key: "label") { value } } }
  }`;

const PRODUCTS = `#graphql
  query ImportProducts($after: String) {
    products(first: 25, after: $after, query: "status:active") {
      nodes { ...ImportedProduct }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${PRODUCT_FIELDS}`;

const COLLECTION_PRODUCTS = `#graphql
  query ImportCollectionProducts($id: ID!, $after: String) {
    collection(id: $id) {
      title
      products(first: 25, after: $after) {
        nodes { ...ImportedProduct }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${PRODUCT_FIELDS}`;

const COLLECTIONS = `#graphql
  query ImportCollections { collections(first: 50, sortKey: TITLE) { nodes { id title } } }`;

type Product = {
  id: string;
  title: string;
  productType: string;
  status: string;
  description: string;
  variants: { nodes: { id: string; title: string; price: string }[] };
  allergenInformation: TaxonomyValue | null;
  dietaryPreferences: TaxonomyValue | null;
};
type TaxonomyValue = { jsonValue: unknown };
type Entry = { id: string; handle: string; label: { value: string } | null } | Record<string, never> | null;

const referenced = (value: TaxonomyValue | null) =>
  Array.isArray(value?.jsonValue) ? value.jsonValue.filter((id) => typeof id === 'string') : [];

/** The labels of the taxonomy entries the products name, by entry id. */
async function taxonomyLabels(graphql: AdminGraphql, products: Product[]) {
  const ids = [
    ...new Set(
      products.flatMap((p) => [...referenced(p.allergenInformation), ...referenced(p.dietaryPreferences)]),
    ),
  ];
  const labels = new Map<string, string>();
  for (let start = 0; start < ids.length; start += 250) {
    const data = await query<{ nodes: Entry[] }>(graphql, TAXONOMY_ENTRIES, {
      ids: ids.slice(start, start + 250),
    });
    for (const node of data.nodes) if (node?.id) labels.set(node.id, node.label?.value ?? node.handle);
  }
  return labels;
}

/** The taxonomy's entries as our keys (by label, else handle); null when the product has no such field. */
function taxonomy(value: TaxonomyValue | null, labels: Map<string, string>) {
  if (!value) return null;
  return taxonomyKeys(referenced(value).flatMap((id) => labels.get(id) ?? []));
}

/**
 * The product's allergens and diets from Shopify's taxonomy metafields, for the columns they set: a
 * product without one leaves what the merchant gave the item alone. A vegan product is vegetarian too.
 */
function taxonomyFacts(product: Product, labels: Map<string, string>) {
  const allergens = taxonomy(product.allergenInformation, labels);
  const diets = taxonomy(product.dietaryPreferences, labels)?.filter(isDiet);
  if (diets?.includes('vegan') && !diets.includes('vegetarian')) diets.unshift('vegetarian');
  return {
    ...(allergens ? { allergens: joinKeys(allergens.filter(isAllergen)) } : {}),
    ...(diets ? { diets: joinKeys(diets) } : {}),
  };
}
type Page = { nodes: Product[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

async function query<T>(graphql: AdminGraphql, document: string, variables: Record<string, unknown> = {}) {
  const response = await graphql(document, { variables });
  const body = (await response.json()) as { data: T };
  return body.data;
}

export async function listShopifyCollections(graphql: AdminGraphql) {
  const data = await query<{ collections: { nodes: { id: string; title: string }[] } }>(graphql, COLLECTIONS);
  return data.collections.nodes;
}

/** `complete` is false when the catalogue had more pages than one import reads (MAX_IMPORT_PAGES). */
export type ImportResult = { created: number; updated: number; products: number; complete: boolean };

const PAGE_SIZE = 25;
export const MAX_IMPORT_PAGES = 40;
export const MAX_IMPORT_PRODUCTS = PAGE_SIZE * MAX_IMPORT_PAGES;

/** Imports all active products, or one collection's (its title becomes the category). */
export async function importShopifyProducts(
  shop: string,
  graphql: AdminGraphql,
  options: { collectionId?: string | null; maxPages?: number } = {},
): Promise<ImportResult> {
  const products: { product: Product; category: string }[] = [];
  let after: string | null = null;
  let complete = false;
  const maxPages = options.maxPages ?? MAX_IMPORT_PAGES;
  for (let pageNo = 0; pageNo < maxPages; pageNo++) {
    let page: Page;
    let collectionCategory: string | null = null;
    if (options.collectionId) {
      const data = await query<{ collection: { title: string; products: Page } | null }>(
        graphql,
        COLLECTION_PRODUCTS,
        { id: options.collectionId, after },
      );
      if (!data.collection) throw new Error('That collection no longer exists in Shopify.');
      page = data.collection.products;
      collectionCategory = categoryKey(data.collection.title);
    } else {
      page = (await query<{ products: Page }>(graphql, PRODUCTS, { after })).products;
    }
    for (const product of page.nodes) {
      if (product.status !== 'ACTIVE') continue;
      const category = collectionCategory ?? (categoryKey(product.productType) || 'other');
      products.push({ product, category });
    }
    if (!page.pageInfo.hasNextPage) {
      complete = true;
      break;
    }
    after = page.pageInfo.endCursor;
  }

  const labels = await taxonomyLabels(
    graphql,
    products.map(({ product }) => product),
  );
  let created = 0;
  let updated = 0;
  let position =
    ((await prisma.menuItem.aggregate({ where: { shop }, _max: { position: true } }))._max.position ?? -1) +
    1;
  await prisma.$transaction(async (tx) => {
    for (const { product, category } of products) {
      const single = product.variants.nodes.length === 1;
      for (const variant of product.variants.nodes) {
        const priceCents = decimalToCents(variant.price);
        if (priceCents === null) continue;
        const name =
          single || variant.title === 'Default Title' ? product.title : `${product.title} — ${variant.title}`;
        const data = {
          name: name.slice(0, 120),
          category,
          description: product.description.slice(0, 500),
          priceCents,
          shopifyProductId: product.id,
          ...taxonomyFacts(product, labels),
        };
        const existing = await tx.menuItem.findUnique({
          where: { shop_shopifyVariantId: { shop, shopifyVariantId: variant.id } },
          select: { id: true },
        });
        if (existing) {
          await tx.menuItem.updateMany({ where: { id: existing.id, shop }, data });
          updated++;
        } else {
          await tx.menuItem.create({
            data: { ...data, shop, shopifyVariantId: variant.id, position: position++ },
          });
          created++;
        }
      }
    }
  });
  return { created, updated, products: products.length, complete };
}
