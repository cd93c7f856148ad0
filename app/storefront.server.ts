import { SessionNotFoundError } from '@shopify/shopify-app-remix/server';
import { unauthenticated } from './shopify.server';
import { env } from './env.server';
import { appProxySigned } from './lib/appProxySignature.server';
import { jsonError } from './lib/http.server';
import { PROXY_BASE } from './lib/paths';
import { shopOrigin } from './models/shop/shopDomain.server';

export type Storefront = {
  shop: string;
  /** Shopify customer id when a customer is logged in to the store (signed by Shopify). */
  customerId: string | null;
  /** The prefix the shopper sees (merchants can rename it), e.g. "/apps/group-order". */
  pathPrefix: string;
  /** The shop's Admin API, from its offline session: undefined when the app has none for the shop. */
  admin: () => Promise<AdminApi | undefined>;
};

type AdminApi = Awaited<ReturnType<typeof unauthenticated.admin>>['admin'];

import { STORE_ACCESS_REQUIRED } from './lib/messages';
export { STORE_ACCESS_REQUIRED };

function isApiRequest(url: URL) {
  return url.pathname.startsWith(`${PROXY_BASE}/api/`) || url.pathname === `${PROXY_BASE}/api`;
}

/**
 * Every storefront loader and action starts here: the request must carry Shopify's app-proxy signature
 * (checked as Shopify's library checks it: lib/appProxySignature.server.ts). Only signed values (shop,
 * logged_in_customer_id, path_prefix) are trusted.
 */
export async function requireStorefront(request: Request): Promise<Storefront> {
  const url = new URL(request.url);
  if (!appProxySigned(url, env.SHOPIFY_API_SECRET) || !hasSignedShape(url.searchParams)) {
    if (isApiRequest(url)) {
      throw jsonError(401, `${STORE_ACCESS_REQUIRED}: open this page through the shop's storefront.`);
    }
    throw new Response(STORE_ACCESS_REQUIRED, { status: 401, statusText: STORE_ACCESS_REQUIRED });
  }
  const shop = url.searchParams.get('shop') as string;
  const pathPrefix = normalizePrefix(url.searchParams.get('path_prefix'));
  let admin: Promise<AdminApi | undefined> | undefined;
  return {
    shop,
    customerId: url.searchParams.get('logged_in_customer_id') || null,
    pathPrefix,
    // Loaded when a loader first needs it (most storefront requests never call the Admin API).
    admin: () => (admin ??= adminApi(shop)),
  };
}

/** What authenticate.public.appProxy gave as `admin`: the client of the shop's offline session, if any. */
async function adminApi(shop: string): Promise<AdminApi | undefined> {
  try {
    return (await unauthenticated.admin(shop)).admin;
  } catch (error) {
    if (error instanceof SessionNotFoundError) return undefined;
    throw error;
  }
}

/**
 * Shopify signs the query's "key=value" pairs joined without a separator, so the same signature also fits
 * that text cut into pairs differently (e.g. path_prefix folded into logged_in_customer_id). Shopify
 * always sends a numeric or empty customer id and a path prefix: anything else was re-cut after signing.
 */
function hasSignedShape(query: URLSearchParams) {
  const customerId = query.get('logged_in_customer_id');
  return (customerId === null || /^\d*$/.test(customerId)) && Boolean(query.get('path_prefix'));
}

function normalizePrefix(prefix: string | null) {
  if (!prefix || !/^\/[a-z0-9/_-]+$/i.test(prefix)) return PROXY_BASE;
  return prefix.replace(/\/+$/, '');
}

/**
 * The absolute base of links that leave the page (e-mails, share links, QR codes): the signed shop's
 * own domain plus the signed path prefix. Never a request header: Host and X-Forwarded-Host are
 * whatever the visitor sent.
 */
export async function linkBase(storefront: Storefront) {
  const origin = await shopOrigin(storefront.shop, (await storefront.admin())?.graphql);
  return `${origin}${storefront.pathPrefix}`;
}

/** An absolute link a shopper can share: the shop's domain + the signed prefix + path. */
export async function shareUrl(storefront: Storefront, path: string) {
  return `${await linkBase(storefront)}${path.startsWith('/') ? path : `/${path}`}`;
}
