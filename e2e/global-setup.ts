import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { localEnv } from '../scripts/local-env.mjs';
import { buildIfStale, migrateAndSeed, startStack } from '../scripts/prepare.mjs';

// Fixed ports: built asset URLs carry the app's origin, so the e2e build is made for this port.
const STOREFRONT_PORT = Number(process.env.E2E_STOREFRONT_PORT ?? 3100);
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3101);

async function waitFor(url: string, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

export default async function setup(project: TestProject) {
  const dbFile = path.resolve(`data/e2e-${APP_PORT}/e2e.sqlite`);
  rmSync(path.dirname(dbFile), { recursive: true, force: true });
  mkdirSync(path.dirname(dbFile), { recursive: true });
  process.env.GROUP_ORDER_SKIP_DOTENV = '1';
  const env = {
    ...localEnv({
      storefrontPort: STOREFRONT_PORT,
      appPort: APP_PORT,
      databaseUrl: `file:${dbFile}`,
      buildDir: `build-e2e-${APP_PORT}`,
    }),
    NODE_ENV: 'development',
    OUTBOX_POLL_MS: '300',
    // The pseudo language (en-XA, lib/pseudoLocale.ts) exists only here, for e2e/pseudo-locale.e2e.ts.
    GROUP_ORDER_PSEUDO_LOCALE: '1',
  } as NodeJS.ProcessEnv & Record<string, string>;
  delete env.SMTP_URL;
  // The app must not think it runs inside Vitest (its outbox worker stays off there).
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  migrateAndSeed(env);
  buildIfStale(env);

  const stack = await startStack(env);
  const { simulator } = stack;
  await waitFor(`${env.SHOPIFY_APP_URL}/healthz`);

  project.provide('storefrontUrl', simulator.url);
  project.provide('appUrl', env.SHOPIFY_APP_URL);
  project.provide('databaseUrl', env.DATABASE_URL);

  return stack.close;
}

declare module 'vitest' {
  export interface ProvidedContext {
    storefrontUrl: string;
    appUrl: string;
    databaseUrl: string;
  }
}
