import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { DESKTOP, mailRows, openAdmin, PHONE, SCREENSHOTS, screenshot, urls, useBrowser } from './support';
import { SHOP, storedOrder } from './orders';

// Issue 12, part 1: after the submit the merchant moves the order through the kitchen from the admin,
// undoes a mistaken step, and marks it ready; the guest's confirmed screen follows along by itself and the
// "ready" e-mail reaches the guest's and the host's mailbox.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

async function submittedOrder() {
  const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
  const now = Date.now();
  const order = await storedOrder(prisma, 'K', {
    name: 'Kitchen run',
    hostName: 'Harriet Host',
    hostEmail: 'harriet@kitchen.example',
    companyName: 'Umbrella Pty Ltd',
    deadlineAt: new Date(now - 60_000),
    submittedAt: new Date(now - 60_000),
    participantCount: 1,
    totalItems: 2,
    totalCents: 1200,
    // Already handed to Shopify, so the run does not depend on the draft-order worker.
    shopifyState: 'sent',
    shopifyDraftOrderId: 'gid://shopify/DraftOrder/9912',
    shopifyDraftOrderName: '#D9912',
  });
  const { id } = order;
  const guest = await prisma.guest.create({
    data: {
      shop: SHOP,
      groupOrderId: id,
      name: 'Olivia',
      nameKey: 'olivia',
      email: 'olivia@kitchen.example',
    },
  });
  await prisma.orderItem.create({
    data: {
      shop: SHOP,
      groupOrderId: id,
      guestId: guest.id,
      guestName: 'Olivia',
      guestEmail: 'olivia@kitchen.example',
      menuItemId: flatWhite.id,
      menuItemName: flatWhite.name,
      quantity: 2,
      unitPriceCents: 600,
      totalCents: 1200,
      confirmationKey: 'kitchen-e2e',
    },
  });
  return order;
}

/** A print's text with its line breaks as spaces (where a line wraps depends on the fonts at hand). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** Opens one of a board card's prints ("Print labels", "Print order sheet") in the tab it opens. */
async function openPrint(context: BrowserContext, card: Locator, link: string) {
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: link }).click(),
  ]);
  return tab;
}

/** A print as Chromium prints it to PDF, its pages as PNGs to look at, and its pdfinfo and text. */
async function printed(
  tab: Page,
  name: string,
  png: { prefix: string; resolution: number; args?: string[] },
) {
  const file = path.join(SCREENSHOTS, `${name}.pdf`);
  await tab.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(png.resolution),
    ...(png.args ?? []),
    file,
    path.join(SCREENSHOTS, png.prefix),
  ]);
  return {
    info: execFileSync('pdfinfo', [file]).toString(),
    text: execFileSync('pdftotext', ['-layout', file, '-']).toString(),
  };
}

