import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { openOrder } from './orders';
import {
  closeToasts,
  DESKTOP,
  join,
  openAdmin,
  PHONE,
  screenshot,
  SCREENSHOTS,
  urls,
  useBrowser,
} from './support';

// Allergens and diets (issue 26): a guest who avoids milk sees the Flat White marked before adding it,
// the customise dialog follows her choice of milk, review warns her in a sentence before Confirm, and the
// label printed for her in the kitchen says so. Then the merchant edits an item's allergens in the admin
// and the next guest sees the change.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

describe('allergens and diets (issue 26)', () => {
  it('marks the Flat White for a guest who avoids milk, warns at review, and her label says so', async () => {
    const order = await openOrder({ name: 'Allergens run' });
    const guest = await browser.newUser(PHONE);
    const { page } = guest;
    await join(page, order.code, 'Hanna');
    await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();

    // Before she adds anything: every item shows its allergens; she says she avoids milk.
    const card = (name: string) => page.locator('.menu-item', { hasText: name }).first();
    expect(await card('Flat White').getByTestId('fact-tags').textContent()).toContain('Allergens: milk');
    expect(await card('Long Black').getByTestId('fact-tags').textContent()).toContain('Vegan');
    await page.getByText('Allergies or diet?').click();
    await page.getByRole('checkbox', { name: 'No milk' }).check();
    await expect.poll(() => card('Flat White').getAttribute('class')).toContain('menu-item--conflict');
    expect(await card('Flat White').textContent()).toContain('Not for you');
    expect(await card('Long Black').getAttribute('class')).not.toContain('menu-item--conflict');
    await page.getByText('Avoiding: milk').waitFor();
    await page.locator('.avoid-control').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'allergens-menu-390.png') });
    await card('Flat White').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'allergens-menu-marked-390.png') });

    // The customise dialog shows the Flat White as made, and follows the milk she picks.
    await page.getByRole('button', { name: 'Add Flat White', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize Flat White' });
    await dialog.waitFor();
    const facts = dialog.getByTestId('fact-tags');
    expect(await facts.textContent()).toContain('Allergens: milk');
    await dialog.getByRole('button', { name: /^Oat\b/ }).click();
    await expect.poll(() => facts.textContent()).toContain('cereals containing gluten, milk');
    await dialog.getByRole('button', { name: /^Soy\b/ }).click();
    await expect.poll(() => facts.textContent()).toContain('Allergens: soybeans, milk');
    expect(await facts.textContent()).toContain('Not for you');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'allergens-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Add to Order' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Review warns her, naming the line and the allergen, before she confirms.
    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    await page
      .getByTestId('allergen-warning')
      .getByText('Flat White contains milk, which you avoid.')
      .waitFor();
    await closeToasts(page, { untilGone: true });
    await screenshot(page, 'allergens-review-390');
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const confirmed = page.locator('.confirmed-items .review-line', { hasText: 'Flat White' });
    await confirmed.getByText('Allergens: soybeans, milk').waitFor();
    await screenshot(page, 'allergens-confirmed-390');
    await guest.context.close();

    const stored = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect(stored.avoids).toBe('milk');

    // The kitchen: the prep board highlights her line, and her printed label says so.
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date(), deadlineAt: new Date(Date.now() - 60_000) },
    });
    const merchant = await browser.newUser(DESKTOP);
    await openAdmin(merchant.page, 'Prep board');
    const board = merchant.page.getByRole('region', { name: `Order ${order.code}` });
    await board.waitFor();
    await board.locator('[data-conflict="true"]', { hasText: 'CHECK: has milk' }).waitFor();
    await board.getByText('Avoids: milk').waitFor();
    await board.scrollIntoViewIfNeeded();
    await merchant.page.screenshot({ path: path.join(SCREENSHOTS, 'allergens-prep-board-1280.png') });
    const [labelsTab] = await Promise.all([
      merchant.context.waitForEvent('page'),
      board.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    await labelsTab.getByText(`1 label for ${order.code} · 62 mm roll`).waitFor();
    const pdf = path.join(SCREENSHOTS, 'allergens-label.pdf');
    await labelsTab.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    expect(text).toContain('Hanna');
    expect(text).toMatch(/allergens: soybeans, milk/);
    expect(text).toContain('Avoids: milk');
    expect(text).toContain('CHECK: has milk');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '200',
      '-singlefile',
      pdf,
      path.join(SCREENSHOTS, 'allergens-label'),
    ]);
    // The A4 order sheet prints the same: her flags beside her name, the line as made and the check.
    const [sheetTab] = await Promise.all([
      merchant.context.waitForEvent('page'),
      board.getByRole('link', { name: 'Print order sheet' }).click(),
    ]);
    await sheetTab.getByText('By guest').waitFor();
    const sheet = path.join(SCREENSHOTS, 'allergens-sheet.pdf');
    await sheetTab.pdf({ path: sheet, preferCSSPageSize: true, printBackground: true });
    const sheetText = execFileSync('pdftotext', ['-layout', sheet, '-']).toString();
    expect(sheetText).toContain('Avoids: milk');
    expect(sheetText).toContain('allergens: soybeans, milk');
    expect(sheetText).toContain('CHECK: has milk');
    await merchant.context.close();
  });

  it('shows the next guest an item’s allergens as the merchant edited them in the admin', async () => {
    const merchant = await browser.newUser(DESKTOP);
    await openAdmin(merchant.page, 'Menu');
    await merchant.page.waitForURL('**/app/menu**');
    // An item no other browser test looks at.
    const row = merchant.page.locator('tr', { hasText: 'Peppermint' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = merchant.page.getByRole('dialog');
    await modal.getByRole('checkbox', { name: 'Celery' }).check();
    await modal.getByRole('checkbox', { name: 'Vegan' }).uncheck();
    await modal.getByRole('checkbox', { name: 'Celery' }).scrollIntoViewIfNeeded();
    await merchant.page.screenshot({ path: path.join(SCREENSHOTS, 'allergens-admin-item-1280.png') });
    await modal.getByRole('button', { name: 'Save' }).click();
    await merchant.page.locator('.sim-toast', { hasText: 'Menu item saved' }).waitFor();
    await merchant.context.close();

    const order = await openOrder({ name: 'Allergens run' });
    const next = await browser.newUser(PHONE);
    await join(next.page, order.code, 'Theo');
    await next.page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();
    const tags = next.page.locator('.menu-item', { hasText: 'Peppermint' }).getByTestId('fact-tags');
    expect(await tags.textContent()).toContain('Allergens: celery');
    expect(await tags.textContent()).not.toContain('Vegan');
    await next.context.close();
  });
});
