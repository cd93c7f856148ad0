import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { openOrder } from './orders';
import path from 'node:path';
import { DESKTOP, PHONE, screenshot, SCREENSHOTS, urls, useBrowser } from './support';

// Notes belong to lines (issue 27, item 12): a guest writes "heated" for the Croissant in the customise
// dialog; it stays on that line through review and confirm, and the kitchen's labels print it on the
// Croissant's label only, never on the coffee's.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** Screens without the transient toast over them. */
async function shot(page: Page, name: string) {
  const close = page.locator('.toast__close');
  if (await close.count()) await close.first().click();
  await page.locator('.toast').waitFor({ state: 'detached' });
  await screenshot(page, name);
}

describe('a note for one item (issue 27, item 12)', () => {
  it("stays on that line from the customise dialog to the Croissant's label, and only there", async () => {
    const order = await openOrder({ name: 'Line notes run' });
    const guest = await browser.newUser(PHONE);
    const { page } = guest;
    await page.goto(`/apps/group-order/join/${order.code}`);
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    await page.getByLabel('Your name').fill('Ottilie');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();

    // The Croissant, "heated", written in the customise dialog.
    await page.getByRole('button', { name: 'Add Almond Croissant', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize Almond Croissant' });
    await dialog.waitFor();
    const note = dialog.getByRole('textbox', { name: /Note for this item/ });
    expect(await note.getAttribute('maxlength')).toBe('140');
    await note.fill('heated');
    // The dialog as the phone shows it (a full-page shot would shrink it to a strip at the bottom).
    await page.screenshot({ path: path.join(SCREENSHOTS, 'line-notes-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Add to Order' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The Flat White, with no note.
    await page.getByRole('button', { name: 'Add Flat White', exact: true }).click();
    const coffee = page.getByRole('dialog', { name: 'Customize Flat White' });
    await coffee.waitFor();
    expect(await coffee.getByRole('textbox', { name: /Note for this item/ }).inputValue()).toBe('');
    await coffee.getByRole('button', { name: 'Add to Order' }).click();
    await coffee.waitFor({ state: 'detached' });

    // The menu's cart shows the note under the Croissant's line only.
    const cartLine = (name: string) => page.locator('.order-line', { hasText: name });
    expect(await cartLine('Almond Croissant').textContent()).toContain('Note: heated');
    expect(await cartLine('Flat White').textContent()).not.toContain('heated');

    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    const reviewLine = (name: string) => page.locator('.review-line', { hasText: name });
    expect(await reviewLine('Almond Croissant').textContent()).toContain('Note: heated');
    expect(await reviewLine('Flat White').textContent()).not.toContain('heated');
    await page.getByPlaceholder('No onions, extra sauce, etc...').fill('Back door please');
    await shot(page, 'line-notes-review-390');
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const confirmedLine = (name: string) => page.locator('.confirmed-items .review-line', { hasText: name });
    await confirmedLine('Almond Croissant').waitFor();
    expect(await confirmedLine('Almond Croissant').textContent()).toContain('Note: heated');
    expect(await confirmedLine('Flat White').textContent()).not.toContain('heated');
    await shot(page, 'line-notes-confirmed-390');

    // Stored on the line; the guest's own note stays on the guest.
    const items = await prisma.orderItem.findMany({
      where: { groupOrderId: order.id },
      orderBy: { id: 'asc' },
    });
    expect(items.map((i) => [i.menuItemName, i.specialInstructions])).toEqual([
      ['Almond Croissant', 'heated'],
      ['Flat White', null],
    ]);

    // The order's dashboard (the guest's "View Group Status") shows it under the Croissant's line only.
    await page.goto(`/apps/group-order/host/dashboard/${order.id}`);
    const hostLine = (name: string) => page.locator('.host-item', { hasText: name });
    await hostLine('Almond Croissant').waitFor();
    expect(await hostLine('Almond Croissant').getByTestId('line-note').textContent()).toBe('Note: heated');
    expect(await hostLine('Flat White').getByTestId('line-note').count()).toBe(0);
    await page.getByTestId('guest-note').getByText('Back door please').waitFor();
    await page.locator('.host-orders').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'line-notes-dashboard-390.png') });
    await guest.context.close();

    // The kitchen: the order submitted, its labels opened from the prep board through the signed link.
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date(), deadlineAt: new Date(Date.now() - 60_000) },
    });
    const merchant = await browser.newUser(DESKTOP);
    await merchant.page.goto('/admin');
    await merchant.page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    await merchant.page.waitForFunction(() => Boolean(window.__remixRouter));
    await merchant.page.locator('ui-nav-menu').getByRole('link', { name: 'Prep board' }).click();
    const card = merchant.page.getByRole('region', { name: `Order ${order.code}` });
    await card.waitFor();
    const [labels] = await Promise.all([
      merchant.context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    await labels.getByText(`2 labels for ${order.code} · 62 mm roll`).waitFor();
    const label = (item: string) => labels.getByRole('region', { name: `Label for Ottilie: ${item}` });
    expect(await label('Almond Croissant').textContent()).toContain('heated');
    expect(await label('Flat White').textContent()).not.toContain('heated');
    expect(await labels.getByText('heated').count()).toBe(1);
    // The guest's own note is printed once, on their first label.
    expect(await labels.getByText('Guest note: Back door please').count()).toBe(1);
    await screenshot(labels, 'line-notes-labels');

    // The admin's order detail: the note beside the Croissant's line.
    await merchant.page.goto('/admin');
    await merchant.page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    await merchant.page.waitForFunction(() => Boolean(window.__remixRouter));
    await merchant.page.getByLabel('Search orders').fill(order.code);
    await merchant.page.getByRole('button', { name: 'Search', exact: true }).click();
    await merchant.page.getByRole('button', { name: `View details of ${order.code}` }).click();
    const modal = merchant.page.getByRole('dialog');
    await modal.getByText('Item note: heated').waitFor();
    expect(await modal.getByText('heated').count()).toBe(1);
    await modal.getByText('Note: Back door please').waitFor();
    await merchant.page.screenshot({ path: path.join(SCREENSHOTS, 'line-notes-admin-detail-1280.png') });
    await merchant.context.close();
  });
});
