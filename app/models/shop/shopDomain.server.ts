import { LRUCache } from 'lru-cache';
import prisma from '../../db.server';
import { db } from '../../db/query.server';
import { env } from '../../env.server';

type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

const PRIMARY_DOMAIN = `#graphql
  query ShopPrimaryDomain { shop { primaryDomain { url } } }`;

/**
 * The origin of a shop's storefront as Shopify reports it, or null when the value is not a plain
 * http(s) origin. Plain http is accepted only for a local machine (the simulator).
 */
export function cleanOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const local = ['localhost', '127.0.0.1'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  return url.origin;
}

/** How long a shop whose primary-domain lookup failed waits before it is looked up again. */
export const RETRY_LOOKUP_AFTER_MS = 5 * 60_000;
/** Shops whose lookup failed within the pause (wall-clock time, as the retry pause is meant). */
const recentlyFailed = new LRUCache<string, true>({
  max: 10_000,
  ttl: RETRY_LOOKUP_AFTER_MS,
  ttlResolution: 0,
  perf: { now: () => Date.now() },
});

/**
 * Reads the shop's primary domain from the Admin API and keeps it in the shop's settings. Links are
 * never built from request headers (a visitor controls Host and X-Forwarded-Host); this is where the
 * shop's own domain comes from instead. Failures leave the stored value as it was.
 */
export async function refreshPrimaryDomain(shop: string, graphql: AdminGraphql): Promise<string | null> {
  // While Shopify cannot answer, storefront requests must not each wait for (and log) another failed
  // call: a shop whose lookup failed is asked again only after a pause (per process; a cache).
  if (recentlyFailed.get(shop)) return null;
  try {
    const response = await graphql(PRIMARY_DOMAIN);
    const body = (await response.json()) as { data?: { shop?: { primaryDomain?: { url?: unknown } } } };
    const origin = cleanOrigin(body.data?.shop?.primaryDomain?.url);
    if (!origin) {
      recentlyFailed.set(shop, true);
      return null;
    }
    await prisma.shopSettings.upsert({
      where: { shop },
      create: { shop, primaryDomainUrl: origin },
      update: { primaryDomainUrl: origin },
    });
    recentlyFailed.delete(shop);
    return origin;
  } catch (error) {
    recentlyFailed.set(shop, true);
    console.warn(
      `Could not read the primary domain of ${shop}: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
}

/**
 * Where shoppers reach a shop: its primary domain when known, else its myshopify.com domain (Shopify
 * redirects that to the primary domain). The local simulator plays the shop's storefront on its own
 * origin (SHOPIFY_ADMIN_API_ORIGIN, refused in production). `shop` must be the signed shop.
 * Never a call to Shopify: storefront pages build links with this, and a page must not wait for (or
 * log the failure of) an Admin API call. The domain is read from Shopify when the merchant opens the
 * app (adminSettings.server.ts), which Shopify does right after the install.
 */
export async function shopOrigin(shop: string): Promise<string> {
  const settings = await db
    .selectFrom('ShopSettings')
    .select('primaryDomainUrl')
    .where('shop', '=', shop)
    .executeTakeFirst();
  return originOf(shop, settings?.primaryDomainUrl);
}

/** shopOrigin for a page that has read the shop's settings already: the same answer, nothing read again. */
export function originOf(shop: string, primaryDomainUrl: string | null | undefined) {
  return cleanOrigin(primaryDomainUrl) ?? cleanOrigin(env.SHOPIFY_ADMIN_API_ORIGIN) ?? `https://${shop}`;
}
