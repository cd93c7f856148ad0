import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { openOrder, SHOP } from './orders';
import {
  addItem,
  asHost,
  closeToasts,
  DESKTOP,
  hydrated,
  openAdmin,
  PHONE,
  SCREENSHOTS,
  screenshot,
  urls,
  useBrowser,
} from './support';

// Issue 27, what a real lunch run tripped over on the guest's side: option rules that contradict the menu
// (item 3), two tabs losing items (4), default times against the shop's own rule (5), delivery treated as
// pickup (9), and long text widening the phone layout (10).

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

const MINUTE = 60_000;

/** An active order written straight to the database, with a host token this test can hand a browser. */
const activeOrder = (options: { name?: string | null; deadlineIn?: number; pickupIn?: number } = {}) =>
  openOrder({
    name: 'Lunch run',
    hostEmail: 'hannah@lunch.example',
    paymentMethod: 'on-account',
    deadlineIn: 45,
    ...options,
  });

async function openMenu(page: Page, id: number, guest: string) {
  await page.goto(`/apps/group-order/order/${id}?guest=${encodeURIComponent(guest)}`);
  await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();
  await hydrated(page);
}

/** What the phone's screen shows now (a dialog over the page), not the whole scrolled page. */
async function screenShot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** The page's layout width: wider than the phone means something pushes past the screen's edge. */
const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('option rules come from the menu (issue 27 item 3)', () => {
  it("shows each group's real rule, keeps required groups answered, and the server refuses a line without milk", async () => {
    const order = await activeOrder();
    // A shop's own required group without a default: the guest must choose before adding.
    const toastie = await prisma.menuItem.create({
      data: { shop: SHOP, category: 'toasties', name: 'Cheese Toastie', priceCents: 900, position: 999 },
    });
    const bread = await prisma.modifierGroup.create({
      data: {
        shop: SHOP,
        type: 'other',
        name: 'Bread',
        minSelections: 1,
        maxSelections: 1,
        position: 999,
        modifiers: {
          create: [
            { shop: SHOP, name: 'Sourdough', applicableCategories: 'toasties' },
            { shop: SHOP, name: 'Rye', applicableCategories: 'toasties' },
          ],
        },
      },
    });
    try {
      const { page, context } = await browser.newUser(PHONE);
      await openMenu(page, order.id, 'Mia');
      await page.getByRole('button', { name: 'Add Flat White', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Customize Flat White' });
      await dialog.waitFor();
      const hint = (heading: string) =>
        dialog.locator('legend', { hasText: heading }).locator('.mod-group__hint').textContent();
      // The demo menu allows one size and requires it: its rule, not the spec sample's "(Choose up to 2)".
      expect(await hint('SIZE')).toBe('(Choose 1)');
      expect(await hint('MILK TYPE')).toBe('(White Coffee only – Choose 1)');
      expect(await hint('SWEETENERS')).toBe('(White Coffee only – Choose up to 1)');
      const option = (name: string) => dialog.getByRole('button', { name: new RegExp(`^${name}\\b`) });
      // Tapping the chosen milk or size again does not leave the group empty.
      await option('Full Cream').click();
      await option('Small').click();
      expect(await option('Full Cream').getAttribute('aria-pressed')).toBe('true');
      expect(await option('Small').getAttribute('aria-pressed')).toBe('true');
      // A second size replaces the first, as "Choose 1" says.
      await option('Large').click();
      expect(await option('Large').getAttribute('aria-pressed')).toBe('true');
      expect(await option('Small').getAttribute('aria-pressed')).toBe('false');
      await screenShot(page, 'lunch-guest-options-390');
      await dialog.getByRole('button', { name: 'Add to Order' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Large, Full Cream, House Blend').first().waitFor();

      // A required group without a default: Add names it, and the dialog stays open until it is answered.
      await page.getByRole('button', { name: 'Add Cheese Toastie', exact: true }).click();
      const toastieDialog = page.getByRole('dialog', { name: 'Customize Cheese Toastie' });
      await toastieDialog.getByText('(Choose 1)').waitFor();
      await toastieDialog.getByRole('button', { name: 'Add to Order' }).click();
      await toastieDialog
        .getByRole('alert')
        .filter({ hasText: 'Choose 1 option for Bread on Cheese Toastie.' })
        .waitFor();
      await screenShot(page, 'lunch-guest-required-390');
      await toastieDialog.getByRole('button', { name: /^Rye\b/ }).click();
      await toastieDialog.getByRole('button', { name: 'Add to Order' }).click();
      await toastieDialog.waitFor({ state: 'detached' });

      // The server refuses what the dialog no longer allows, from any client: a Flat White with no milk.
      const ids = Object.fromEntries(
        (await prisma.modifier.findMany({ where: { shop: SHOP, name: { in: ['Large', 'Rye'] } } })).map(
          (m) => [m.name, m.id],
        ),
      );
      const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
      const answers = await page.evaluate(
        async ({ groupOrderId, lines }) => {
          const out: { status: number; message: string }[] = [];
          for (const line of lines) {
            const response = await fetch('/apps/group-order/api/order-items', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ groupOrderId, guestName: 'Raw Client', quantity: 1, ...line }),
            });
            out.push({ status: response.status, message: (await response.json()).message });
          }
          return out;
        },
        {
          groupOrderId: order.id,
          lines: [
            { menuItemId: flatWhite.id, selectedModifiers: [ids.Large] },
            { menuItemId: toastie.id, selectedModifiers: [] },
          ],
        },
      );
      expect(answers).toEqual([
        { status: 400, message: 'Choose 1 option for Milk type on Flat White.' },
        { status: 400, message: 'Choose 1 option for Bread on Cheese Toastie.' },
      ]);
      expect(await prisma.orderItem.count({ where: { groupOrderId: order.id } })).toBe(0);
      await context.close();
    } finally {
      await prisma.modifierGroup.delete({ where: { id: bread.id } });
      await prisma.menuItem.delete({ where: { id: toastie.id } });
    }
  });
});

describe('one draft cart across tabs (issue 27 item 4)', () => {
  it('keeps the Brownie added in tab 2 when tab 1 adds an Espresso, and shows it in both tabs', async () => {
    const order = await activeOrder();
    const { page: tab1, context } = await browser.newUser(PHONE);
    const tab2 = await context.newPage();
    await openMenu(tab1, order.id, 'Theo');
    await openMenu(tab2, order.id, 'Theo');
    await addItem(tab2, 'Vegan Brownie');
    await addItem(tab1, 'Espresso');
    for (const tab of [tab1, tab2]) {
      await tab.getByRole('button', { name: 'Remove 1x Vegan Brownie' }).waitFor();
      await tab.getByRole('button', { name: 'Remove 1x Espresso' }).waitFor();
    }
    // Removing in one tab removes it in the other; a reload shows the one cart.
    await tab2.getByRole('button', { name: 'Remove 1x Espresso' }).click();
    await tab1.getByRole('button', { name: 'Remove 1x Espresso' }).waitFor({ state: 'detached' });
    await tab1.reload();
    await tab1.getByRole('button', { name: 'Remove 1x Vegan Brownie' }).waitFor();
    expect(await tab1.getByRole('button', { name: 'Remove 1x Espresso' }).count()).toBe(0);
    await closeToasts(tab1);
    await screenshot(tab1, 'lunch-guest-two-tabs-390');
    await context.close();
  });
});

describe('default times keep the deadline rule (issue 27 item 5)', () => {
  it('creates with defaults the shop accepts, and the extend button says what it can really add', async () => {
    const { page, context } = await browser.newUser(PHONE);
    await page.goto('/apps/group-order/host/create');
    await hydrated(page);
    const minutes = async (date: string, time: string) => {
      const [h, m] = (await page.getByLabel(time).inputValue()).split(':').map(Number);
      return Date.parse(`${await page.getByLabel(date).inputValue()}T00:00:00Z`) / MINUTE + h * 60 + m;
    };
    const gap =
      (await minutes('Pickup date', 'Pickup time')) -
      (await minutes('Order deadline date', 'Order deadline time'));
    // The shop needs 30 minutes' notice: the defaults leave it (they left 10 before).
    expect(gap).toBeGreaterThanOrEqual(30);
    await page.getByLabel('Your name').fill('Dana Defaults');
    await page.getByLabel('Your email').fill(`dana-${Date.now()}@lunch.example`);
    await page.getByLabel('Company name').fill('Defaults Ltd');
    await page.getByRole('button', { name: 'Create Group Order' }).click();
    await page.waitForURL('**/apps/group-order/host/dashboard/*');
    // No room before the kitchen's notice: the extend button is not offered, and the page says why.
    await page.getByTestId('extend-none').filter({ hasText: '30 minutes before pickup' }).waitFor();
    expect(await page.getByRole('button', { name: /Extend deadline/ }).count()).toBe(0);
    await closeToasts(page);
    await screenshot(page, 'lunch-guest-extend-none-390');

    // Nine minutes of room: the button says 9, and adds exactly 9.
    const { hostToken, ...order } = await activeOrder({ pickupIn: 60, deadlineIn: 21 });
    await asHost(page, order.id, hostToken);
    await page.getByRole('button', { name: 'Extend deadline by 9 min' }).click();
    await page.locator('.toast__title', { hasText: 'Deadline Extended' }).waitFor();
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.deadlineAt.getTime() - order.deadlineAt.getTime()).toBe(9 * MINUTE);
    expect(stored.deadlineAt.getTime()).toBe(order.pickupAt.getTime() - 30 * MINUTE);
    await page.getByTestId('extend-none').waitFor();
    await context.close();
  });
});

