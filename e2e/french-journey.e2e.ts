import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { openOrder } from './orders';
import {
  asHost,
  DESKTOP,
  hydrated,
  mailText,
  openAdmin,
  PHONE,
  SCREENSHOTS,
  urls,
  useBrowser,
} from './support';

// Issue 26's "done means", in one piece: a French browser goes join → menu → review → confirm, avoids milk
// and is warned, then reads her e-mail and her printed label in French. The steps are found by their French
// words only; the English runs of the same steps are allergens.e2e.ts and languages.e2e.ts.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

describe('a French guest from join to her label (issue 26)', () => {
  it('shows allergens before adding, warns her at review, and writes her e-mail and label in French', async () => {
    const order = await openOrder({ name: 'Déjeuner du vendredi', timeZone: 'Europe/Paris' });
    const email = `camille-${Date.now()}@example.com`;
    const guest = await browser.newUser(PHONE, 'fr-FR');
    const { page } = guest;
    await page.goto(`/apps/group-order/join/${order.code}`);
    await hydrated(page);
    await page.getByLabel('Votre nom').fill('Camille');
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();

    // Before she adds anything: the allergens are on the menu; she says she avoids milk.
    const card = page.locator('.menu-item', { hasText: 'Flat White' }).first();
    expect(await card.getByTestId('fact-tags').textContent()).toContain('Allergènes : lait');
    await page.getByText('Allergies ou régime ?').click();
    await page.getByRole('checkbox', { name: 'Sans lait' }).check();
    await expect.poll(() => card.getAttribute('class')).toContain('menu-item--conflict');
    expect(await card.textContent()).toContain('Pas pour vous');
    await page.getByText('À éviter : lait').waitFor();

    // The customise dialog follows the milk she picks.
    await card.getByRole('button', { name: 'Ajouter Flat White', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Personnaliser Flat White' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^Soy\b/ }).click();
    await expect
      .poll(() => dialog.getByTestId('fact-tags').textContent())
      .toContain('Allergènes : soja et lait');
    await dialog.getByRole('button', { name: 'Ajouter à la commande' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Review warns her in French before she confirms.
    await page.getByRole('button', { name: 'Vérifier ma commande' }).first().click();
    await page.getByRole('heading', { name: 'Vérifiez votre commande' }).waitFor();
    await page
      .getByTestId('allergen-warning')
      .getByText('Flat White contient : lait, que vous évitez.')
      .waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'french-journey-review-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Confirmer ma commande' }).click();
    await page.getByRole('heading', { name: 'Commande confirmée !' }).waitFor();
    await guest.context.close();

    // The host submits (in English: the host's language is the host's); her e-mail is in hers.
    const host = await browser.newUser(PHONE);
    await asHost(host.page, order.id, order.hostToken);
    await host.page.getByRole('button', { name: 'Submit Group Order' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await host.page.getByRole('button', { name: 'Edit This Order' }).waitFor();
    const mail = await mailText(
      host.page,
      email,
      /Votre commande dans « Déjeuner du vendredi » a été envoyée/,
    );
    expect(mail).toContain('Bonjour Camille');
    expect(mail).toMatch(/1x Flat White .*Végétarien ; allergènes : soja et lait/);
    expect(mail).not.toMatch(/\b(Hi|Your items|Pickup)\b/);
    await host.context.close();

    // The kitchen prints her label in her language, with what she avoids and the check.
    const merchant = await browser.newUser(DESKTOP);
    await openAdmin(merchant.page, 'Prep board');
    const board = merchant.page.getByRole('region', { name: `Order ${order.code}` });
    await board.waitFor();
    const [labelsTab] = await Promise.all([
      merchant.context.waitForEvent('page'),
      board.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    // The print page's toolbar is the merchant's (English here); the label itself is the guest's.
    await labelsTab.getByText(`1 label for ${order.code} · 62 mm roll`).waitFor();
    expect(
      await labelsTab
        .getByRole('region', { name: /Camille/ })
        .first()
        .getAttribute('lang'),
    ).toBe('fr');
    const pdf = path.join(SCREENSHOTS, 'french-journey-label.pdf');
    await labelsTab.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('Camille');
    expect(text).toContain('allergènes : soja et lait');
    expect(text).toContain('Évite : lait');
    expect(text).toContain('VÉRIFIER : contient lait');
    await merchant.context.close();

    const stored = await prisma.guest.findFirstOrThrow({ where: { groupOrderId: order.id } });
    expect({ language: stored.language, avoids: stored.avoids }).toEqual({ language: 'fr', avoids: 'milk' });
  });
});
