import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createDatabase,
  DEFAULT_POSTGRES_URL,
  dropDatabase,
  migratePostgres,
  withDatabase,
} from '../scripts/db/postgres.mjs';
import { ensureAdminSchema } from '../scripts/shopify-schema.mjs';

// Migrate once per run into a template; every test file then works on its own copy (test/setup.ts).
// SQLite (default): a template file copied per file. PostgreSQL (TEST_DATABASE=postgresql, the second
// leg of `npm test`): a template database, and `CREATE DATABASE ... TEMPLATE` per file, dropped after.
// Names carry the run's pid, so parallel runs on one machine do not collide.
export default async function setup(project: TestProject) {
  // Shopify's Admin schema (simulator and GraphQL document tests): fetched once into .cache/ if missing.
  ensureAdminSchema();
  if (process.env.TEST_DATABASE === 'postgresql') {
    const adminUrl = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;
    const prefix = `go_test_${process.pid}`;
    const template = `${prefix}_tpl`;
    await dropDatabase(adminUrl, template);
    await createDatabase(adminUrl, template);
    await migratePostgres(withDatabase(adminUrl, template), { log: () => {} });
    project.provide('testDb', { kind: 'postgresql', adminUrl, template, prefix });
    return () => dropDatabase(adminUrl, template);
  }
  const dir = path.resolve(`data/test/run-${process.pid}`);
  const template = path.join(dir, 'template.sqlite');
  mkdirSync(dir, { recursive: true });
  execFileSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: `file:${template}` },
    stdio: 'pipe',
  });
  project.provide('testDb', { kind: 'sqlite', dir });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'sqlite'; dir: string }
      | { kind: 'postgresql'; adminUrl: string; template: string; prefix: string };
  }
}
