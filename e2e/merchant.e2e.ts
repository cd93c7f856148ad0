import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { DESKTOP, openAdmin, PHONE, screenshot, urls, useBrowser } from './support';
import { SHOP, storedOrder } from './orders';

// Issue 27 item 12: what a merchant tripped over in a real lunch run (stats, search, prints opened in a
// new tab, the prep board, notes on labels, the menu editor, the time-zone field, accessibility).

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

type OrderOptions = {
  status?: 'active' | 'submitted';
  totalCents?: number;
  guests?: { name: string; note?: string; items: { name: string; quantity: number; note?: string }[] }[];
};

/** A group order written straight to the app's database (already handed to Shopify when submitted). */
async function groupOrder({ status = 'submitted', totalCents = 1200, guests = [] }: OrderOptions = {}) {
  const menu = await prisma.menuItem.findMany({ where: { shop: SHOP } });
  const now = Date.now();
  const order = await storedOrder(prisma, 'M', {
    name: 'Merchant run',
    hostName: 'Marjorie Host',
    hostEmail: 'marjorie@merchant.example',
    companyName: 'Vandelay Industries',
    deadlineAt: status === 'active' ? new Date(now + 3600_000) : new Date(now - 60_000),
    status,
    submittedAt: status === 'submitted' ? new Date(now - 60_000) : null,
    participantCount: guests.length,
    totalItems: guests.reduce((sum, g) => sum + g.items.reduce((s, i) => s + i.quantity, 0), 0),
    totalCents,
    shopifyState: status === 'submitted' ? 'sent' : 'none',
    shopifyDraftOrderId: status === 'submitted' ? 'gid://shopify/DraftOrder/9913' : null,
    shopifyDraftOrderName: status === 'submitted' ? '#D9913' : null,
  });
  const { id } = order;
  let key = 0;
  for (const g of guests) {
    const guest = await prisma.guest.create({
      data: {
        shop: SHOP,
        groupOrderId: id,
        name: g.name,
        nameKey: g.name.toLowerCase(),
        specialInstructions: g.note ?? null,
      },
    });
    for (const item of g.items) {
      const menuItem = menu.find((m) => m.name === item.name)!;
      await prisma.orderItem.create({
        data: {
          shop: SHOP,
          groupOrderId: id,
          guestId: guest.id,
          guestName: g.name,
          menuItemId: menuItem.id,
          menuItemName: menuItem.name,
          quantity: item.quantity,
          specialInstructions: item.note ?? null,
          unitPriceCents: menuItem.priceCents,
          totalCents: menuItem.priceCents * item.quantity,
          confirmationKey: `merchant-e2e-${key++}`,
        },
      });
    }
  }
  return order;
}

/** A desktop browser on the admin dashboard, or on the admin page a nav link names. */
async function merchantAdmin(navLink?: string) {
  const user = await browser.newUser(DESKTOP);
  await openAdmin(user.page, navLink);
  return user;
}

