import { SessionNotFoundError } from '@shopify/shopify-app-remix/server';
import type { ShopSettings } from '@prisma/client';
import { unauthenticated } from './shopify.server';
import { env } from './env.server';
import { appProxySigned } from './lib/appProxySignature.server';
import { jsonError } from './lib/http.server';
import { PROXY_BASE } from './lib/paths';
import { originOf, shopOrigin } from './models/shop/shopDomain.server';
import { knownPageQuery, signedQueryShape } from './lib/signedQuery.server';
import { unreadableAnywhere } from './lib/text';

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
 * logged_in_customer_id, path_prefix) are trusted, and only from a query cut into pairs the one way
 * Shopify cuts it (lib/signedQuery.server.ts): a re-cut query is refused, on every route.
 */
export async function requireStorefront(request: Request): Promise<Storefront> {
  const url = new URL(request.url);
  const shape = appProxySigned(url, env.SHOPIFY_API_SECRET)
    ? signedQueryShape(url.searchParams, env.SHOP_CUSTOM_DOMAIN)
    : null;
  if (shape === 'unknown-names' && isPageVisit(request, url)) {
    // A shared link with a tracker's parameter (utm_source, fbclid): nothing of this query is read; the
    // page asks again without them ("?…" keeps the path the shopper sees; the proxy signs the new query).
    throw new Response(null, { status: 303, headers: { Location: `?${knownPageQuery(url.searchParams)}` } });
  }
  if (shape !== 'ok') {
    if (isApiRequest(url)) {
      throw jsonError(401, `${STORE_ACCESS_REQUIRED}: open this page through the shop's storefront.`);
    }
    throw new Response(STORE_ACCESS_REQUIRED, { status: 401, statusText: STORE_ACCESS_REQUIRED });
  }
  const unreadable = unreadableUrl(url);
  if (unreadable) {
    const message = `The address ${unreadable}. Please check the link.`;
    if (isApiRequest(url)) throw jsonError(400, message);
    throw new Response(message, { status: 400 });
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
 * Why the path's segments or the query's values break the text rule (lib/text.ts), or null: route params
 * (a guest's name, a code, a token) and query values reach look-ups, and PostgreSQL refuses a NUL.
 */
function unreadableUrl(url: URL) {
  const values: string[] = [...url.searchParams.values()];
  for (const segment of url.pathname.split('/')) {
    try {
      values.push(decodeURIComponent(segment));
    } catch {
      return 'is not valid UTF-8 text';
    }
  }
  return unreadableAnywhere(values);
}

/** A person opening a page (not the API, not a single-fetch `.data` request, not a form post). */
function isPageVisit(request: Request, url: URL) {
  return request.method === 'GET' && !isApiRequest(url) && !url.pathname.endsWith('.data');
}

function normalizePrefix(prefix: string | null) {
  if (!prefix || !/^\/[a-z0-9/_-]+$/i.test(prefix)) return PROXY_BASE;
  return prefix.replace(/\/+$/, '');
}

/**
 * The absolute base of links that leave the page (e-mails, share links, QR codes): the signed shop's
 * own domain plus the signed path prefix. Never a request header: Host and X-Forwarded-Host are
 * whatever the visitor sent. A loader that has read the shop's settings passes them, and the domain is
 * not read a second time.
 */
export async function linkBase(storefront: Storefront, settings?: Pick<ShopSettings, 'primaryDomainUrl'>) {
  const origin = settings
    ? originOf(storefront.shop, settings.primaryDomainUrl)
    : await shopOrigin(storefront.shop);
  return `${origin}${storefront.pathPrefix}`;
}

/** An absolute link a shopper can share: the shop's domain + the signed prefix + path (settings: as linkBase). */
export async function shareUrl(
  storefront: Storefront,
  path: string,
  settings?: Pick<ShopSettings, 'primaryDomainUrl'>,
) {
  return `${await linkBase(storefront, settings)}${path.startsWith('/') ? path : `/${path}`}`;
}
