import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrismaClient } from '../app/prismaClient.server';
import { hydrated, PHONE, SCREENSHOTS, urls, useBrowser } from './support';
import { addItemAsGuest, openOrder as openSharedOrder, SHOP } from './orders';
import englishHost from '../app/locales/en/host.json';
import germanHost from '../app/locales/de/host.json';

// Storefront languages (issue 26): a browser that asks for French (Accept-Language fr-FR) goes join →
// menu (allergens shown before adding) → customise → review → confirm → confirmed in French; a German
// one likewise, with screenshots at 390 px (German's long words); the picker's choice sticks. A German host
// creates an order, sees the dashboard and submits it, all in German, without overflow at 390 px.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** An open order in Paris time (the French and German runs read its times). */
const openOrder = () => openSharedOrder({ name: 'Languages run', timeZone: 'Europe/Paris' });

/** The language kept on the order's one guest (what their e-mails are written in). */
async function guestLanguage(groupOrderId: number) {
  return (await prisma.guest.findFirstOrThrow({ where: { shop: SHOP, groupOrderId } })).language;
}

type Words = {
  name: string;
  join: string;
  menu: string;
  allergens: string;
  add: string;
  customise: string;
  addToOrder: string;
  review: string;
  reviewTitle: string;
  confirm: string;
  confirmed: string;
};

const FRENCH: Words = {
  name: 'Votre nom',
  join: 'Rejoindre',
  menu: 'Menu',
  allergens: 'Allergènes : lait',
  add: 'Ajouter',
  customise: 'Personnaliser',
  addToOrder: 'Ajouter à la commande',
  review: 'Vérifier ma commande',
  reviewTitle: 'Vérifiez votre commande',
  confirm: 'Confirmer ma commande',
  confirmed: 'Commande confirmée !',
};

const GERMAN: Words = {
  name: 'Ihr Name',
  join: 'Beitreten',
  menu: 'Menü',
  allergens: 'Allergene: Milch',
  add: 'Hinzufügen',
  customise: 'anpassen',
  addToOrder: 'Zur Bestellung hinzufügen',
  review: 'Meine Bestellung prüfen',
  reviewTitle: 'Bestellung prüfen',
  confirm: 'Bestellung bestätigen',
  confirmed: 'Bestellung bestätigt!',
};

