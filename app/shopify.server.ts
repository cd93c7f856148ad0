import '@shopify/shopify-app-remix/adapters/node';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { PrismaSessionStorage } from '@shopify/shopify-app-session-storage-prisma';
import type { HeadersFunction } from '@remix-run/node';
import {
  ApiVersion,
  AppDistribution,
  boundary,
  LogSeverity,
  shopifyApp,
} from '@shopify/shopify-app-remix/server';
import prisma from './db.server';
import { CachedSessionStorage } from './models/shop/sessionCache.server';
import { refreshShopLocale } from './models/shop/shopLocale.server';
import { env } from './env.server';

export const ADMIN_API_VERSION = ApiVersion.October26;

// The local simulator stands in for Shopify's Admin API on machines that cannot reach Shopify. Only the
// destination changes; requests keep the shop, token and body exactly as the library built them.
const simulatorOrigin = env.SHOPIFY_ADMIN_API_ORIGIN;
if (simulatorOrigin) {
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.startsWith('/admin/')) {
      const headers = new Headers(init?.headers);
      headers.set('X-Shopify-Shop-Domain', url.host);
      const target = new URL(url.pathname + url.search, simulatorOrigin);
      return fetch(target, { ...init, headers });
    }
    return fetch(input, init);
  });
}

const shopify = shopifyApp({
  apiKey: env.SHOPIFY_API_KEY,
  apiSecretKey: env.SHOPIFY_API_SECRET,
  apiVersion: ADMIN_API_VERSION,
  scopes: env.SCOPES.split(',').map((scope) => scope.trim()),
  appUrl: env.SHOPIFY_APP_URL,
  authPathPrefix: '/auth',
  // Sessions read through a short in-process cache: one read per shop every few seconds, not per request.
  sessionStorage: new CachedSessionStorage(new PrismaSessionStorage(prisma)),
  distribution: AppDistribution.AppStore,
  logger: {
    level: {
      error: LogSeverity.Error,
      warning: LogSeverity.Warning,
      info: LogSeverity.Info,
      debug: LogSeverity.Debug,
    }[env.LOG_LEVEL],
  },
  future: {
    unstable_newEmbeddedAuthStrategy: true,
  },
  hooks: {
    // Right after the install (and each new offline token): the shop's primary language, so guests whose
    // browser names no language the app speaks get the shop's before the merchant opens the settings.
    afterAuth: async ({ session, admin }) => {
      await refreshShopLocale(session.shop, admin.graphql);
    },
  },
  ...(env.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [env.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const apiVersion = ADMIN_API_VERSION;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;

/**
 * Shopify's headers on an embedded admin answer (a refused session token's retry header, the bounce to the
 * session-token page): every admin route exports it. The layout's loader does not run again on the app's
 * own navigations (app.tsx, shouldRevalidate), so a child route's refusal must carry them itself.
 */
export const adminHeaders: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
