import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('screenshots');

export const PHONE = { width: 390, height: 844 };
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const DESKTOP = { width: 1280, height: 900 };

export function urls() {
  return { storefront: inject('storefrontUrl'), app: inject('appUrl'), databaseUrl: inject('databaseUrl') };
}

/**
 * Every browser in the suite comes from one loopback address, so the hourly budgets of new group orders
 * (per client, per network; orderBudget.server.ts) would carry over from one file to the next and refuse
 * a file that runs late. Each file starts with them unspent; the budgets themselves are tested in
 * app/routes/apps.group-order.limits.test.ts and e2e/admin.e2e.ts.
 */
async function freshOrderBudgets() {
  const prisma = createPrismaClient(urls().databaseUrl);
  try {
    await prisma.rateLimiterFlexible.deleteMany({ where: { key: { startsWith: 'orders' } } });
  } finally {
    await prisma.$disconnect();
  }
}

/** One Chromium per test file; each user (host, guest...) gets its own context, like separate phones. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    await freshOrderBudgets();
    state.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    async newUser(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
      // Headless Chromium's own user agent counts as a bot, which authenticate.admin answers with 410.
      const context = await state.browser!.newContext({
        viewport,
        baseURL: urls().storefront,
        userAgent: USER_AGENT,
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: urls().storefront });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
      return { context, page, requests };
    },
  };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Every request a storefront page makes stays on the shop's origin under the proxy, except built assets
 * and the favicon (public/favicon.svg), which come from the app's origin.
 */
export function offProxyRequests(requests: string[]) {
  const { storefront, app } = urls();
  return requests.filter((url) => {
    if (url.startsWith(`${app}/assets/`) || url === `${app}/favicon.svg`) return false;
    if (url.startsWith(`${storefront}/apps/group-order/`)) return false;
    return !url.startsWith('data:');
  });
}