describe('delivery is not pickup (issue 27 item 9)', () => {
  it('defaults a delivery to paying on account, says delivery, and gives an unnamed order one title', async () => {
    const { page, context } = await browser.newUser(PHONE);
    await page.goto('/apps/group-order/host/create');
    await hydrated(page);
    await page.getByText('Set the pickup time and an ordering deadline').waitFor();
    expect(await page.getByLabel('Payment method').inputValue()).toBe('pay-in-store');
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await page.getByText('Set the delivery time and an ordering deadline').waitFor();
    expect(await page.getByLabel('Payment method').inputValue()).toBe('on-account');
    await page.getByLabel('Your name').fill('Dev Delivery');
    await page.getByLabel('Your email').fill(`dev-${Date.now()}@lunch.example`);
    await page.getByLabel('Company name').fill('Deliverance Pty Ltd');
    await page.getByLabel('Delivery address').fill('Level 3, 1 George St, Sydney');
    await screenshot(page, 'lunch-guest-create-delivery-390');
    await page.getByRole('button', { name: 'Create Group Order' }).click();
    await page.waitForURL('**/apps/group-order/host/dashboard/*');
    const id = Number(page.url().split('/').pop());
    const stored = await prisma.groupOrder.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ orderType: 'delivery', paymentMethod: 'on-account', name: null });

    // One title everywhere: the guest's menu says what the admin and the e-mails say.
    await openMenu(page, id, 'Gus');
    await page.getByText('Deliverance Pty Ltd Order', { exact: true }).first().waitFor();
    expect(await page.getByText('Coffee Order', { exact: true }).count()).toBe(0);
    await context.close();

    const merchant = await browser.newUser(DESKTOP);
    await merchant.page.goto('/admin');
    await merchant.page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    const row = merchant.page.getByRole('row').filter({ hasText: stored.code });
    await row.getByText('Deliverance Pty Ltd Order').waitFor();
    expect(await row.textContent()).toMatch(/Delivery \w{3} \d{1,2} \w{3}/);
    await merchant.context.close();
  });
});

