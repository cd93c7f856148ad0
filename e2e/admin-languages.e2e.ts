import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, screenshot, useBrowser } from './support';

// The embedded admin in the merchant's language: the simulated Shopify admin passes its `locale` to the
// app's URL as Shopify does (/admin?locale=de). The language stays across the app's own navigation and a
// form post, whose requests carry no locale; Polaris's own texts follow it.

const browser = useBrowser();

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
    await screenshot(page, 'admin-dashboard-de-1280');

    const nav = page.locator('ui-nav-menu');
    await nav.getByRole('link', { name: 'Zubereitung' }).click();
    await page.getByRole('heading', { name: 'Zubereitung', level: 1 }).waitFor();
    // Its columns, or (no submitted orders in this database) the empty board's words.
    await page
      .getByRole('heading', { name: /^Neu \(\d+\)$/ })
      .or(page.getByText('Noch nichts zuzubereiten'))
      .waitFor();
    await screenshot(page, 'admin-prep-board-de-1280');

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

    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await page.getByLabel('Shopname für Gäste').waitFor();
    await screenshot(page, 'admin-settings-de-1280');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    // After the post the page is still German (the layout's language is kept).
    await expect.poll(() => page.getByRole('button', { name: 'Einstellungen speichern' }).count()).toBe(1);
    await page.getByLabel('Zeitzone').waitFor();
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
