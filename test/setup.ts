import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { API_KEY, API_SECRET_KEY, APP_URL } from '@shopify/shopify-api/test-helpers';

// Each test file gets a fresh copy of the migrated database: real SQLite, no sharing between workers.
const dir = inject('testDbDir');
const file = path.join(dir, `${randomUUID()}.sqlite`);
copyFileSync(path.join(dir, 'template.sqlite'), file);

Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: `file:${file}`,
  SHOPIFY_API_KEY: API_KEY,
  SHOPIFY_API_SECRET: API_SECRET_KEY,
  SHOPIFY_APP_URL: APP_URL,
  SCOPES: 'read_products,write_draft_orders,write_app_proxy,read_customers',
  // Keep the Shopify library's per-request INFO lines out of test output.
  LOG_LEVEL: 'warning',
});
delete process.env.SMTP_URL;
delete process.env.SHOPIFY_ADMIN_API_ORIGIN;
globalThis.prismaGlobal = undefined;

afterAll(async () => {
  await globalThis.prismaGlobal?.$disconnect();
  rmSync(file, { force: true });
});
