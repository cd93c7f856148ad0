import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import { API_KEY, API_SECRET_KEY, APP_URL } from '@shopify/shopify-api/test-helpers';
import { createDatabase, dropDatabase, withDatabase } from '../scripts/db/postgres.mjs';
import { forgetAllSessions } from '../app/models/shop/sessionCache.server';
import { installConsoleGuard, takeConsoleProblems } from './support/console';

// Each test file gets a fresh copy of the migrated database (test/global-setup.ts): real SQLite or real
// PostgreSQL, no sharing between files or workers.
const testDb = inject('testDb');
let databaseUrl: string;
let cleanUp: () => Promise<unknown> | void;
if (testDb.kind === 'postgresql') {
  const name = `${testDb.prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await createDatabase(testDb.adminUrl, name, { template: testDb.template });
  databaseUrl = withDatabase(testDb.adminUrl, name);
  cleanUp = () => dropDatabase(testDb.adminUrl, name);
} else {
  const file = path.join(testDb.dir, `${randomUUID()}.sqlite`);
  copyFileSync(path.join(testDb.dir, 'template.sqlite'), file);
  databaseUrl = `file:${file}`;
  cleanUp = () => rmSync(file, { force: true });
}

Object.assign(process.env, {
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  SHOPIFY_API_KEY: API_KEY,
  SHOPIFY_API_SECRET: API_SECRET_KEY,
  SHOPIFY_APP_URL: APP_URL,
  SCOPES: 'read_products,write_draft_orders,write_app_proxy,read_customers,read_locales,write_orders',
  // Keep the Shopify library's per-request INFO lines out of test output.
  LOG_LEVEL: 'warning',
});
delete process.env.SMTP_URL;
delete process.env.SHOPIFY_ADMIN_API_ORIGIN;
globalThis.prismaGlobal = undefined;

// An unexpected console.error fails the test (or, logged outside any test, the file): see test/support/console.ts.
installConsoleGuard();
const failOnConsoleProblems = () => {
  const problems = takeConsoleProblems();
  if (problems.length) throw new Error(problems.join('\n\n'));
};
beforeEach(failOnConsoleProblems);
// Tests create and delete sessions through Prisma, past the storefront's short session cache.
beforeEach(forgetAllSessions);
afterEach(failOnConsoleProblems);

afterAll(async () => {
  await globalThis.prismaGlobal?.$disconnect();
  await cleanUp();
  failOnConsoleProblems();
});
