import { describe, expect, it } from 'vitest';
import { DESKTOP, offProxyRequests, PHONE, screenshot, urls, useBrowser } from './support';

const browser = useBrowser();

describe('storefront shell through the app proxy', () => {
  it('loads, hydrates, navigates client-side and posts a form without leaving the proxy', async () => {
    const { page, requests, context } = await browser.newUser(PHONE);
    await page.goto('/apps/group-order/find-order');
    await page.waitForFunction(() => Boolean(window.__remixRouter));

    // A client-side navigation fetches single-fetch data through the proxy, not a new document.
    const documentsBefore = requests.filter(
      (url) => url.includes('/host/create') && !url.includes('.data'),
    ).length;
    await page.getByRole('navigation', { name: 'Group order' }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL('**/apps/group-order/host/create');
    await page.getByText('START GROUP ORDER').waitFor();
    expect(requests.some((url) => url.includes('/apps/group-order/host/create.data'))).toBe(true);
    expect(requests.filter((url) => url.includes('/host/create') && !url.includes('.data')).length).toBe(
      documentsBefore,
    );

    // A form post (Remix action through the proxy) that lands on another page.
    await page
      .getByLabel(/your name|host name/i)
      .first()
      .fill('Sam Shell');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill('sam@example.com');
    await page
      .getByLabel(/company/i)
      .first()
      .fill('Shell Co');
    await page
      .getByRole('button', { name: /create|start/i })
      .last()
      .click();
    await page.waitForURL('**/apps/group-order/host/dashboard/*');
    await page.getByText('Shell Co').first().waitFor();

    expect(offProxyRequests(requests)).toEqual([]);

    // No Polaris on the storefront: none of the scripts and styles the pages loaded carries it.
    const assets = [...new Set(requests.filter((url) => url.startsWith(`${urls().app}/assets/`)))];
    expect(assets.some((url) => url.endsWith('.css'))).toBe(true);
    for (const url of assets) {
      expect((await (await fetch(url)).text()).includes('Polaris-'), url).toBe(false);
    }
    expect(await page.locator('[class*="Polaris-"]').count()).toBe(0);
    await context.close();
  });

  it('shows 404 Page Not Found for an unknown storefront path', async () => {
    const { page, context } = await browser.newUser(PHONE);
    const response = await page.goto('/apps/group-order/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(page, 'shell-404-390');
    await context.close();
  });

  it('refuses a request that did not come through the proxy', async () => {
    const response = await fetch(`${urls().app}/apps/group-order/find-order`);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Shopify Store Access Required');
  });

  it('forwards only the proxy prefix, as Shopify does', async () => {
    const response = await fetch(`${urls().storefront}/apps/group-order.data`);
    expect(response.status).toBe(404);
  });

  it('downloads each stylesheet once: a client navigation names the files the server named', async () => {
    const { page, context } = await browser.newUser(PHONE);
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) sheets.push(request.url());
    });
    await page.goto('/apps/group-order/find-order');
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    const linked = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href),
      );
    const first = await linked();
    await page.getByRole('navigation', { name: 'Group order' }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL('**/apps/group-order/host/create');
    await page.getByText('START GROUP ORDER').waitFor();
    // The layout's stylesheets stay as they were; nothing is fetched again under another name.
    expect(await linked()).toEqual(expect.arrayContaining(first));
    expect(new Set(sheets).size).toBe(sheets.length);
    expect([...new Set(sheets)].sort()).toEqual([...new Set(await linked())].sort());
    await context.close();
  });

  it("keeps the packages' licences in one file on the app's origin, not in every page's scripts", async () => {
    const licences = await fetch(`${urls().app}/third-party-licenses.txt`);
    expect(licences.status).toBe(200);
    const text = await licences.text();
    for (const name of ['react-dom', '@remix-run/react', '@lingui/core'])
      expect(text).toContain(`Name: ${name}\n`);
    expect(text).toContain('Permission is hereby granted, free of charge');

    const { page, context } = await browser.newUser(PHONE);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/apps/group-order/find-order');
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    expect(scripts.length).toBeGreaterThan(2);
    for (const url of scripts) expect(await (await fetch(url)).text()).not.toMatch(/@license|@preserve/);
    await context.close();
  });
});

describe('embedded admin through the simulator', () => {
  it('opens the app for the demo shop and navigates inside it', async () => {
    const { page, requests, context } = await browser.newUser(DESKTOP);
    await page.goto('/admin');
    await page.waitForURL('**/app?**');
    await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    await page.locator('ui-nav-menu').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/app/settings**');
    await page.getByLabel('Pickup location (kitchen) name').waitFor();
    expect(requests.some((url) => /\/app\/settings\.data/.test(url))).toBe(true);
    await screenshot(page, 'admin-settings-1280');
    await context.close();
  });
});
