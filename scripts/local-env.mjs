// Environment for running the whole product on one machine (npm start, browser tests, benchmark).
import { existsSync } from 'node:fs';

export const LOCAL_DEFAULTS = {
  SHOPIFY_API_KEY: 'local-dev-api-key',
  SHOPIFY_API_SECRET: 'local-dev-api-secret',
  SCOPES: 'read_products,write_draft_orders,write_app_proxy,read_customers,read_locales,write_orders',
  DEMO_SHOP: 'demo-coffee.myshopify.com',
};

/**
 * @param {{ storefrontPort?: number, appPort?: number, databaseUrl?: string, buildDir?: string }} overrides
 */
export function localEnv(overrides = {}) {
  if (existsSync('.env') && !process.env.GROUP_ORDER_SKIP_DOTENV) process.loadEnvFile('.env');
  const storefrontPort = overrides.storefrontPort ?? Number(process.env.STOREFRONT_PORT ?? 3000);
  const appPort = overrides.appPort ?? Number(process.env.PORT ?? 3001);
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV === 'test' ? 'test' : 'development',
    SHOPIFY_API_KEY: process.env.SHOPIFY_API_KEY || LOCAL_DEFAULTS.SHOPIFY_API_KEY,
    SHOPIFY_API_SECRET: process.env.SHOPIFY_API_SECRET || LOCAL_DEFAULTS.SHOPIFY_API_SECRET,
    SCOPES: process.env.SCOPES || LOCAL_DEFAULTS.SCOPES,
    SHOPIFY_APP_URL: `http://localhost:${appPort}`,
    SHOPIFY_ADMIN_API_ORIGIN: `http://localhost:${storefrontPort}`,
    DATABASE_URL: overrides.databaseUrl ?? (process.env.DATABASE_URL || 'file:./data/group-order.sqlite'),
    REMIX_BUILD_DIR: overrides.buildDir ?? (process.env.REMIX_BUILD_DIR || 'build'),
    PORT: String(appPort),
    STOREFRONT_PORT: String(storefrontPort),
  };
}