describe('kitchen states (issue 12)', () => {
  it('the merchant moves an order to ready, the guest screen follows, and the ready e-mail arrives', async () => {
    const order = await submittedOrder();

    // The guest keeps their confirmed screen open on a phone.
    const guest = await browser.newUser(PHONE);
    await guest.page.goto(`/apps/group-order/confirmed/${order.id}/Olivia`);
    await guest.page.getByTestId('kitchen-state').filter({ hasText: 'Now: Submitted' }).waitFor();

    const merchant = await browser.newUser(DESKTOP);
    const { page } = merchant;
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByRole('button', { name: `View details of ${order.code}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('list', { name: 'Kitchen timeline' }).waitFor();

    await modal.getByRole('button', { name: 'Mark Received' }).click();
    await modal.getByRole('button', { name: 'Mark Preparing' }).click();
    // A mistaken tap: Mark Ready too early, then undo it once, visibly.
    await modal.getByRole('button', { name: 'Mark Ready' }).click();
    await modal.getByText('Kitchen: Ready').waitFor();
    await modal.getByRole('button', { name: 'Undo last step' }).click();
    await modal.getByText(/Ready · .* \(undone\)/).waitFor();
    await modal.getByText('Kitchen: Preparing').waitFor();
    expect(await modal.getByRole('button', { name: 'Undo last step' }).count()).toBe(0);
    await screenshot(page, 'kitchen-admin-undone-1280');

    // The guest's page picks the state up on its own (every 15 s while visible).
    await guest.page
      .getByTestId('kitchen-state')
      .filter({ hasText: 'Now: Preparing' })
      .waitFor({ timeout: 25_000 });

    await modal.getByRole('button', { name: 'Mark Ready' }).click();
    await modal.getByText('Kitchen: Ready').waitFor();
    await guest.page
      .getByTestId('kitchen-state')
      .filter({ hasText: 'Now: Ready' })
      .waitFor({ timeout: 25_000 });
    const readyStep = guest.page.locator('.kitchen-step.is-current');
    expect(await readyStep.textContent()).toMatch(/^Ready\d{1,2}:\d{2}\s?[ap]m$/);
    await screenshot(guest.page, 'kitchen-guest-ready-390');

    // The ready e-mail reaches the guest and the host (once each, despite the undone "ready").
    const subject = /Your order from Demo Coffee is ready for pickup at /;
    const mail = await browser.newUser(DESKTOP);
    for (const to of ['olivia@kitchen.example', 'harriet@kitchen.example']) {
      await expect
        .poll(async () => (await mailRows(mail.page, to)).filter((row) => subject.test(row)).length, {
          timeout: 15_000,
          interval: 500,
        })
        .toBe(1);
    }

    await modal.getByRole('button', { name: 'Mark Collected' }).click();
    await modal.getByText('Kitchen: Collected').waitFor();
    expect(await modal.getByRole('button', { name: /^Mark / }).count()).toBe(0);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).kitchenState).toBe(
      'collected',
    );
    await Promise.all([guest.context.close(), merchant.context.close(), mail.context.close()]);
  });
});

describe('prep board (issue 12)', () => {
  it('shows merged counts and guests, moves an order with one click, and prints labels and an A4 sheet', async () => {
    const order = await submittedOrder();
    const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
    const mods = JSON.stringify([
      { id: 1, name: 'Large', type: 'size', priceDeltaCents: 50 },
      { id: 2, name: 'Oat', type: 'milk', priceDeltaCents: 80 },
    ]);
    const second = await prisma.guest.create({
      data: {
        shop: SHOP,
        groupOrderId: order.id,
        name: 'Bartholomew Featherstonehaugh',
        nameKey: 'bartholomew featherstonehaugh',
        specialInstructions: 'Extra hot, and please write my name clearly',
      },
    });
    await prisma.orderItem.create({
      data: {
        shop: SHOP,
        groupOrderId: order.id,
        guestId: second.id,
        guestName: second.name,
        menuItemId: flatWhite.id,
        menuItemName: flatWhite.name,
        quantity: 3,
        selectedModifiers: mods,
        unitPriceCents: 730,
        totalCents: 2190,
        confirmationKey: 'kitchen-e2e-2',
      },
    });
    await prisma.orderItem.updateMany({
      where: { groupOrderId: order.id, guestName: 'Olivia' },
      data: { selectedModifiers: mods },
    });

    const { page, context } = await browser.newUser(DESKTOP);
    await openAdmin(page);
    await page.getByRole('link', { name: 'Prep board' }).click();
    await page.getByText('Prep board', { exact: true }).first().waitFor();
    const card = page.getByRole('region', { name: `Order ${order.code}` });
    await card.getByText('5 × Flat White · Large · Oat').waitFor();
    await card.getByText('Bartholomew Featherstonehaugh (BF)').waitFor();
    await card.getByText('Note: Extra hot, and please write my name clearly').waitFor();
    await card.getByRole('button', { name: 'Mark Received' }).click();
    await card.getByText('Kitchen: Received').waitFor();
    await card.getByRole('button', { name: 'Mark Preparing' }).waitFor();
    await screenshot(page, 'kitchen-prep-board-1280');

    // Labels: one 62 mm label per unit (2 for Olivia, 3 for Bartholomew), printed to PDF by Chromium. The
    // prints open in a tab of their own (a signed link: no admin session comes with a new tab).
    const labelsTab = await openPrint(context, card, 'Print labels');
    await labelsTab.getByText(`5 labels for ${order.code} · 62 mm roll`).waitFor();
    const labels = await printed(labelsTab, 'kitchen-labels', {
      prefix: 'kitchen-label',
      resolution: 200,
      args: ['-f', '1', '-l', '5'],
    });
    expect(labels.info).toMatch(/Pages:\s+5\b/);
    // 62 × 40 mm is 175.75 × 113.39 pt.
    expect(labels.info).toMatch(/Page size:\s+175\.\d+ x 113\.\d+ pts/);

    const sheetTab = await openPrint(context, card, 'Print order sheet');
    await sheetTab.getByRole('heading', { name: `Kitchen run · ${order.code}`, exact: true }).waitFor();
    const sheet = await printed(sheetTab, 'kitchen-sheet', {
      prefix: 'kitchen-sheet',
      resolution: 60,
      args: ['-singlefile'],
    });
    expect(sheet.info).toMatch(/Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(sheet.info).toMatch(/Pages:\s+1\b/);
    expect(sheet.text).toMatch(/5\s*×\s+Flat White · Large · Oat/);
    expect(sheet.text).toContain('Note: Extra hot, and please write my name clearly');
    expect(sheet.text).not.toContain('Print');
    await context.close();
  });
});

describe('prints in their readers’ languages (issue 26)', () => {
  it('prints a German guest’s labels in German on one label each, and a French host’s sheet in French', async () => {
    const order = await submittedOrder();
    await prisma.groupOrder.update({ where: { id: order.id }, data: { hostLanguage: 'fr' } });
    // Olivia reads German and avoids milk, nuts and gluten: her Flat White has milk and gluten (German's
    // long words: "glutenhaltiges Getreide", "Schalenfrüchte"), and she left a long note.
    await prisma.guest.updateMany({
      where: { groupOrderId: order.id, name: 'Olivia' },
      data: {
        language: 'de',
        avoids: 'milk,nuts,gluten',
        specialInstructions: 'Bitte mit Zimt und ohne Deckel, danke',
      },
    });
    await prisma.orderItem.updateMany({
      where: { groupOrderId: order.id, guestName: 'Olivia' },
      data: { allergens: 'gluten,milk,nuts,soybeans,sesame', diets: 'vegetarian' },
    });

    const { page, context } = await browser.newUser(DESKTOP);
    await openAdmin(page);
    await page.getByRole('link', { name: 'Prep board' }).click();
    const card = page.getByRole('region', { name: `Order ${order.code}` });
    // The board is the merchant's (the shop's language, English here).
    await card.getByText('Avoids: gluten, milk, nuts').waitFor();

    const labelsTab = await openPrint(context, card, 'Print labels');
    await labelsTab.getByText(`2 labels for ${order.code} · 62 mm roll`).waitFor();
    const label = labelsTab.getByRole('region', { name: 'Etikett für Olivia: Flat White' }).first();
    await label.getByText('PRÜFEN: enthält Gluten, enthält Milch, enthält Schalenfrüchte').waitFor();
    expect(await label.getAttribute('lang')).toBe('de');
    const text = await label.innerText();
    expect(text).toContain('Meidet: Gluten, Milch und Schalenfrüchte');
    expect(text).toContain('Notiz des Gasts: Bitte mit Zimt und ohne Deckel, danke');
    expect(text).toMatch(/· \d{2}:\d{2}\s+1 von 2/);
    const labels = await printed(labelsTab, 'kitchen-labels-de', {
      prefix: 'kitchen-label-de',
      resolution: 200,
    });
    // Still one 62 × 40 mm page per label: the German words wrap inside the label, not onto a new page, and
    // the warning, which comes first, prints whole (the facts and the note below it may be cut).
    expect(labels.info).toMatch(/Pages:\s+2\b/);
    expect(oneLine(labels.text)).toContain('PRÜFEN: enthält Gluten, enthält Milch, enthält Schalenfrüchte');
    expect(oneLine(labels.text)).toContain('Meidet: Gluten, Milch und Schalenfrüchte');

    const sheetTab = await openPrint(context, card, 'Print order sheet');
    await sheetTab.getByRole('heading', { name: 'À préparer' }).waitFor();
    const sheet = await printed(sheetTab, 'kitchen-sheet-fr', {
      prefix: 'kitchen-sheet-fr',
      resolution: 80,
      args: ['-singlefile'],
    });
    expect(sheet.info).toMatch(/Pages:\s+1\b/);
    const sheetText = oneLine(sheet.text);
    expect(sheetText).toMatch(/Retrait \S+ \d{1,2} \S+, \d{2}:\d{2}/);
    expect(sheetText).toContain('Par invité');
    expect(sheetText).toContain('Évite : gluten, lait et fruits à coque');
    expect(sheetText).toContain('VÉRIFIER : contient gluten, contient lait, contient fruits à coque');
    await context.close();
  });
});
