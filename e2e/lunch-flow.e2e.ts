import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openOrder } from './orders';
import {
  addItem,
  asHost,
  closeToasts,
  DESKTOP,
  hydrated,
  join,
  mailRows,
  openAdmin,
  PHONE,
  screenshot,
  urls,
  useBrowser,
} from './support';

// Issue 27 items 1, 2, 6 and 7, as a real lunch run trips over them: the ready e-mail reaching people who
// ordered nothing, carts that vanish when the host submits, the back button and "Add more items" that look
// like the order is gone, and pages that keep saying "Order Confirmed!" whatever happened since.

const browser = useBrowser();
const db = createClient({ url: urls().databaseUrl });
const run = Date.now().toString(36);
/** The open pages hear about changes by polling every 15 s while visible. */
const LIVE = { timeout: 35_000 };

afterAll(() => db.close());

/** A fresh open order with a host token this test knows, written straight to the database. */
const createOrder = (name: string) => openOrder({ name, hostEmail: `hannah-${run}@lunch.example` });

/** Joins, then waits for the hydrated menu. */
async function joinMenu(page: Page, code: string, name: string, email?: string) {
  await join(page, code, name, email);
  await page.waitForURL('**/apps/group-order/order/**');
  await hydrated(page);
}

async function reviewAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
  await page.getByRole('button', { name: 'Confirm My Order' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
  await hydrated(page);
}

/** The host's phone: this browser holds the order's host token. */
async function hostPhone(id: number, hostToken: string) {
  const host = await browser.newUser(PHONE);
  // A browser confirm() box would be a step back: the host's questions are the app's own dialogs.
  host.page.on('dialog', (dialog) => {
    throw new Error(`Unexpected browser dialog: ${dialog.message()}`);
  });
  await asHost(host.page, id, hostToken);
  return host;
}

/** The merchant moves the order one kitchen step from the admin's order details. */
async function kitchenStep(page: Page, code: string, step: string) {
  const modal = page.getByRole('dialog');
  if (!(await modal.count())) {
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByRole('button', { name: `View details of ${code}` }).click();
    await modal.getByRole('list', { name: 'Kitchen timeline' }).waitFor();
  }
  await modal.getByRole('button', { name: new RegExp(`^Mark (${code} )?${step}$`) }).click();
  await modal.getByText(`Kitchen: ${step}`).waitFor();
}

describe('lunch run: who is told what, and when (issue 27 items 1, 2 and 7)', () => {
  it('the host sees who is still choosing, open pages learn of the submit, states have their own heroes, and only people with items get e-mails', async () => {
    const { id, code, hostToken } = await createOrder(`Friday lunch ${run}`);
    const NORA = `nora-${run}@lunch.example`;
    const OLIVIA = `olivia-${run}@lunch.example`;

    // Olivia orders and keeps her confirmation open; Nora (invited by e-mail) and Bob K. only join and
    // choose. Nora's Cappuccino stays in her cart.
    const olivia = await browser.newUser(PHONE);
    await joinMenu(olivia.page, code, 'Olivia', OLIVIA);
    await addItem(olivia.page, 'Flat White');
    await reviewAndConfirm(olivia.page);

    const nora = await browser.newUser(PHONE);
    await joinMenu(nora.page, code, 'Nora', NORA);
    await addItem(nora.page, 'Cappuccino');
    await closeToasts(nora.page);
    await nora.page
      .getByText(/\d+m left/)
      .first()
      .waitFor();

    const bob = await browser.newUser(PHONE);
    await joinMenu(bob.page, code, 'Bob K.');

    // The host is told before submitting that two people are still choosing, by name.
    const host = await hostPhone(id, hostToken);
    await host.page.getByRole('button', { name: 'Submit Group Order' }).click();
    const ask = host.page.getByRole('dialog', { name: /^Submit 1 item from 1 person to / });
    await ask
      .getByTestId('still-choosing')
      .filter({ hasText: '2 people are still choosing: Nora, Bob K.' })
      .waitFor();
    await screenshot(host.page, 'lunch-flow-submit-still-choosing-390');
    await ask.getByRole('button', { name: 'Submit', exact: true }).click();
    await host.page.getByRole('button', { name: 'Edit This Order' }).waitFor();

    // Nora's menu learns it without a reload: her unconfirmed cart was not included.
    await nora.page
      .getByTestId('closed-notice')
      .filter({ hasText: 'Your unconfirmed cart (1 item) was not included.' })
      .waitFor(LIVE);
    expect(await nora.page.getByText(/\d+m left/).count()).toBe(0);
    expect(await nora.page.getByRole('button', { name: 'Add Latte', exact: true }).isDisabled()).toBe(true);
    await screenshot(nora.page, 'lunch-flow-menu-submitted-390');

    // Olivia's confirmation follows: Submitted, no "Add more items", no "host submits once everyone…".
    await olivia.page.getByRole('heading', { name: 'Order Submitted' }).waitFor(LIVE);
    expect(await olivia.page.getByRole('link', { name: 'Add more items' }).count()).toBe(0);
    expect(await olivia.page.getByText(/submits the group order once everyone/).count()).toBe(0);
    await screenshot(olivia.page, 'lunch-flow-confirmed-submitted-390');

    // The kitchen starts: "Edit This Order" is no longer offered (it could only fail), and says why.
    const merchant = await browser.newUser(DESKTOP);
    await kitchenStep(merchant.page, code, 'Received');
    await kitchenStep(merchant.page, code, 'Preparing');
    await host.page.getByTestId('kitchen-started').waitFor(LIVE);
    expect(await host.page.getByRole('button', { name: 'Edit This Order' }).count()).toBe(0);
    await host.page.getByText('Preparing', { exact: true }).first().waitFor();
    await screenshot(host.page, 'lunch-flow-dashboard-preparing-390');
    await olivia.page.getByRole('heading', { name: 'Being prepared' }).waitFor(LIVE);

    // Ready: Olivia's page says where, and nothing stale.
    await kitchenStep(merchant.page, code, 'Ready');
    await olivia.page
      .getByRole('heading', { name: 'Ready at Demo Coffee Kitchen, 12 Bridge St' })
      .waitFor(LIVE);
    expect(await olivia.page.getByText('Order Confirmed!', { exact: true }).count()).toBe(0);
    expect(await olivia.page.getByText(/submits the group order once everyone/).count()).toBe(0);
    await screenshot(olivia.page, 'lunch-flow-confirmed-ready-390');

    // E-mails: Olivia (items) gets "submitted" and "ready"; Nora (joined, ordered nothing) gets neither.
    const mail = await browser.newUser(DESKTOP);
    const ready = /is ready for pickup at /;
    await expect
      .poll(async () => (await mailRows(mail.page, OLIVIA)).filter((row) => ready.test(row)).length, {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(1);
    expect((await mailRows(mail.page, OLIVIA)).some((row) => /has been submitted/.test(row))).toBe(true);
    expect(await mailRows(mail.page, NORA)).toEqual([]);
    // Not merely late: nothing was ever queued for her (e-mails are queued with the step that causes them).
    const queued = await db.execute({
      sql: "SELECT COUNT(*) AS n FROM OutboxMessage WHERE kind = 'email' AND payload LIKE ?",
      args: [`%${NORA}%`],
    });
    expect(Number(queued.rows[0].n)).toBe(0);

    for (const user of [olivia, nora, bob, host, merchant, mail]) await user.context.close();
  });

  it("the host removes a guest's only item in the app's own dialog, and the guest is told on the page and by e-mail", async () => {
    const { id, code, hostToken } = await createOrder(`Team breakfast ${run}`);
    const CLEO = `cleo-${run}@lunch.example`;
    const cleo = await browser.newUser(PHONE);
    await joinMenu(cleo.page, code, 'Cleo', CLEO);
    await addItem(cleo.page, 'Flat White');
    await reviewAndConfirm(cleo.page);

    const host = await hostPhone(id, hostToken);
    await host.page.getByRole('button', { name: 'Remove 1x Flat White from Cleo' }).click();
    const ask = host.page.getByRole('dialog', { name: "Remove 1x Flat White from Cleo's order?" });
    await ask.getByText('Cleo sees it on their order page').waitFor();
    await screenshot(host.page, 'lunch-flow-remove-dialog-390');
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await host.page.locator('.toast__title', { hasText: 'Item removed' }).waitFor();
    await host.page.getByText('No orders yet').waitFor();

    // Cleo's open page hears of the change: no "Order Confirmed!" beside "no confirmed items".
    await cleo.page.getByRole('heading', { name: 'Your items were removed' }).waitFor(LIVE);
    await cleo.page.getByText(/^Hannah Host removed 1x Flat White.* from your order\./).waitFor();
    expect(await cleo.page.getByText('Order Confirmed!', { exact: true }).count()).toBe(0);
    await screenshot(cleo.page, 'lunch-flow-confirmed-removed-390');

    const mail = await browser.newUser(DESKTOP);
    await expect
      .poll(
        async () =>
          (await mailRows(mail.page, CLEO)).filter((row) =>
            /Hannah Host removed 1x Flat White.* from your order/.test(row),
          ).length,
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    for (const user of [cleo, host, mail]) await user.context.close();
  });
});

describe('what a guest already confirmed stays in sight (issue 27 item 6)', () => {
  it('the back button and "Add more items" show the confirmed items beside the new cart', async () => {
    const { id, code } = await createOrder(`Coffee run ${run}`);
    const dana = await browser.newUser(PHONE);
    await joinMenu(dana.page, code, 'Dana');
    await addItem(dana.page, 'Latte');
    await reviewAndConfirm(dana.page);

    // Back from the confirmation: the review says nothing new is waiting, and shows what is confirmed.
    await dana.page.goBack();
    await dana.page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    const confirmed = dana.page.getByTestId('confirmed-so-far');
    await confirmed.getByText('Latte').waitFor();
    await dana.page.getByRole('heading', { name: 'Nothing new to confirm' }).waitFor();
    expect(await dana.page.getByRole('heading', { name: 'Your order is empty' }).count()).toBe(0);
    await screenshot(dana.page, 'lunch-flow-review-back-390');

    // "Add more items": the menu shows the confirmed Latte beside the empty new cart.
    await dana.page.goto(`/apps/group-order/confirmed/${id}/Dana`);
    await hydrated(dana.page);
    await dana.page.getByRole('link', { name: 'Add more items' }).click();
    await dana.page.getByRole('heading', { name: 'Current Order' }).waitFor();
    await confirmed.getByText('1x').waitFor();
    await confirmed.getByText('Latte').waitFor();
    await dana.page
      .getByText('Nothing new yet. Your confirmed items above are already in the group order.')
      .waitFor();
    await screenshot(dana.page, 'lunch-flow-menu-add-more-390');
    await dana.context.close();
  });
});
