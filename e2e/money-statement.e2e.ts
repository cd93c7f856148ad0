import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { DESKTOP, hydrated, openAdmin, SCREENSHOTS, screenshot, urls, useBrowser } from './support';
import { SHOP, storedOrder } from './orders';

// Issue 25, what the merchant sees: the order detail's money section (who paid, who the company covers,
// the totals and the reconciliation), then Statements: the company's orders of the month, the CSV
// downloaded and the statement printed to PDF (read back with pdftotext).

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** A submitted budget order: Olivia within the budget, Marco over it and paid in Shopify. */
async function budgetOrder(company: string) {
  const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
  const order = await storedOrder(prisma, 'M', {
    name: 'Quarterly review',
    hostName: 'Harriet Host',
    hostEmail: 'harriet@statement.example',
    companyName: company,
    paymentMode: 'budget',
    budgetCents: 1500,
    overagePolicy: 'guest-pays',
    costCode: 'PO 2026/118',
    // An hour ago: this month's, in the shop's time zone, but at the start of a month.
    pickupAt: new Date(Date.now() - 3600_000),
    deadlineAt: new Date(Date.now() - 2 * 3600_000),
    submittedAt: new Date(Date.now() - 2 * 3600_000),
    participantCount: 2,
    totalItems: 2,
    totalCents: 3500,
    shopifyState: 'sent',
    shopifyDraftOrderId: 'gid://shopify/DraftOrder/8812',
    shopifyDraftOrderName: '#D8812',
  });
  for (const [index, [name, cents, company, paid]] of (
    [
      ['Olivia', 1000, 1000, 0],
      ['Marco', 2500, 1500, 1000],
    ] as const
  ).entries()) {
    const guest = await prisma.guest.create({
      data: { shop: SHOP, groupOrderId: order.id, name, nameKey: name.toLowerCase() },
    });
    await prisma.orderItem.create({
      data: {
        shop: SHOP,
        groupOrderId: order.id,
        guestId: guest.id,
        guestName: name,
        menuItemId: flatWhite.id,
        menuItemName: flatWhite.name,
        quantity: 1,
        unitPriceCents: cents,
        totalCents: cents,
        confirmationKey: `statement-e2e-${index}`,
      },
    });
    await prisma.guestShare.create({
      data: {
        shop: SHOP,
        groupOrderId: order.id,
        guestId: guest.id,
        itemsCents: cents,
        companyCents: company,
        guestCents: cents - company,
        ...(paid
          ? {
              paymentStatus: 'paid',
              paidCents: paid,
              shopifyOrderId: `gid://shopify/Order/${order.id}`,
              paidAt: new Date(),
            }
          : {}),
      },
    });
  }
  return order;
}

describe('money for the merchant (issue 25)', () => {
  it('shows who paid in the order detail, and the company statement as CSV and PDF', async () => {
    const company = `Statement Co ${Date.now().toString(36)}`;
    const order = await budgetOrder(company);
    const merchant = await browser.newUser(DESKTOP);
    const { page, context } = merchant;

    await openAdmin(page);
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByRole('row').filter({ hasText: order.code }).getByText('1 of 1 paid').waitFor();
    await page.getByRole('button', { name: `View details of ${order.code}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Money' }).waitFor();
    await modal
      .getByText('The company pays up to $15.00 per person; over it, the guest pays the difference online.')
      .waitFor();
    await modal.getByText('PO number or cost code: PO 2026/118').waitFor();
    const marco = modal.getByRole('row').filter({ hasText: 'Marco' });
    await marco.getByText('Paid', { exact: true }).waitFor();
    await marco.getByText('$10.00 paid').waitFor();
    expect(await marco.getByRole('link', { name: 'Shopify order' }).getAttribute('href')).toMatch(
      new RegExp(`/orders/${order.id}$`),
    );
    await modal.getByRole('row').filter({ hasText: 'Olivia' }).getByText('Company pays').waitFor();
    await modal.getByText('Guests paid $10.00').waitFor();
    await modal.getByText('The company owes $25.00').waitFor();
    await modal.getByText("Guests' shares $10.00 + company part $25.00 = order total $35.00.").waitFor();
    await modal.getByRole('heading', { name: 'Money' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'money-statement-detail-1280');
    await modal.getByRole('button', { name: 'Close' }).first().click();

    await page.locator('ui-nav-menu').getByRole('link', { name: 'Statements' }).click();
    await page.waitForURL('**/app/statements**');
    await page.getByLabel('Company').selectOption({ label: `${company} (1 order)` });
    await page.waitForURL('**company=**');
    const table = page.getByRole('table');
    const line = table.getByRole('row').filter({ hasText: order.code });
    await line.getByText('PO 2026/118').waitFor();
    await line.getByText('$25.00').waitFor();
    await screenshot(page, 'money-statement-page-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-statement-co-[a-z0-9]+-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`Quarterly review,${order.code},#D8812,Harriet Host,harriet@statement.example`);
    expect(csv).toContain('PO 2026/118,Budget per person,35.00,25.00,AUD\r\n');
    expect(csv).toMatch(/Month's total,,,,,,,,,25\.00,AUD\r\n$/);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Print or save as PDF' }).click(),
    ]);
    await tab.getByRole('heading', { name: new RegExp(`^Statement: ${company}, `) }).waitFor();
    const file = path.join(SCREENSHOTS, 'money-statement.pdf');
    await tab.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(SCREENSHOTS, 'money-statement-pdf')]);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain(`Statement: ${company}`);
    // Cells wrap where the fonts at hand make them: each part on its own.
    for (const part of ['Quarterly review', order.code, '#D8812', 'Harriet', 'Budget per'])
      expect(text).toContain(part);
    expect(text).toContain('PO 2026/118');
    expect(text).toContain('The company owes $25.00');
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+1\n/);

    // The same statement in German, as Shopify opens the app for a German merchant.
    await page.goto('/admin?locale=de');
    await hydrated(page);
    await page.locator('ui-nav-menu').getByRole('link', { name: 'Abrechnungen' }).click();
    await page.waitForURL('**/app/statements**');
    await page.getByLabel('Firma').selectOption({ label: `${company} (1 Bestellung)` });
    await page.getByRole('heading', { name: new RegExp(`^${company} · \\S+ \\d{4}$`) }).waitFor();
    await page.getByRole('columnheader', { name: 'Anteil der Firma' }).waitFor();
    await page.getByRole('link', { name: 'CSV herunterladen' }).waitFor();
    await screenshot(page, 'money-statement-page-de-1280');
    await merchant.context.close();
  });
});
