import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openOrder, SHOP, sqlDate } from './orders';
import {
  addItem,
  asHost,
  closeToasts,
  hydrated,
  join,
  offProxyRequests,
  PHONE,
  screenshot,
  urls,
  useBrowser,
} from './support';

// Issue 11, the guest journeys real people trip over: two people called Bob, changing a confirmed order
// (and "Add more items" merging into "2x"), the host removing an item, and one special-instructions note
// per guest that survives a reload of the review page.

const browser = useBrowser();
const db = createClient({ url: urls().databaseUrl });

afterAll(() => db.close());

async function review(page: Page) {
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
}

async function confirmOrder(page: Page) {
  await page.getByRole('button', { name: 'Confirm My Order' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
}

async function guestCards(page: Page) {
  return page.getByTestId('guest-order').allTextContents();
}

describe('guests are people, not names', () => {
  it('a second Bob on another phone is asked to tell himself apart, and the dashboard lists two people', async () => {
    const { id, code } = await openOrder();
    const bob = await browser.newUser(PHONE);
    const other = await browser.newUser(PHONE);

    await join(bob.page, code, 'Bob');
    await bob.page.waitForURL(`**/apps/group-order/order/${id}?**`);
    await addItem(bob.page, 'Flat White');
    await review(bob.page);
    await bob.page.getByPlaceholder('No onions, extra sauce, etc...').fill('No sugar for Bob');
    await confirmOrder(bob.page);

    // Another person types "  bob  ": he stays on the join screen with a clear request.
    await join(other.page, code, '  bob  ');
    await other.page
      .getByRole('alert')
      .filter({ hasText: 'Someone called Bob has already joined' })
      .waitFor();
    expect(other.page.url()).toContain(`/apps/group-order/join/${code}`);
    await closeToasts(other.page, { untilGone: true }).catch(() => {});
    await screenshot(other.page, 'journeys-join-name-taken-390');
    // Nor does the first Bob's confirmation page show his items to this phone.
    await other.page.goto(`/apps/group-order/confirmed/${id}/Bob`);
    await other.page.getByText('These items belong to someone else').waitFor();
    expect(await other.page.getByText('No sugar for Bob').count()).toBe(0);
    expect(await other.page.getByText('1x Flat White').count()).toBe(0);

    await join(other.page, code, 'Bob K.');
    await other.page.waitForURL(`**/apps/group-order/order/${id}?guest=Bob+K.**`);
    await addItem(other.page, 'Latte');
    await review(other.page);
    await confirmOrder(other.page);
    await other.page.getByText('1x Latte').waitFor();

    // The same Bob, on his own phone, joining again lands on his own confirmation.
    await join(bob.page, code, 'bob');
    await bob.page.waitForURL(`**/apps/group-order/confirmed/${id}/Bob**`);
    await bob.page.getByText('1x Flat White').waitFor();
    await bob.page.getByText('No sugar for Bob').waitFor();

    await bob.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await bob.page.getByTestId('guest-order').nth(1).waitFor();
    const cards = await guestCards(bob.page);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('Bob');
    expect(cards[0]).toContain('Flat White');
    expect(cards[1]).toContain('Bob K.');
    expect(cards[1]).toContain('Latte');
    expect(await bob.page.getByTestId('participants').textContent()).toBe('2');

    for (const user of [bob, other]) {
      expect(offProxyRequests(user.requests)).toEqual([]);
      await user.context.close();
    }
  });
});

describe('changing a confirmed order', () => {
  it('"Add more items" merges into 2x, quantities and items change from the confirmed screen, the host removes one', async () => {
    const { id, code, hostToken } = await openOrder();
    const guest = await browser.newUser(PHONE);
    await join(guest.page, code, 'Cleo');
    await guest.page.waitForURL(`**/apps/group-order/order/${id}?**`);
    await addItem(guest.page, 'Flat White');
    await review(guest.page);
    // One item reads "1 item".
    await guest.page.getByText('1 item in your order', { exact: true }).waitFor();
    await confirmOrder(guest.page);
    await guest.page.getByText('1x Flat White').waitFor();

    // Add more items: the same Flat White again, and a croissant.
    await guest.page.getByRole('link', { name: 'Add more items' }).click();
    await guest.page.getByRole('heading', { name: 'Menu', exact: true }).waitFor();
    await addItem(guest.page, 'Flat White');
    await addItem(guest.page, 'Almond Croissant');
    await review(guest.page);
    await guest.page.getByText('2 items in your order', { exact: true }).waitFor();
    await confirmOrder(guest.page);
    await guest.page.getByText('2x Flat White').waitFor();
    expect(await guest.page.getByText('1x Flat White').count()).toBe(0);
    await guest.page.getByText('1x Almond Croissant').waitFor();

    // Change quantities and remove an item, then add a note, from the confirmed screen.
    await guest.page.getByRole('button', { name: 'Increase Flat White' }).click();
    await guest.page.getByText('3x Flat White').waitFor();
    await guest.page.getByRole('button', { name: 'Remove 1x Almond Croissant' }).click();
    await guest.page.getByText('1x Almond Croissant').waitFor({ state: 'detached' });
    await guest.page.getByRole('button', { name: 'Add special instructions' }).click();
    await guest.page.getByLabel('Special instructions').fill('Oat milk in all three');
    await guest.page.getByRole('button', { name: 'Save note' }).click();
    await guest.page.getByTestId('guest-note').filter({ hasText: 'Oat milk in all three' }).waitFor();
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'journeys-confirmed-edit-390');
    await guest.page.reload();
    await guest.page.getByText('3x Flat White').waitFor();
    await guest.page.getByTestId('guest-note').filter({ hasText: 'Oat milk in all three' }).waitFor();

    const row = (await db.execute({ sql: 'SELECT totalItems FROM GroupOrder WHERE id = ?', args: [id] }))
      .rows[0];
    expect(row.totalItems).toBe(3);

    // The host (this browser holds the host token) removes the guest's Flat White from the dashboard.
    const host = await browser.newUser(PHONE);
    await asHost(host.page, id, hostToken);
    await host.page.getByRole('button', { name: 'Remove 3x Flat White from Cleo' }).waitFor();
    await screenshot(host.page, 'journeys-host-remove-390');
    await host.page.getByRole('button', { name: 'Remove 3x Flat White from Cleo' }).click();
    // The app's own dialog asks (issue 27), not the browser's confirm box.
    await host.page
      .getByRole('dialog', { name: "Remove 3x Flat White from Cleo's order?" })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await host.page.locator('.toast__title', { hasText: 'Item removed' }).waitFor();
    await host.page.getByText('No orders yet').waitFor();
    const after = (await db.execute({ sql: 'SELECT totalItems FROM GroupOrder WHERE id = ?', args: [id] }))
      .rows[0];
    expect(after.totalItems).toBe(0);

    // A guest without the host token sees no Remove buttons on the dashboard.
    await guest.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await hydrated(guest.page);
    expect(await guest.page.getByRole('button', { name: /^Remove / }).count()).toBe(0);

    for (const user of [guest, host]) {
      expect(offProxyRequests(user.requests)).toEqual([]);
      await user.context.close();
    }
  });
});

describe('the per-guest limits on the confirmed screen', () => {
  it('refuses raising a quantity past 60 items with a sentence, and keeps the order as it was', async () => {
    const { id, code } = await openOrder();
    const guest = await browser.newUser(PHONE);
    await join(guest.page, code, 'Dora');
    await guest.page.waitForURL(`**/apps/group-order/order/${id}?**`);
    await addItem(guest.page, 'Flat White');
    await review(guest.page);
    await confirmOrder(guest.page);
    await guest.page.getByText('1x Flat White').waitFor();
    // Dora's other lines, as earlier confirms would have left them: 1 + 20 + 20 + 19 = 60 items.
    const [{ guestId, menuItemId, unitPriceCents }] = (
      await db.execute({
        sql: 'SELECT guestId, menuItemId, unitPriceCents FROM OrderItem WHERE groupOrderId = ?',
        args: [id],
      })
    ).rows as unknown as { guestId: number; menuItemId: number; unitPriceCents: number }[];
    await db.batch(
      [20, 20, 19].map((quantity, line) => ({
        sql: `INSERT INTO OrderItem (shop, groupOrderId, guestId, guestName, menuItemId, menuItemName, quantity,
                unitPriceCents, totalCents, confirmationKey, line, createdAt)
              VALUES (?, ?, ?, 'Dora', ?, 'Flat White', ?, ?, ?, 'earlier', ?, ?)`,
        args: [
          SHOP,
          id,
          guestId,
          menuItemId,
          quantity,
          unitPriceCents,
          quantity * unitPriceCents,
          line,
          sqlDate(new Date()),
        ],
      })),
    );
    await guest.page.reload();
    await hydrated(guest.page);
    await guest.page.getByText('19x Flat White').waitFor();
    await guest.page.getByRole('button', { name: 'Increase Flat White' }).first().click();
    // The toast's own text (its screen-reader announcement repeats it).
    await guest.page
      .locator('.toast__description', {
        hasText:
          'You can order at most 60 items in one group order. For more, ask the host about a catering order.',
      })
      .waitFor();
    await screenshot(guest.page, 'limits-confirmed-units-390');
    await guest.page.getByText('1x Flat White').waitFor();
    const units = await db.execute({
      sql: 'SELECT SUM(quantity) AS units FROM OrderItem WHERE groupOrderId = ?',
      args: [id],
    });
    expect(Number(units.rows[0].units)).toBe(60);
    await guest.context.close();
  });
});

describe('special instructions', () => {
  it('survive a reload of the review page, and show once per guest on the dashboard', async () => {
    const { id, code } = await openOrder();
    const guest = await browser.newUser(PHONE);
    await join(guest.page, code, 'Dana');
    await guest.page.waitForURL(`**/apps/group-order/order/${id}?**`);
    await addItem(guest.page, 'Flat White');
    await addItem(guest.page, 'Almond Croissant');
    await review(guest.page);
    const note = guest.page.getByPlaceholder('No onions, extra sauce, etc...');
    await note.fill('Please cut the croissant in half');
    await guest.page.reload();
    await hydrated(guest.page);
    await expect.poll(() => note.inputValue()).toBe('Please cut the croissant in half');
    await confirmOrder(guest.page);

    await guest.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await guest.page.getByTestId('guest-order').waitFor();
    expect(await guest.page.getByText('Please cut the croissant in half').count()).toBe(1);
    await screenshot(guest.page, 'journeys-dashboard-note-once-390');

    // Adding more later starts the review from the guest's note, so it is neither lost nor doubled.
    await guest.page.goto(`/apps/group-order/order/${id}?guest=Dana`);
    await addItem(guest.page, 'Latte');
    await review(guest.page);
    await expect.poll(() => note.inputValue()).toBe('Please cut the croissant in half');
    await confirmOrder(guest.page);
    await guest.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await guest.page.getByTestId('guest-order').filter({ hasText: 'Latte' }).waitFor();
    expect(await guest.page.getByText('Please cut the croissant in half').count()).toBe(1);
    await guest.context.close();
  });
});