describe('long text wraps on a phone (issue 27 item 10)', () => {
  // A shared-document link: one 150-character word with no place to break but anywhere.
  const NOTE = `Please see https://docs.example.com/spreadsheets/d/${'1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms'.repeat(3)} before making mine`;

  it('keeps the confirmed page, the host dashboard, labels and the order sheet within their width', async () => {
    const { hostToken, ...order } = await activeOrder({
      name: 'Supercalifragilisticexpialidocious-team-lunch',
    });
    const { page, context } = await browser.newUser(PHONE);
    await openMenu(page, order.id, 'Nora');
    await addItem(page, 'Espresso');
    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.getByPlaceholder('No onions, extra sauce, etc...').fill(NOTE);
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page
      .getByText(/docs\.example\.com/)
      .first()
      .waitFor();
    await closeToasts(page);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'lunch-guest-confirmed-long-note-390');

    await asHost(page, order.id, hostToken);
    await page
      .getByText(/docs\.example\.com/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Submit Group Order' }).waitFor();
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // Submit and Copy Link stay on the screen.
    for (const name of ['Submit Group Order', 'Copy Link']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(page, 'lunch-guest-dashboard-long-note-390');
    await context.close();

    // The kitchen's labels and A4 sheet: the note wraps inside its label and the sheet's width.
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date(), shopifyState: 'sent' },
    });
    const merchant = await browser.newUser(DESKTOP);
    const admin = merchant.page;
    await openAdmin(admin);
    await admin.getByRole('link', { name: 'Prep board' }).click();
    const card = admin.getByRole('region', { name: `Order ${order.code}` });
    // Prints open in a new tab (signed print links).
    const [labels] = await Promise.all([
      merchant.context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    // The guest's note prints once, on the guest's first label.
    await labels.locator('.label__guest-note').first().waitFor();
    const overflowing = (page: Page, selector: string) =>
      page.evaluate(
        (selector) =>
          [...document.querySelectorAll<HTMLElement>(selector)].filter(
            (el) => el.scrollWidth > el.clientWidth,
          ).length,
        selector,
      );
    expect(await overflowing(labels, '.label, .label__guest-note, .label__note, .label__item')).toBe(0);
    await screenshot(labels, 'lunch-guest-labels-1280');
    const [sheet] = await Promise.all([
      merchant.context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print order sheet' }).click(),
    ]);
    await sheet.locator('.sheet').waitFor();
    expect(await overflowing(sheet, '.sheet')).toBe(0);
    await screenshot(sheet, 'lunch-guest-sheet-1280');
    await merchant.context.close();
  });
});
