import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  closeToasts,
  DESKTOP,
  hydrated,
  join,
  mailText,
  openAdmin,
  PHONE,
  screenshot,
  SCREENSHOTS,
  useBrowser,
} from './support';
import { createOrderInForm } from './orders';

// Issue 25, an unpaid share left out at the deadline: everyone pays their own share; Priya pays with
// 4242 4242 4242 4242 in the (simulated) Shopify checkout, Sam confirms and does not pay. The host sees
// before submitting that one share is unpaid and will be left out, submits, and then: the kitchen's prep
// board has only Priya's item, Sam gets an e-mail saying what was left out, and his page says so too.

const browser = useBrowser();

async function confirmOne(page: import('playwright-core').Page, item: string) {
  await hydrated(page);
  await addItem(page, item);
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.waitForURL('**/apps/group-order/review/**');
  await hydrated(page);
  await page.getByRole('button', { name: 'Confirm My Order' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
}

describe('an unpaid share at submit', () => {
  it('is left out: the kitchen gets only paid items, the owner is told by e-mail and on their page', async () => {
    const host = await browser.newUser(PHONE);
    const { code, dashboard } = await createOrderInForm(host.page, 'Unpaid Shares Co', async (page) => {
      await page.locator('.money-fields').getByLabel('Who pays').selectOption('own-share');
    });

    const priya = await browser.newUser(PHONE);
    await join(priya.page, code, 'Priya', 'priya.unpaid@example.com');
    await priya.page.waitForURL('**/apps/group-order/order/**');
    await confirmOne(priya.page, 'Banana Bread');
    const sam = await browser.newUser(PHONE);
    await join(sam.page, code, 'Sam', 'sam.unpaid@example.com');
    await sam.page.waitForURL('**/apps/group-order/order/**');
    await confirmOne(sam.page, 'Almond Croissant');
    const samsPage = sam.page.url();

    // Priya pays her share at the checkout.
    const pay = priya.page.getByRole('link', { name: /^Pay my share/ });
    await pay.click();
    await priya.page.getByTestId('checkout-total').waitFor();
    await priya.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await priya.page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await priya.page.getByLabel('Security code').fill('123');
    if (!(await priya.page.getByLabel('Name on card').inputValue()))
      await priya.page.getByLabel('Name on card').fill('Priya Shah');
    await priya.page.getByRole('button', { name: 'Pay now' }).click();
    await priya.page.getByRole('heading', { name: 'Thank you!' }).waitFor();

    // The host, once Shopify's orders/paid reached the app: one share unpaid, and what submitting does.
    await expect
      .poll(
        async () => {
          await host.page.goto(dashboard);
          await hydrated(host.page);
          return host.page
            .getByTestId('guest-payment')
            .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-state')).sort());
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(['paid', 'pending']);
    const before = host.page.getByTestId('unpaid-before-submit');
    await before.waitFor();
    expect(await before.innerText()).toBe(
      '1 share is not paid yet. If you submit now, those items are left out of the order and their owners are told by e-mail.',
    );
    await closeToasts(host.page);
    await host.page.locator('.host-controls').scrollIntoViewIfNeeded();
    await host.page
      .locator('.host-controls')
      .screenshot({ path: path.join(SCREENSHOTS, 'money-unpaid-submit-area-390.png') });

    await host.page.getByRole('button', { name: 'Submit Group Order' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await host.page.getByRole('button', { name: 'Edit This Order' }).waitFor();
    const leftOut = host.page.getByTestId('unpaid-left-out');
    await leftOut.waitFor();
    expect(await leftOut.innerText()).toContain('Sam: 1x Almond Croissant');
    await host.page
      .locator('.host-controls')
      .screenshot({ path: path.join(SCREENSHOTS, 'money-unpaid-submitted-390.png') });

    // The kitchen's prep board: Priya's Banana Bread only.
    const admin = await browser.newUser(DESKTOP);
    await openAdmin(admin.page);
    await admin.page.getByRole('link', { name: 'Prep board' }).click();
    const card = admin.page.getByRole('region', { name: `Order ${code}` });
    await card
      .getByText(/Banana Bread/)
      .first()
      .waitFor();
    expect(await card.innerText()).not.toContain('Almond Croissant');
    expect(await card.innerText()).not.toContain('Sam');

    // Sam's e-mail, and his page.
    const mail = await browser.newUser(PHONE);
    const text = await mailText(mail.page, 'sam.unpaid@example.com', /Your items were left out/);
    expect(text).toContain('1x Almond Croissant');
    expect(text).toContain('You were not charged.');
    await sam.page.goto(samsPage);
    await hydrated(sam.page);
    const note = sam.page.getByTestId('share-left-out');
    await note.waitFor();
    expect(await note.innerText()).toBe(
      'Your share was not paid when the order was submitted, so your items were left out: 1x Almond Croissant. You were not charged.',
    );
    // The left-out card says it all: no "We could not find any confirmed items" above it (money-gaps).
    expect(await sam.page.locator('main').innerText()).not.toContain('could not find any confirmed items');
    await closeToasts(sam.page);
    await screenshot(sam.page, 'money-unpaid-guest-390');

    for (const user of [host, priya, sam, admin, mail]) await user.context.close();
  });

  it('is covered by the host: the guest is told once by e-mail and sees the covered card', async () => {
    const host = await browser.newUser(PHONE);
    const { code } = await createOrderInForm(host.page, 'Covered Shares Co', async (page) => {
      const money = page.locator('.money-fields');
      await money.getByLabel('Who pays').selectOption('own-share');
      await money.getByLabel('Shares not paid by the deadline').selectOption('host-covers');
    });
    // Guests pay here: the dashboard says the money rule, not the company's payment method.
    const stats = host.page.locator('.host-stats');
    expect(await stats.innerText()).toContain('Everyone pays their own share online after confirming.');
    expect(await stats.innerText()).not.toContain('Pay in Store');
    await stats.screenshot({ path: path.join(SCREENSHOTS, 'money-gaps-dashboard-rule-390.png') });

    const sam = await browser.newUser(PHONE);
    await join(sam.page, code, 'Sam', 'sam.covered@example.com');
    await sam.page.waitForURL('**/apps/group-order/order/**');
    await confirmOne(sam.page, 'Almond Croissant');
    const samsPage = sam.page.url();

    await host.page.reload();
    await hydrated(host.page);
    await host.page.getByRole('button', { name: 'Submit Group Order' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await host.page.getByRole('button', { name: 'Edit This Order' }).waitFor();

    const mail = await browser.newUser(PHONE);
    const text = await mailText(mail.page, 'sam.covered@example.com', /The host covers your share/);
    expect(text).toContain('so the host covers it');
    expect(text).toContain('you pay nothing');
    await sam.page.goto(samsPage);
    await hydrated(sam.page);
    const card = sam.page.getByTestId('share-covered');
    await card.waitFor();
    expect(await card.innerText()).toMatch(
      /^Your share was not paid by the deadline, so the host covered it \(.+\)\. There is nothing for you to pay\.$/,
    );
    await closeToasts(sam.page);
    await screenshot(sam.page, 'money-gaps-covered-guest-390');

    for (const user of [host, sam, mail]) await user.context.close();
  });
});
