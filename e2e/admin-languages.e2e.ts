import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { SHOP, storedOrder } from './orders';
import { DESKTOP, hydrated, screenshot, urls, useBrowser } from './support';

// The embedded admin in the merchant's language: the simulated Shopify admin passes its `locale` to the
// app's URL as Shopify does (/admin?locale=de). The app's own links, forms and fetchers carry it on, so
// what the server says (the prep board, pickup times, toasts, refusals) is German too, in an English
// browser; Polaris's own texts follow it.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** A submitted order for the dashboard and the prep board: 2 Flat Whites for Jonas. */
let order: { id: number; code: string };
beforeAll(async () => {
  const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
  order = await storedOrder(prisma, 'DE', {
    name: 'Mittagsrunde',
    hostName: 'Hanna Gastgeberin',
    hostEmail: 'hanna@berlin.example',
    companyName: 'Muster GmbH',
    deadlineAt: new Date(Date.now() - 60_000),
    submittedAt: new Date(Date.now() - 60_000),
    participantCount: 1,
    totalItems: 2,
    totalCents: 1200,
    shopifyState: 'sent',
    items: {
      create: {
        shop: SHOP,
        guestName: 'Jonas',
        menuItemId: flatWhite.id,
        menuItemName: flatWhite.name,
        quantity: 2,
        unitPriceCents: 600,
        totalCents: 1200,
        confirmationKey: `admin-de-${Date.now()}`,
      },
    },
  });
});

/** Whether a table's element shows whole: the table does not scroll sideways and the element ends inside it. */
function wholeInItsTable(element: Element) {
  const box = element.closest('table')?.parentElement;
  if (!box) return false;
  return (
    box.scrollWidth <= box.clientWidth &&
    element.getBoundingClientRect().right <= box.getBoundingClientRect().right
  );
}

/** Whether the page is no wider than the window and no table on it scrolls sideways (nothing cut off). */
const noSidewaysScroll = () =>
  document.documentElement.scrollWidth <= window.innerWidth &&
  [...document.querySelectorAll('table')].every((table) => {
    const box = table.parentElement!;
    return box.scrollWidth <= box.clientWidth;
  });

