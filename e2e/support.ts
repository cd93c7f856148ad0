import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
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
    async newUser(
      viewport = PHONE,
      /** The browser's language (its Accept-Language); English by default. */
      locale = 'en-US',
    ): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
      // Headless Chromium's own user agent counts as a bot, which authenticate.admin answers with 410.
      const context = await state.browser!.newContext({
        viewport,
        locale,
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
    // Built scripts and styles, and the words' catalogs (public, named by their content, like the assets).
    if (url.startsWith(`${app}/assets/`) || url.startsWith(`${app}/locales/`) || url === `${app}/favicon.svg`)
      return false;
    if (url.startsWith(`${storefront}/apps/group-order/`)) return false;
    return !url.startsWith('data:');
  });
}

/** Waits until Remix has hydrated the page, so its buttons answer clicks. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean(window.__remixRouter));
}

/** Opens the host's dashboard again until the first guest's payment badge says `state` (Shopify's webhook came). */
export async function waitForPaymentState(page: Page, dashboard: string, state: string) {
  const current = async () => {
    await page.goto(dashboard);
    await hydrated(page);
    return page.getByTestId('guest-payment').first().getAttribute('data-state');
  };
  await expect.poll(current, { timeout: 30_000, interval: 1_000 }).toBe(state);
}

/** A guest joins an order by code from the join page (with an e-mail address when given). */
export async function join(page: Page, code: string, name: string, email?: string) {
  await page.goto(`/apps/group-order/join/${code}`);
  await hydrated(page);
  await page.getByLabel('Your name').fill(name);
  if (email) await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

/** A guest adds an item from the menu through its Customize dialog, choosing `options` over the defaults. */
export async function addItem(page: Page, item: string, options: string[] = []) {
  await page.getByRole('button', { name: `Add ${item}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Customize ${item}` });
  await dialog.waitFor();
  for (const option of options)
    await dialog.getByRole('button', { name: new RegExp(`^${option}\\b`) }).click();
  await dialog.getByRole('button', { name: 'Add to Order' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Makes this page's browser the order's host (it holds the host token) and opens the hydrated dashboard. */
export async function asHost(page: Page, id: number, hostToken: string) {
  await page
    .context()
    .addInitScript(
      ([key, token]) => window.localStorage.setItem(key, token),
      [`group-order:host-token:${id}`, hostToken],
    );
  await page.goto(`/apps/group-order/host/dashboard/${id}`);
  await hydrated(page);
}

/** The merchant's hydrated admin dashboard inside the simulated Shopify admin; then a nav link, if named. */
export async function openAdmin(page: Page, navLink?: string) {
  await page.goto('/admin');
  await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
  await hydrated(page);
  if (navLink) await page.locator('ui-nav-menu').getByRole('link', { name: navLink }).click();
}

/**
 * Closes the toasts on screen (each one's close button). `untilGone`: then waits for the toast to leave,
 * for a screenshot without it.
 */
export async function closeToasts(page: Page, { untilGone = false } = {}) {
  const close = page.locator('.toast__close');
  if (untilGone) {
    if (await close.count()) await close.first().click();
    await page.locator('.toast').waitFor({ state: 'detached' });
    return;
  }
  while (await close.count()) await close.first().click();
}

/** The simulator mailbox's rows for messages to this address (subject, time). */
export async function mailRows(page: Page, to: string) {
  await page.goto('/mailbox');
  return page.locator('tbody tr').filter({ hasText: to }).allTextContents();
}

/** The text of the newest e-mail to `to` whose subject matches, read from the simulator's mailbox. */
export async function mailText(page: Page, to: string, subject: RegExp) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await page.goto('/mailbox');
    const row = page.locator('tbody tr').filter({ hasText: to }).filter({ hasText: subject });
    if (await row.count()) {
      await row.first().getByRole('link').click();
      return (await page.getByTestId('mail-text').textContent()) ?? '';
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`No e-mail to ${to} matching ${subject}`);
}