/** Join → menu → Flat White → review → confirm, every step found by its words in `w`. */
async function orderInLanguage(page: Page, code: string, w: Words, shots?: string) {
  await page.goto(`/apps/group-order/join/${code}`);
  await hydrated(page);
  await page.getByLabel(w.name).fill('Camille');
  await page.getByRole('button', { name: w.join, exact: true }).click();
  await page.getByRole('heading', { name: w.menu, exact: true }).waitFor();
  const card = page.locator('.menu-item', { hasText: 'Flat White' }).first();
  // The allergens are on the menu before anything is added.
  expect(await card.getByTestId('fact-tags').textContent()).toContain(w.allergens);
  // 24-hour clock: no am/pm anywhere in the order's facts.
  expect(await page.locator('.order-hero__facts').textContent()).not.toMatch(/\b(am|pm)\b/i);
  if (shots) await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-menu-390.png`) });
  await card.getByRole('button', { name: `${w.add} Flat White`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(w.customise) });
  await dialog.waitFor();
  expect(await dialog.getByTestId('fact-tags').textContent()).toContain(w.allergens);
  if (shots) await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-customise-390.png`) });
  await dialog.getByRole('button', { name: w.addToOrder }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: w.review }).first().click();
  await page.getByRole('heading', { name: w.reviewTitle }).waitFor();
  if (shots)
    await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-review-390.png`), fullPage: true });
  await page.getByRole('button', { name: w.confirm }).click();
  await page.getByRole('heading', { name: w.confirmed }).waitFor();
  if (shots)
    await page.screenshot({ path: path.join(SCREENSHOTS, `${shots}-confirmed-390.png`), fullPage: true });
}

describe('storefront languages (issue 26)', () => {
  it('serves a French browser in French from join to confirmed', async () => {
    const order = await openOrder();
    const { page } = await browser.newUser(PHONE, 'fr-FR');
    await orderInLanguage(page, order.code, FRENCH, 'french');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // Kept as the guest's language: their e-mails are written in it (mail-languages.test.ts).
    expect(await guestLanguage(order.id)).toBe('fr');
    expect(await page.locator('main').textContent()).toContain('Et ensuite ?');
    await page.getByRole('link', { name: 'Trouver', exact: true }).click();
    await page.getByRole('heading', { name: 'Trouver votre commande groupée' }).waitFor();
  });

  it('serves a German browser in German, and lays German out at 390 px without overflow', async () => {
    const order = await openOrder();
    const { page } = await browser.newUser(PHONE, 'de-DE');
    await orderInLanguage(page, order.code, GERMAN, 'german');
    expect(await guestLanguage(order.id)).toBe('de');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('keeps the language a guest picks, across pages that carry no locale', async () => {
    const order = await openOrder();
    const { page } = await browser.newUser(PHONE, 'en-US');
    await page.goto(`/apps/group-order/join/${order.code}`);
    await hydrated(page);
    await page.getByRole('heading', { name: "Who's ordering?" }).waitFor();
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Wer bestellt?' }).waitFor();
    expect(new URL(page.url()).searchParams.get('locale')).toBe('de');
    // A link without the parameter (a shared one): the page comes back in the chosen language.
    await page.goto(`/apps/group-order/find-order`);
    await hydrated(page);
    await page.goto(`/apps/group-order/join/${order.code}`);
    await page.getByRole('heading', { name: 'Wer bestellt?' }).waitFor();
  });

  it('serves a German host in German from create to submitted, without overflow at 390 px', async () => {
    const { page } = await browser.newUser(PHONE, 'de-DE');
    await page.goto('/apps/group-order/host/create');
    await hydrated(page);
    await page.getByText('GRUPPENBESTELLUNG STARTEN').waitFor();
    // The form's own check speaks German too.
    await page.getByRole('button', { name: 'Gruppenbestellung erstellen' }).click();
    await page.getByText('Bitte geben Sie Ihren Namen ein.').first().waitFor();
    await page.getByLabel('Ihr Name').fill('Hanna Gastgeberin');
    await page.getByLabel('Ihre E-Mail').fill(`hanna-${Date.now()}@example.com`);
    await page.getByLabel('Firmenname').fill('Muster GmbH');
    await page.getByLabel(/Name der Gruppe/).fill('Montagsrunde');
    expect(await page.title()).toBe('BESTELLUNG ERSTELLEN · Gruppenbestellung');
    await germanOnly(page, 'german-host-create-390');

    await page.getByRole('button', { name: 'Gruppenbestellung erstellen' }).click();
    await page.waitForURL('**/apps/group-order/host/dashboard/*');
    await page.locator('.toast__title', { hasText: 'Gruppenbestellung erstellt!' }).first().waitFor();
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await addItemAsGuest(page, orderId, 'Gina Gast');
    await page.reload();
    await hydrated(page);
    await page.getByTestId('guest-order').first().waitFor();
    // 24-hour clock: the deadline and pickup carry no am/pm.
    expect(await page.locator('.host-stats').textContent()).not.toMatch(/\b(am|pm)\b/i);
    expect(await page.title()).toBe('Montagsrunde · Gruppenbestellung');
    await germanOnly(page, 'german-host-dashboard-390');

    await page.getByRole('button', { name: 'Gruppenbestellung abschicken' }).click();
    const dialog = page.getByRole('dialog', { name: /2 Artikel von 1 Person an .+ schicken\?/ });
    await dialog.getByRole('button', { name: 'Abschicken', exact: true }).click();
    await page.locator('.toast__title', { hasText: 'Bestellung abgeschickt!' }).first().waitFor();
    await page.getByRole('button', { name: 'Bestellung bearbeiten' }).waitFor();
    await germanOnly(page, 'german-host-submitted-390');
  });
});

describe('refusals and titles in the page language (issue 26)', () => {
  it('tells a German guest their name is taken, and an order that is gone, in German at 390 px', async () => {
    const order = await openOrder();
    const { page } = await browser.newUser(PHONE, 'de-DE');
    await page.goto(`/apps/group-order/join/${order.code}`);
    await hydrated(page);
    // Someone called Gina Gast is already in the order (the spec's client, without this browser's token).
    expect((await addItemAsGuest(page, order.id, 'Gina Gast')).status).toBe(201);
    expect(await page.title()).toBe('Gruppenbestellung');
    await page.getByLabel(GERMAN.name).fill('Gina Gast');
    await page.getByRole('button', { name: GERMAN.join, exact: true }).click();
    await page.getByText(/^Jemand namens Gina Gast ist dieser Bestellung bereits beigetreten/).waitFor();
    await germanOnly(page, 'german-refusal-name-taken-390');

    // The order goes away while the form is open: the join answers with the not-found page, in German.
    await prisma.groupOrder.update({ where: { id: order.id }, data: { code: 'GONE42' } });
    await page.getByLabel(GERMAN.name).fill('Gina G.');
    await page.getByRole('button', { name: GERMAN.join, exact: true }).click();
    await page.getByRole('heading', { name: 'Gruppenbestellung nicht gefunden' }).waitFor();
    await germanOnly(page, 'german-refusal-join-gone-390');
  });

  it('says Find order in French: its title, a code that finds nothing, and the e-mail answer', async () => {
    const { page } = await browser.newUser(PHONE, 'fr-FR');
    await page.goto('/apps/group-order/find-order?code=ZZZZZ9');
    await hydrated(page);
    expect(await page.title()).toBe('Trouver une commande · Commande groupée');
    await page.getByText('Commande introuvable').first().waitFor();
    await page.getByText('Aucune commande ne correspond à ces informations.').first().waitFor();
  });
});

/**
 * The page at 390 px: no horizontal overflow, a full-page screenshot, and none of the host pages' English
 * texts that German says differently (plain ones, without placeholders) left on it.
 */
async function germanOnly(page: Page, shot: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}.png`), fullPage: true });
  const text = await page.locator('body').innerText();
  const german: Record<string, string> = germanHost;
  const english = Object.entries(englishHost as Record<string, string>)
    .filter(([key, words]) => !/[{<]/.test(words) && words !== german[key] && words.length > 4)
    .map(([, words]) => words);
  expect(english.filter((words) => text.includes(words))).toEqual([]);
}
