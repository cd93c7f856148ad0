import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openOrder, SHOP, sqlDate } from './orders';
import {
  closeToasts,
  DESKTOP,
  hydrated,
  offProxyRequests,
  PHONE,
  screenshot,
  SCREENSHOTS,
  urls,
  useBrowser,
} from './support';

// Three guests on three phones join one group order by code, customise, confirm; the host's summary then
// lists all three with the right totals. Everything runs through the simulated app proxy.

const browser = useBrowser();
const db = () => createClient({ url: urls().databaseUrl });

let orderId: number;
let code: string;

/** An open order written straight to the database: its deadline `minutesToDeadline` away, pickup 20 later. */
const createOrder = (name: string | null, minutesToDeadline = 45, timeZone = 'Australia/Sydney') =>
  openOrder({
    name,
    deadlineIn: minutesToDeadline,
    pickupIn: minutesToDeadline + 20,
    timeZone,
    paymentMethod: 'on-account',
  });

beforeAll(async () => {
  ({ id: orderId, code } = await createOrder('Friday Coffee Run'));
});

afterAll(async () => {
  db().close();
});

/** Screens without the transient toast over them, from the top. */
async function shot(page: Page, name: string) {
  await closeToasts(page, { untilGone: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function join(page: Page, name: string, initials: string, email?: string) {
  // Codes match case-insensitively.
  await page.goto(
    `/apps/group-order/join/${code.toLowerCase()}${email ? `?email=${encodeURIComponent(email)}` : ''}`,
  );
  await hydrated(page);
  const joinButton = page.getByRole('button', { name: 'Join', exact: true });
  expect(await joinButton.isDisabled()).toBe(true);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel(/Initials/).pressSequentially(initials.toLowerCase());
  expect(await page.getByLabel(/Initials/).inputValue()).toBe(initials.toUpperCase().slice(0, 3));
  if (email) expect(await page.getByLabel(/Email/).inputValue()).toBe(email);
  await joinButton.click();
  await page.waitForURL(`**/apps/group-order/order/${orderId}?**`);
  await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();
}

async function customise(page: Page, item: string, options: string[], quantity = 1) {
  await page.getByRole('button', { name: `Add ${item}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Customize ${item}` });
  await dialog.waitFor();
  for (const option of options)
    await dialog.getByRole('button', { name: new RegExp(`^${option}\\b`) }).click();
  for (let i = 1; i < quantity; i += 1)
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  return dialog;
}

async function addItem(page: Page, item: string, options: string[], quantity = 1) {
  const dialog = await customise(page, item, options, quantity);
  await dialog.getByRole('button', { name: 'Add to Order' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`${quantity}x ${item} has been added to your order.`, { exact: true }).waitFor();
}

async function confirm(page: Page, guest: string, itemCount: number, note?: string) {
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.waitForURL(`**/apps/group-order/review/${orderId}/${encodeURIComponent(guest)}**`);
  await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
  await page.getByText('Double-check your items before confirming').waitFor();
  await page.getByText(`${itemCount} ${itemCount === 1 ? 'item' : 'items'} in your order`).waitFor();
  if (note) await page.getByPlaceholder('No onions, extra sauce, etc...').fill(note);
  return async () => {
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    await page.waitForURL(`**/apps/group-order/confirmed/${orderId}/**`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
  };
}

describe('guest journey through the app proxy', () => {
  it('three guests join by code, customise, confirm, and the host summary adds up', async () => {
    const alex = await browser.newUser(PHONE);
    const priya = await browser.newUser(PHONE);
    const sam = await browser.newUser(PHONE);
    const consoleErrors: string[] = [];
    for (const guest of [alex, priya, sam]) {
      guest.page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
    }

    // Alex: a customised latte x2 (size, milk, an alteration) and banana bread; reloads mid-cart.
    await join(alex.page, 'Alex', 'ab', 'alex@example.com');
    await shot(alex.page, 'guest-menu-390');
    await alex.page.getByText('No saved items yet').waitFor();
    const dialog = await customise(alex.page, 'Latte', ['Large', 'Oat', 'Extra Shot'], 2);
    for (const heading of ['SIZE', 'MILK TYPE', 'BLEND', 'SUGAR', 'SWEETENERS', 'ALTERATIONS']) {
      await dialog.getByText(heading, { exact: true }).waitFor();
    }
    await dialog.getByText('(White Coffee only – Choose 1)').waitFor();
    await dialog.getByText('$15.20').waitFor(); // (5.20 + 1.00 + 0.80 + 0.60) x 2, before adding
    // The dialog is a bottom sheet fixed to the viewport: a full-page capture would stretch it.
    await alex.page.screenshot({ path: path.join(SCREENSHOTS, 'guest-customise-390.png') });
    await dialog.getByRole('button', { name: 'Add to Order' }).click();
    await alex.page.getByText('Added to order', { exact: true }).waitFor();
    await alex.page.getByText('2x Latte has been added to your order.', { exact: true }).waitFor();
    await addItem(alex.page, 'Banana Bread', []);
    await alex.page.reload();
    await alex.page.getByRole('button', { name: 'Remove 2x Latte' }).waitFor();
    await alex.page.getByRole('button', { name: 'Remove 1x Banana Bread' }).waitFor();
    // Deep in the menu on a phone, the cart bar leads back to the order card.
    await alex.page
      .getByRole('button', { name: 'Add Almond Croissant', exact: true })
      .scrollIntoViewIfNeeded();
    await alex.page.screenshot({ path: path.join(SCREENSHOTS, 'guest-menu-cart-bar-390.png') });
    await alex.page.getByRole('button', { name: /View current order/ }).click();
    await expect
      .poll(() => alex.page.evaluate(() => document.activeElement?.textContent))
      .toBe('Current Order');
    await alex.page.getByRole('button', { name: 'Save as My Usual' }).click();
    await alex.page.getByText('Usual order saved', { exact: true }).waitFor();
    await alex.page.getByText('3 items saved').waitFor();
    const confirmAlex = await confirm(alex.page, 'Alex', 3, 'Extra hot please');
    await shot(alex.page, 'guest-review-390');
    await confirmAlex();
    await alex.page.getByText('2x Latte').waitFor();
    await alex.page.getByText('On Account (Billed Monthly)').waitFor();
    await alex.page.getByText('Extra hot please').waitFor();
    await alex.page.getByRole('heading', { name: "What's Next?" }).waitFor();
    await alex.page.getByText('$21.70').first().waitFor();
    await shot(alex.page, 'guest-confirmed-390');

    // Priya: a black coffee shows no milk group; flat white with regular size, skim milk, extra hot.
    await join(priya.page, 'Priya', 'pk');
    const longBlack = await customise(priya.page, 'Long Black', []);
    expect(await longBlack.getByText('MILK TYPE', { exact: true }).count()).toBe(0);
    expect(await longBlack.getByText('SWEETENERS', { exact: true }).count()).toBe(0);
    await longBlack.getByRole('button', { name: 'Add to Order' }).click();
    await addItem(priya.page, 'Flat White', ['Regular', 'Skim', 'Extra Hot']);
    // The same item with the same modifiers merges into one line.
    await addItem(priya.page, 'Long Black', []);
    await priya.page.getByRole('button', { name: 'Remove 2x Long Black' }).waitFor();
    await (
      await confirm(priya.page, 'Priya', 3)
    )();

    // Sam: tries to review an empty order first, then a cappuccino.
    await join(sam.page, 'Sam', 'sj');
    await sam.page.getByRole('button', { name: 'Review My Order' }).click();
    await sam.page.getByText('Please add some items to your order first.', { exact: true }).waitFor();
    await sam.page.getByRole('button', { name: 'Food', exact: true }).click();
    expect(await sam.page.getByRole('button', { name: 'Add Latte', exact: true }).count()).toBe(0);
    await sam.page.getByRole('button', { name: 'All Items', exact: true }).click();
    // Keyboard: Escape closes the dialog and focus returns to the Add button that opened it.
    await sam.page.getByRole('button', { name: 'Add Mocha', exact: true }).focus();
    await sam.page.keyboard.press('Enter');
    await sam.page.getByRole('dialog', { name: 'Customize Mocha' }).waitFor();
    await sam.page.keyboard.press('Escape');
    await sam.page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => sam.page.evaluate(() => document.activeElement?.textContent)).toBe('Add Mocha');
    await addItem(sam.page, 'Cappuccino', ['Large', 'Almond', 'No Froth']);
    await (
      await confirm(sam.page, 'Sam', 1)
    )();

    // The host's summary, read through the proxy like the dashboard does.
    const response = await alex.page.request.get(`/apps/group-order/api/group-orders/${orderId}/summary`);
    expect(response.status()).toBe(200);
    const guests = (await response.json()) as { guestName: string; items: { totalPrice: string }[] }[];
    const totals = Object.fromEntries(
      guests.map((g) => [
        g.guestName,
        g.items.reduce((sum, item) => sum + Number(item.totalPrice), 0).toFixed(2),
      ]),
    );
    // Alex 7.60x2 + 6.50; Priya 4.60x2 + 5.70; Sam 5.20 + 1.00 + 0.80
    expect(totals).toEqual({ Alex: '21.70', Priya: '14.90', Sam: '7.00' });
    const row = (
      await db().execute({
        sql: 'SELECT participantCount, totalItems, totalCents FROM GroupOrder WHERE id = ?',
        args: [orderId],
      })
    ).rows[0];
    expect({ ...row }).toEqual({ participantCount: 3, totalItems: 7, totalCents: 4360 });

    // Joining again with a confirmed name goes to the confirmation.
    await alex.page.goto(`/apps/group-order/join/${code}`);
    await alex.page.waitForFunction(() => Boolean(window.__remixRouter));
    await alex.page.getByLabel('Your name').fill('alex');
    await alex.page.getByRole('button', { name: 'Join', exact: true }).click();
    await alex.page.waitForURL(`**/apps/group-order/confirmed/${orderId}/Alex**`);
    await alex.page.getByText('2x Latte').waitFor();

    expect(consoleErrors).toEqual([]);
    for (const guest of [alex, priya, sam]) {
      expect(offProxyRequests(guest.requests)).toEqual([]);
      await guest.context.close();
    }
  });

  it('loads a usual order into a new cart, on a new phone once the e-mailed link proved the address', async () => {
    const { page, context, requests } = await browser.newUser(PHONE);
    await join(page, 'Alex Again', 'aa', 'alex@example.com');
    // The address alone does not load Alex's usual order on this phone (issue 24): it asks for the link.
    await page.getByText('Saved on another device? We e-mail you a link to load it here.').waitFor();
    expect(await page.getByRole('button', { name: 'Load My Usual' }).count()).toBe(0);
    await shot(page, 'guest-menu-usual-proof-390');
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await page.getByText('If Alex Again ordered with that e-mail address, we have sent a link').waitFor();
    const inbox = await browser.newUser(PHONE);
    let link: string | undefined;
    for (let attempt = 0; attempt < 40 && !link; attempt += 1) {
      await inbox.page.goto('/mailbox');
      const row = inbox.page
        .locator('tbody tr')
        .filter({ hasText: 'alex@example.com' })
        .filter({ hasText: /Open your order in/ });
      if (await row.count()) {
        await row.first().getByRole('link').click();
        const text = (await inbox.page.getByTestId('mail-text').textContent()) ?? '';
        link = /https?:\/\/\S+\/guest\/link\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      } else await inbox.page.waitForTimeout(250);
    }
    await inbox.context.close();
    await page.goto(link!);
    await hydrated(page);
    await page.getByRole('button', { name: 'Open my order here' }).click();
    // No items yet in this order: back to the menu, where the usual order now loads.
    await page.waitForURL(`**/apps/group-order/order/${orderId}?guest=Alex+Again**`);
    await page.getByText('3 items saved').waitFor();
    await page.getByRole('button', { name: 'Load My Usual' }).click();
    await page.getByText('3 items added to your order.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove 2x Latte' }).waitFor();
    expect(offProxyRequests(requests)).toEqual([]);
    await context.close();
  });

  it('shows join, menu, dialog, review and confirmed on a wide screen', async () => {
    const { page, context } = await browser.newUser(DESKTOP);
    await page.goto(`/apps/group-order/join/${code}`);
    await shot(page, 'guest-join-1280');
    await page.goto(`/apps/group-order/order/${orderId}?guest=Wide&email=wide%40example.com&initials=wd`);
    await page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();
    await shot(page, 'guest-menu-1280');
    await hydrated(page);
    // On a wide screen the dialog is a centred card.
    await customise(page, 'Flat White', ['Large']);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'guest-customise-1280.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Add to Order' }).click();
    await page.getByText('1x Flat White has been added to your order.', { exact: true }).waitFor();
    await confirm(page, 'Wide', 1);
    await shot(page, 'guest-review-1280');
    // Back from Review returns to the menu as the same guest, initials included.
    const back = new URL(
      (await page.getByRole('link', { name: 'Back to Menu', exact: true }).getAttribute('href'))!,
      'http://x',
    );
    expect(back.pathname).toBe(`/apps/group-order/order/${orderId}`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ guest: 'Wide', initials: 'WD' });
    // While the confirm is on its way the button reads 'Confirming...' and a second click does nothing (the
    // API client adds the page's language to the URL: ?locale=en).
    let posts = 0;
    await page.route(/\/apps\/group-order\/api\/order-items(\?|$)/, async (route) => {
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    const pending = page.getByRole('button', { name: 'Confirming...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await pending.click({ force: true });
    await page.waitForURL(`**/apps/group-order/confirmed/${orderId}/**`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(posts).toBe(1);
    await page.getByText('1x Flat White').waitFor();
    await shot(page, 'guest-confirmed-1280');
    // The draft is gone once confirmed: adding more starts from an empty current order.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('group-order:cart:'))),
    ).toEqual([]);
    await page.getByRole('link', { name: 'Add more items' }).click();
    // Empty either way: "Nothing here yet" until the guest's confirmed items load, then "Nothing new yet"
    // (which one the test sees first is a race with that request).
    await page.getByText(/Nothing (here|new) yet/).waitFor();
    await context.close();
  });

  it('refuses items after the deadline and says why in plain words', async () => {
    const late = await createOrder(null, 10);
    const { page, context } = await browser.newUser(PHONE);
    await page.goto(`/apps/group-order/join/${late.code}`);
    await shot(page, 'guest-join-390');
    await page.goto(`/apps/group-order/order/${late.id}?guest=Lou`);
    // No name: the one title rule (orderTitle) everywhere, "<company> Order".
    await page.getByText('Acme Pty Ltd Order', { exact: true }).waitFor();
    await hydrated(page);
    await addItem(page, 'Espresso', []);
    // The review page asks for the order's live state once as it opens (then every 15 s): the deadline
    // moves after that answer, so it is the server's refusal that tells the guest, not the page's poll.
    const heard = page.waitForResponse(
      (response) =>
        /\/api\/group-orders\/\d+\/status/.test(response.url()) && page.url().includes('/review/'),
    );
    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.getByRole('button', { name: 'Confirm My Order' }).waitFor();
    await heard;
    await db().execute({
      sql: 'UPDATE GroupOrder SET deadlineAt = ? WHERE id = ?',
      args: [sqlDate(new Date(Date.now() - 60_000)), late.id],
    });
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    // The server's reason, not a retry that can never work.
    await page.locator('.toast__description', { hasText: /^Ordering closed at / }).waitFor();
    await page
      .getByText(/The ordering deadline for this group order has passed/)
      .first()
      .waitFor();
    await shot(page, 'guest-review-closed-390');
    await page.getByRole('link', { name: 'Back to Menu', exact: true }).click();
    await page.getByText('Ordering is closed.').waitFor();
    expect(await page.getByRole('button', { name: 'Add Espresso', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'guest-menu-closed-390');
    await context.close();
  });

  it('says in plain words when a group order is full', async () => {
    const full = await createOrder('All-hands lunch');
    const espresso = await db().execute({
      sql: "SELECT id, priceCents FROM MenuItem WHERE shop = ? AND name = 'Espresso'",
      args: [SHOP],
    });
    const { id: menuItemId, priceCents } = espresso.rows[0] as unknown as { id: number; priceCents: number };
    // 250 lines from 125 colleagues: the most one order can send to Shopify.
    await db().batch(
      Array.from({ length: 250 }, (_, i) => ({
        sql: `INSERT INTO OrderItem (shop, groupOrderId, guestName, menuItemId, menuItemName, quantity,
                unitPriceCents, totalCents, confirmationKey, line, createdAt)
              VALUES (?, ?, ?, ?, 'Espresso', 1, ?, ?, ?, ?, ?)`,
        args: [
          SHOP,
          full.id,
          `Colleague ${i >> 1}`,
          menuItemId,
          priceCents,
          priceCents,
          `fill-${i >> 1}`,
          i & 1,
          sqlDate(new Date()),
        ],
      })),
    );
    const { page, context } = await browser.newUser(PHONE);
    await page.goto(`/apps/group-order/order/${full.id}?guest=Lou`);
    await hydrated(page);
    await addItem(page, 'Espresso', []);
    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.getByRole('button', { name: 'Confirm My Order' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^This group order is full: it already holds 250 items/ })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Confirm My Order' }).isDisabled()).toBe(true);
    await shot(page, 'guest-review-full-390');
    await context.close();
  });

  it('keeps the customise dialog usable by keyboard and screen reader', async () => {
    const { page, context } = await browser.newUser(PHONE);
    await page.goto(`/apps/group-order/order/${orderId}?guest=Kim`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add Latte', exact: true }).focus();
    await page.keyboard.press('Enter');
    // Named by its title and described by the item's description.
    const dialog = page.getByRole('dialog', { name: 'Customize Latte' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
    await page.locator('.customise__desc', { hasText: 'Espresso with steamed milk' }).waitFor();
    // Every control inside has a name a screen reader can read out.
    const unnamed = await dialog.evaluate((root) =>
      [...root.querySelectorAll('button, input, output, [role="group"]')]
        .filter((el) => !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')))
        // A field named by its own <label> (the item's note) is named too.
        .filter((el) => !(el instanceof HTMLInputElement && el.labels?.length))
        .filter((el) => !(el.textContent ?? '').trim())
        .map((el) => el.outerHTML),
    );
    expect(unnamed).toEqual([]);
    // Focus trap: Tab and Shift+Tab cycle inside the dialog and never reach the page behind it.
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    const stops = await dialog.locator('button:not([disabled])').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog()).toBe(true);
    }
    // Options are toggle buttons: Space selects, and a one-choice group replaces its choice (the
    // default Small gives way to Regular).
    const small = dialog.getByRole('button', { name: /^Small\b/ });
    const regular = dialog.getByRole('button', { name: /^Regular\b/ });
    expect(await small.getAttribute('aria-pressed')).toBe('true');
    await regular.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => regular.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => small.getAttribute('aria-pressed')).toBe('false');
    // Alterations allow up to 4: at the limit the fifth reads as unavailable and does nothing.
    const alterations = ['Extra Shot', 'Half Strength', 'Extra Hot', 'Extra Froth'];
    for (const name of alterations)
      await dialog.getByRole('button', { name: new RegExp(`^${name}\\b`) }).click();
    const noFroth = dialog.getByRole('button', { name: 'No Froth' });
    await expect.poll(() => noFroth.getAttribute('aria-disabled')).toBe('true');
    await noFroth.click({ force: true }); // Playwright itself treats aria-disabled as not clickable
    expect(await noFroth.getAttribute('aria-pressed')).toBe('false');
    await dialog.getByRole('button', { name: 'Half Strength' }).click();
    await expect.poll(() => noFroth.getAttribute('aria-disabled')).toBe(null);
    await noFroth.click();
    await expect.poll(() => noFroth.getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'guest-customise-limit-390.png') });
    // The quantity stepper cannot go below 1.
    expect(await dialog.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Increase quantity' }).press('Enter');
    await dialog.getByLabel('Quantity 2').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Opening again starts from the defaults and quantity 1.
    await page.getByRole('button', { name: 'Add Latte', exact: true }).press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel('Quantity 1').waitFor();
    expect(await small.getAttribute('aria-pressed')).toBe('true');
    expect(await regular.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows toasts as the spec sets them: one at a time, F8, swipe right, gone after 5 seconds', async () => {
    const { page, context } = await browser.newUser(PHONE);
    await page.goto(`/apps/group-order/order/${orderId}?guest=Toni`);
    await hydrated(page);
    const toasts = page.locator('.toast');

    // A second toast replaces the first.
    await addItem(page, 'Espresso', []);
    await addItem(page, 'Earl Grey', []);
    expect(await toasts.count()).toBe(1);
    await toasts.getByText('1x Earl Grey has been added to your order.').waitFor();

    // F8 moves focus to the notifications; the toast can be dismissed from there.
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')),
      )
      .toMatch(/F8/);
    await page.getByRole('button', { name: 'Dismiss' }).press('Enter');
    await toasts.waitFor({ state: 'detached' });

    // A swipe to the right past the threshold dismisses it.
    await addItem(page, 'Espresso', []);
    const box = (await toasts.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await toasts.waitFor({ state: 'detached', timeout: 2_000 });

    // Left alone, a toast closes itself after 5000 ms.
    await page.mouse.move(5, 5);
    await addItem(page, 'Espresso', []);
    const shownAt = Date.now();
    await toasts.waitFor({ state: 'detached', timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    await context.close();
  });

  it('shows the menu error states (not found, load failure, no menu), a failed usual-order save and loading', async () => {
    const { page, context } = await browser.newUser(PHONE);

    // Join: 'View Group Orders' leads to the host dashboard of this order.
    await page.goto(`/apps/group-order/join/${code}`);
    expect(await page.getByRole('link', { name: 'View Group Orders' }).getAttribute('href')).toBe(
      `/apps/group-order/host/dashboard/${orderId}`,
    );

    // An order that does not exist.
    const missing = await page.goto('/apps/group-order/order/1999999999?guest=Lou');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Group order not found' }).waitFor();
    // Every state keeps one page heading for screen-reader navigation.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    // An order the server cannot load: 'Error loading group order' plus "<status>: <message>".
    const broken = await createOrder('Broken', 45, 'Not/A_Zone');
    try {
      const failed = await page.goto(`/apps/group-order/order/${broken.id}?guest=Lou`);
      expect(failed?.status()).toBe(500);
      await page.getByRole('heading', { name: 'Error loading group order' }).waitFor();
      await page
        .getByText('500: We could not load this group order right now. Please try again in a moment.', {
          exact: true,
        })
        .waitFor();
      await page.getByRole('link', { name: 'Try again' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await shot(page, 'guest-menu-error-390');
    } finally {
      await db().execute({ sql: 'DELETE FROM GroupOrder WHERE id = ?', args: [broken.id] });
    }

    // A shop with no active menu items.
    const active = (
      await db().execute({ sql: 'SELECT id FROM MenuItem WHERE shop = ? AND active = 1', args: [SHOP] })
    ).rows.map((row) => Number(row.id));
    await db().execute({ sql: 'UPDATE MenuItem SET active = 0 WHERE shop = ?', args: [SHOP] });
    try {
      await page.goto(`/apps/group-order/order/${orderId}?guest=Lou`);
      await page.getByRole('heading', { name: 'Menu not available' }).waitFor();
      await shot(page, 'guest-menu-unavailable-390');
    } finally {
      await db().execute({
        sql: `UPDATE MenuItem SET active = 1 WHERE id IN (${active.map(() => '?').join(',')})`,
        args: active,
      });
    }

    // Saving the usual order fails on the server: the spec's error toast, and the cart stays.
    await page.goto(`/apps/group-order/order/${orderId}?guest=Lou&email=lou%40example.com`);
    await hydrated(page);
    // Nothing to save yet: the spec's validation toast, and no call to the server.
    await page.getByRole('button', { name: 'Save as My Usual' }).click();
    await page.getByText('Cannot save', { exact: true }).waitFor();
    await page
      .getByText('Please add items to your order and ensure your email is provided.', { exact: true })
      .waitFor();
    await addItem(page, 'Espresso', []);
    await page.route('**/apps/group-order/api/usual-order**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save as My Usual' }).click();
    await page.getByText('Error', { exact: true }).waitFor();
    await page.getByText('Failed to save usual order. Please try again.', { exact: true }).waitFor();
    await page.getByText('No saved items yet').waitFor();
    await page.getByRole('button', { name: 'Remove 1x Espresso' }).waitFor();

    // A slow next page: a loading spinner shows over the menu until the review arrives.
    await page.route('**/apps/group-order/review/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Review My Order' }).click();
    await page.locator('.guest-loading').getByRole('status').waitFor();
    await page.waitForTimeout(400); // past the fade-in
    await page.screenshot({ path: path.join(SCREENSHOTS, 'guest-menu-loading-390.png') });
    await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    expect(await page.locator('.guest-loading').count()).toBe(0);
    await page.unroute('**/apps/group-order/review/**');

    // The draft outlives a menu change: an item taken off the menu leaves the cart with a notice.
    await db().execute({
      sql: "UPDATE MenuItem SET active = 0 WHERE shop = ? AND name = 'Espresso'",
      args: [SHOP],
    });
    try {
      await page.reload();
      await page
        .getByText('Espresso is no longer available as you chose it, so we took it out of your order.')
        .waitFor();
      await page.getByRole('heading', { name: 'Your order is empty' }).waitFor();
      expect(await page.getByRole('button', { name: 'Confirm My Order' }).isDisabled()).toBe(true);
      await shot(page, 'guest-review-item-removed-390');
    } finally {
      await db().execute({
        sql: "UPDATE MenuItem SET active = 1 WHERE shop = ? AND name = 'Espresso'",
        args: [SHOP],
      });
    }
    await context.close();
  });

  it('shows the spec messages for an unknown code', async () => {
    const { page, context } = await browser.newUser(PHONE);
    const response = await page.goto('/apps/group-order/join/ZZZZZZ');
    expect(response?.status()).toBe(404);
    await page.getByText('Group order not found').waitFor();
    await page.getByText('Please check the code and try again.').waitFor();
    await shot(page, 'guest-join-not-found-390');
    await context.close();
  });
});