/** axe-core's serious and critical findings on the page as it is now, and headings out of order. */
async function axeFindings(page: Page) {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    // label-content-name-mismatch is "experimental" in axe and off unless asked for.
    window.axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('the merchant side (issue 27, item 12)', () => {
  it('counts revenue from submitted orders only, and says so', async () => {
    const { page, context } = await merchantAdmin();
    const figure = (label: string) =>
      page.getByRole('heading', { name: label, exact: true }).locator('xpath=following-sibling::p');
    await figure('Revenue (submitted orders)').waitFor();
    const before = await figure('Revenue (submitted orders)').textContent();
    // An open order with items in it is not revenue yet.
    await groupOrder({ status: 'active', totalCents: 6750 });
    await page.reload();
    await figure('Revenue (submitted orders)').waitFor();
    expect(await figure('Revenue (submitted orders)').textContent()).toBe(before);
    await figure('Average submitted order').waitFor();
    await screenshot(page, 'merchant-dashboard-stats-1280');
    await context.close();
  });

  it("search finds a guest's name, in every tab, and says it searched all orders", async () => {
    const order = await groupOrder({
      guests: [{ name: 'Philippa Quintessence', items: [{ name: 'Flat White', quantity: 1 }] }],
    });
    const { page, context } = await merchantAdmin();
    // The dashboard opens on Active Orders; the order is submitted.
    await page.getByLabel('Search orders').fill('quintessence');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**q=quintessence**');
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor();
    await page.getByText('Showing matches in all orders').waitFor();
    await screenshot(page, 'merchant-search-guest-1280');
    await context.close();
  });

  it('opens labels and the order sheet in a new tab, without a login form', async () => {
    const order = await groupOrder({
      guests: [
        {
          name: 'Ottoline',
          note: 'Croissant heated',
          items: [
            { name: 'Flat White', quantity: 2 },
            { name: 'Almond Croissant', quantity: 1, note: 'Cut in half' },
          ],
        },
      ],
    });
    const { page, context } = await merchantAdmin('Prep board');
    const card = page.getByRole('region', { name: `Order ${order.code}` });
    await card.waitFor();

    const [labels] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    await labels.getByText(`3 labels for ${order.code} · 62 mm roll`).waitFor();
    expect(await labels.getByText('Shop domain').count()).toBe(0);
    // The guest's note is printed once, not on every label; a line's own note on that line's label only.
    const label = (item: string) => labels.getByRole('region', { name: `Label for Ottoline: ${item}` });
    await expect.poll(() => labels.getByText('Croissant heated').count()).toBe(1);
    expect(await label('Almond Croissant').textContent()).toContain('Cut in half');
    for (const coffee of await label('Flat White').all()) {
      expect(await coffee.textContent()).not.toContain('Cut in half');
    }
    expect(await labels.getByText('Cut in half').count()).toBe(1);
    await screenshot(labels, 'merchant-labels-new-tab-1280');

    const [sheet] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print order sheet' }).click(),
    ]);
    await sheet.getByRole('heading', { name: `Merchant run · ${order.code}`, exact: true }).waitFor();
    await sheet.getByText('Note: Croissant heated').waitFor();
    await sheet.getByText('Cut in half').waitFor();
    await screenshot(sheet, 'merchant-sheet-new-tab-1280');

    // The link is bound to this order and runs out: changed, it is refused with a sentence.
    const href = (await card.getByRole('link', { name: 'Print labels' }).getAttribute('href'))!;
    const tampered = new URL(href, urls().storefront);
    tampered.pathname = tampered.pathname.replace(String(order.id), String(order.id + 1));
    const refused = await context.newPage();
    const response = await refused.goto(tampered.toString());
    expect(response!.status()).toBe(403);
    await refused.getByText('This print link is not valid').waitFor();
    await context.close();
  });

  it('the prep board has large cards in columns by state, with the next step as a big button', async () => {
    const order = await groupOrder({
      guests: [{ name: 'Rosalind', items: [{ name: 'Latte', quantity: 1 }] }],
    });
    const { page, context } = await merchantAdmin('Prep board');
    const column = (state: string) => page.getByRole('region', { name: new RegExp(`^${state} \\(\\d+\\)$`) });
    for (const state of ['New', 'Received', 'Preparing', 'Ready']) await column(state).waitFor();
    const card = column('New').getByRole('region', { name: `Order ${order.code}` });
    await card.waitFor();
    const next = card.getByRole('button', { name: 'Mark Received' });
    const box = (await next.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(await next.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(18);
    const heading = card.getByRole('heading', { name: order.code });
    expect(await heading.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(
      24,
    );
    // Columns side by side on a wide screen.
    const [a, b] = await Promise.all([column('New').boundingBox(), column('Received').boundingBox()]);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    expect(Math.abs(b!.y - a!.y)).toBeLessThan(5);
    await screenshot(page, 'merchant-prep-board-1280');
    // In the Shopify mobile app the columns stack and nothing runs off the side.
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'merchant-prep-board-390');
    await page.setViewportSize(DESKTOP);

    await next.click();
    await column('Received')
      .getByRole('region', { name: `Order ${order.code}` })
      .waitFor();
    await column('Received')
      .getByRole('region', { name: `Order ${order.code}` })
      .getByRole('button', { name: 'Mark Preparing' })
      .waitFor();
    await context.close();
  });

  it('reorders menu items by drag and drop and by keyboard, and sells an item out for today', async () => {
    const { page, context } = await merchantAdmin('Menu');
    await page.waitForURL('**/app/menu**');
    const names = async () =>
      (
        await prisma.menuItem.findMany({
          where: { shop: SHOP },
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
        })
      )
        .map((item) => item.name)
        .filter((name) => ['Vegan Brownie', 'Iced Chocolate'].includes(name));
    expect(await names()).toEqual(['Vegan Brownie', 'Iced Chocolate']);

    // The last three rows on screen (the page reloads its data after each move).
    const shown = () =>
      page
        .locator('button[aria-label^="Drag to reorder"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.slice(16)).slice(-3));
    await expect.poll(shown).toEqual(['Chicken Caesar Wrap', 'Vegan Brownie', 'Iced Chocolate']);

    const handle = page.getByRole('button', { name: 'Drag to reorder Iced Chocolate' });
    const target = page.getByRole('button', { name: 'Drag to reorder Vegan Brownie' });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - from.y) * step) / 10 + 2);
    }
    await page.mouse.up();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Iced Chocolate', 'Vegan Brownie']);
    await expect.poll(shown).toEqual(['Chicken Caesar Wrap', 'Iced Chocolate', 'Vegan Brownie']);

    // The keyboard path stays: ↓ puts it back.
    await page.getByRole('button', { name: 'Move Iced Chocolate down' }).click();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Vegan Brownie', 'Iced Chocolate']);
    await expect.poll(shown).toEqual(['Chicken Caesar Wrap', 'Vegan Brownie', 'Iced Chocolate']);

    // The drag handle works from the keyboard too: Space picks up, ↑ moves one row, Space drops.
    await handle.focus();
    const live = page.getByRole('status').filter({ hasText: 'Iced Chocolate' });
    await page.keyboard.press('Space');
    await expect.poll(() => live.textContent()).toMatch(/^Iced Chocolate would move to place (\d+)\.$/);
    const place = Number(/place (\d+)/.exec((await live.textContent())!)![1]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => live.textContent()).toBe(`Iced Chocolate would move to place ${place - 1}.`);
    await page.keyboard.press('Space');
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Iced Chocolate', 'Vegan Brownie']);
    await expect.poll(shown).toEqual(['Chicken Caesar Wrap', 'Iced Chocolate', 'Vegan Brownie']);
    await page.getByRole('button', { name: 'Move Iced Chocolate down' }).click();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Vegan Brownie', 'Iced Chocolate']);

    // Sold out for today: gone from the storefront menu, and a cart with it is refused with a sentence.
    await page.getByRole('button', { name: 'Mark Peppermint sold out today' }).click();
    await page.locator('tr', { hasText: 'Peppermint' }).getByText('Sold out today').waitFor();
    await screenshot(page, 'merchant-menu-1280');
    const menu = await (await fetch(`${urls().storefront}/apps/group-order/api/menu-items`)).json();
    expect(menu.map((item: { name: string }) => item.name)).not.toContain('Peppermint');
    const open = await groupOrder({ status: 'active' });
    const peppermint = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Peppermint' } }))!;
    expect(peppermint.soldOutUntil!.getTime()).toBeGreaterThan(Date.now());
    const refused = await fetch(`${urls().storefront}/apps/group-order/api/order-items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: urls().storefront },
      body: JSON.stringify({
        groupOrderId: open.id,
        guestName: 'Tobias',
        menuItemId: peppermint.id,
        quantity: 1,
      }),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('Peppermint is sold out today. Please choose something else.');

    await page.getByRole('button', { name: 'Put Peppermint back on the menu' }).click();
    await expect
      .poll(
        async () =>
          (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Peppermint' } }))!.soldOutUntil,
      )
      .toBeNull();
    await context.close();
  });

  it('finds a time zone by typing, with its offset shown', async () => {
    const { page, context } = await merchantAdmin('Settings');
    await page.waitForURL('**/app/settings**');
    const field = page.getByRole('combobox', { name: 'Time zone' });
    await field.fill('sydney');
    const offset = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      timeZoneName: 'shortOffset',
    })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')!.value;
    const option = page.getByRole('option', { name: `Australia/Sydney (${offset})` });
    await option.waitFor();
    expect(await page.getByRole('option').count()).toBeLessThan(10);
    await screenshot(page, 'merchant-settings-time-zone-1280');
    await option.click();
    expect(await field.inputValue()).toBe(`Australia/Sydney (${offset})`);
    await context.close();
  });

  it('has no serious or critical axe findings on any admin page', async () => {
    const order = await groupOrder({
      guests: [{ name: 'Axel', note: 'Oat milk', items: [{ name: 'Latte', quantity: 1, note: 'Hot' }] }],
    });
    const { page, context } = await merchantAdmin();
    const findings: Record<string, string[]> = {};
    findings.dashboard = await axeFindings(page);
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.locator('tbody tr').first().waitFor();
    findings.orders = await axeFindings(page);
    await page.getByRole('button', { name: `View details of ${order.code}` }).click();
    await page.getByRole('dialog').getByText('Axel').first().waitFor();
    findings['order details'] = await axeFindings(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    for (const [name, url] of [
      ['prep board', '**/app/kitchen**'],
      ['menu', '**/app/menu**'],
      ['settings', '**/app/settings**'],
    ] as const) {
      const link = { 'prep board': 'Prep board', menu: 'Menu', settings: 'Settings' }[name];
      await page.locator('ui-nav-menu').getByRole('link', { name: link }).click();
      await page.waitForURL(url);
      await page.locator('.Polaris-Page').first().waitFor();
      findings[name] = await axeFindings(page);
    }
    // The prints, in their own tabs.
    for (const kind of ['labels', 'sheet']) {
      await page.locator('ui-nav-menu').getByRole('link', { name: 'Prep board' }).click();
      const card = page.getByRole('region', { name: `Order ${order.code}` });
      const href = (await card
        .getByRole('link', { name: kind === 'labels' ? 'Print labels' : 'Print order sheet' })
        .getAttribute('href'))!;
      const tab = await context.newPage();
      await tab.goto(href);
      await tab.getByRole('button', { name: 'Print' }).waitFor();
      findings[kind] = await axeFindings(tab);
      await tab.close();
    }
    expect(findings).toEqual({
      dashboard: [],
      orders: [],
      'order details': [],
      'prep board': [],
      menu: [],
      settings: [],
      labels: [],
      sheet: [],
    });
    await context.close();
  });
});