describe('embedded admin in German and French', () => {
  it('shows the dashboard, prep board, menu and settings in German, and keeps it after saving', async () => {
    // An English browser: the admin's language, not the browser's, decides.
    const { page, context } = await browser.newUser(DESKTOP, 'en-US');
    await page.goto('/admin?locale=de');
    await page.getByText('ÜBERSICHT', { exact: true }).waitFor();
    await hydrated(page);
    await page.getByText('Bestellungen gesamt').waitFor();
    await page.getByRole('tab', { name: 'Aktive Bestellungen' }).waitFor();
    // Polaris's own pagination, in German.
    await page.getByRole('button', { name: 'Zurück' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBeTruthy();
    // The submitted order: its pickup time on a 24-hour clock and its kitchen step, both said by the server.
    await page.getByRole('tab', { name: 'Abgeschickte Bestellungen' }).click();
    const row = page.getByRole('row').filter({ hasText: order.code });
    await row.getByText('Küche: Abgeschickt').waitFor();
    expect(await row.innerText()).toMatch(/\d{2}:\d{2}/);
    expect(await row.innerText()).not.toMatch(/\b(am|pm)\b/);
    expect(await page.title()).toBe('Übersicht · Group Order');
    // German's long words stay inside the table: its last column's link is not cut off at the card's edge.
    // The table shows this order alone (the search), so what other tests running beside it put in the shop
    // cannot widen it.
    await page.getByLabel('Bestellungen suchen').fill(order.code);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(new RegExp(`q=${order.code}`));
    await row.getByText('Küche: Abgeschickt').waitFor();
    expect(await row.getByRole('link', { name: 'Gastgeber-Übersicht' }).evaluate(wholeInItsTable)).toBe(true);
    await screenshot(page, 'admin-dashboard-de-1280');

    const nav = page.locator('ui-nav-menu');
    await nav.getByRole('link', { name: 'Zubereitung' }).click();
    await page.getByRole('heading', { name: 'Zubereitung', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: `Bestellung ${order.code}` });
    await card.getByText('Küche: Abgeschickt').waitFor();
    for (const text of ['Zuzubereiten', 'Nach Gast', 'Etiketten drucken', 'Bestellschein drucken'])
      await card.getByText(text, { exact: true }).waitFor();
    expect(await page.title()).toBe('Zubereitung · Group Order');
    await screenshot(page, 'admin-prep-board-de-1280');
    // One click, and the toast the server says.
    await card.getByRole('button', { name: 'Als „Eingegangen“ markieren' }).click();
    const toasts = page.locator('#sim-toasts');
    await toasts.getByText(`${order.code} ist jetzt „Eingegangen“`).waitFor();
    await card.getByText('Küche: Eingegangen').waitFor();
    // Someone else moved it on meanwhile: the stale button is refused, with the server's German sentence.
    await prisma.groupOrder.update({ where: { id: order.id }, data: { kitchenState: 'ready' } });
    await card.getByRole('button', { name: 'Als „In Zubereitung“ markieren' }).click();
    await toasts
      .getByText(/^Bestellungen gehen nur vorwärts; .* Der nächste Schritt ist „Abgeholt“\.$/)
      .waitFor();
    await screenshot(page, 'admin-prep-board-refused-de-1280');

    await nav.getByRole('link', { name: 'Speisekarte' }).click();
    await page.getByRole('heading', { name: 'Artikel der Speisekarte' }).waitFor();
    // The item editor, its allergens editor in the guests' German words, and Polaris's own close button.
    await page.getByRole('button', { name: 'Artikel hinzufügen' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByText('Allergene: Was der Artikel ohne Optionen enthält.').waitFor();
    await editor.getByRole('checkbox', { name: 'Milch' }).waitFor();
    await editor.getByRole('checkbox', { name: 'Vegan' }).waitFor();
    await editor.getByRole('button', { name: 'Schließen' }).waitFor();
    await screenshot(page, 'admin-menu-item-de-1280');
    await editor.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The items' five buttons, "Heute ausverkauft" among them, fit beside each item at 1280 px.
    expect(await page.evaluate(noSidewaysScroll)).toBe(true);

    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await page.getByLabel('Shopname für Gäste').waitFor();
    await screenshot(page, 'admin-settings-de-1280');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.locator('#sim-toasts').getByText('Einstellungen gespeichert').waitFor();
    // After the post the page is still German (the layout's language is kept).
    await expect.poll(() => page.getByRole('button', { name: 'Einstellungen speichern' }).count()).toBe(1);
    await page.getByLabel('Zeitzone').waitFor();

    // A search the server cannot read (a control character): its sentence in German on a page of its own,
    // with the way back to the whole dashboard.
    await nav.getByRole('link', { name: 'Übersicht' }).click();
    await page.getByLabel('Bestellungen suchen').fill('Hanna\u0007');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page
      .getByText('Die Suche enthält unsichtbare Steuerzeichen. Bitte geben Sie sie neu ein.')
      .waitFor();
    await screenshot(page, 'admin-search-refused-de-1280');
    await page.getByRole('link', { name: 'Übersicht' }).last().click();
    await page.getByText('Bestellungen gesamt').waitFor();
    await context.close();
  });

  it('fits a 768 px window in German: dashboard, prep board, menu and settings', async () => {
    const { page, context } = await browser.newUser({ width: 768, height: 1024 }, 'en-US');
    await page.goto('/admin?locale=de');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Abgeschickte Bestellungen' }).click();
    // Narrower than the table's eight columns: each order is a stacked card, its links whole.
    const link = page.getByRole('link', { name: 'Gastgeber-Übersicht' }).first();
    await link.waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.evaluate(noSidewaysScroll)).toBe(true);
    await screenshot(page, 'admin-dashboard-de-768');
    const nav = page.locator('ui-nav-menu');
    const pages = [
      ['Zubereitung', () => page.getByRole('heading', { name: 'Zubereitung', level: 1 })],
      ['Speisekarte', () => page.getByRole('heading', { name: 'Artikel der Speisekarte' })],
      ['Einstellungen', () => page.getByLabel('Shopname für Gäste')],
    ] as const;
    for (const [name, shown] of pages) {
      await nav.getByRole('link', { name }).click();
      await shown().waitFor();
      expect(await page.evaluate(noSidewaysScroll), name).toBe(true);
      await screenshot(page, `admin-${name.toLowerCase()}-de-768`);
    }
    await context.close();
  });

  it('shows the dashboard in French from the simulator home page link', async () => {
    const { page, context } = await browser.newUser(DESKTOP, 'de-DE');
    await page.goto('/');
    await page.getByRole('link', { name: 'en français' }).click();
    await page.getByText('TABLEAU DE BORD', { exact: true }).waitFor();
    await hydrated(page);
    await page.getByText('Commandes au total').waitFor();
    await page.getByRole('button', { name: 'Précédent' }).waitFor();
    await context.close();
  });
});
