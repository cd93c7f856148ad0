import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import { createOrderInForm, simulatorAdmin } from './orders';
import {
  waitForPaymentState,
  addItem,
  closeToasts,
  hydrated,
  join,
  openAdmin,
  PHONE,
  SCREENSHOTS,
  screenshot,
  urls,
  useBrowser,
} from './support';

// Issue 25, a budget with the overage paid by the guest: the company pays up to $15.00 each; a guest goes
// over, sees "you pay $2.50", confirms, pays exactly $2.50 at the (simulated) Shopify checkout with 4242,
// whose order carries the $15.00 company budget discount, and the host's dashboard shows the guest paid.
// Then the delivery fee the merchant sets in the admin: a delivery order takes it, every guest page says
// how it is shared, the confirmed page shows the guest's fee share inside what they pay, and with everyone
// paying their own share two guests each pay theirs (e2e/money-pay.e2e.ts has one guest, declined first).

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(async () => {
  // The shop's fee goes back to none, so no other browser test sees it.
  await prisma.shopSettings.updateMany({ data: { deliveryFeeCents: 0 } });
  await prisma.$disconnect();
});

async function review(page: Page) {
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.waitForURL('**/apps/group-order/review/**');
  await hydrated(page);
}

async function payWith4242(page: Page, name: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  if (!(await page.getByLabel('Name on card').inputValue())) await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
}

describe('a $15.00 budget per person, the guest paying what goes over it', () => {
  it('the guest sees what they pay, pays exactly the difference, and the host sees it paid', async () => {
    const host = await browser.newUser(PHONE);
    const { code, dashboard } = await createOrderInForm(host.page, 'Overage Co', async (page) => {
      const money = page.locator('.money-fields');
      await money.getByLabel('Who pays').selectOption('budget');
      await money.getByLabel(/Budget per person/).fill('15.00');
      await money.getByLabel('When someone goes over the budget').selectOption('guest-pays');
    });

    const guest = await browser.newUser(PHONE);
    const rule = 'The company pays up to $15.00 per person; you pay anything over it online.';
    await guest.page.goto(`/apps/group-order/join/${code}`);
    await guest.page.getByText(rule).waitFor();
    await join(guest.page, code, 'Omar', 'omar@example.com');
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    const line = guest.page.getByTestId('budget-line');
    await addItem(guest.page, 'Banana Bread');
    await addItem(guest.page, 'Almond Croissant');
    await line.getByText('$1.50 of your $15.00 budget left').waitFor();
    await addItem(guest.page, 'Sparkling Water');
    await line.getByText('you pay $2.50').waitFor();
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-overage-menu-390');

    await review(guest.page);
    await guest.page.getByTestId('budget-line').getByText('you pay $2.50').waitFor();
    await screenshot(guest.page, 'money-overage-review-390');
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const pay = guest.page.getByRole('link', { name: 'Pay my share · $2.50' });
    await pay.waitFor();
    await guest.page.getByText('The company pays $15.00 of your order.').waitFor();
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-overage-confirmed-390');
    const confirmed = guest.page.url();

    // Shopify's checkout: the guest's own items, the company's $15.00 as a discount, $2.50 to pay.
    await pay.click();
    await guest.page.getByTestId('checkout-total').waitFor();
    await expect.poll(() => guest.page.getByTestId('checkout-total').innerText()).toMatch(/\$2\.50$/);
    expect(await guest.page.getByTestId('checkout-discount').innerText()).toMatch(
      /Discount \(Company budget\)\s*−\$15\.00/,
    );
    await screenshot(guest.page, 'money-overage-checkout-390');
    await payWith4242(guest.page, 'Omar Overage');
    expect(await guest.page.getByText(/Total paid/).innerText()).toMatch(/Total paid AUD \$2\.50/);

    // The order Shopify made: $2.50 taken, the $15.00 budget as its discount, linked to the share.
    const share = await prisma.guestShare.findFirstOrThrow({
      where: { guest: { name: 'Omar' }, groupOrder: { code } },
    });
    await expect
      .poll(
        async () => (await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } })).paymentStatus,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('paid');
    const paid = await prisma.guestShare.findUniqueOrThrow({ where: { id: share.id } });
    expect(paid).toMatchObject({ paidCents: 250, guestCents: 250, companyCents: 1500, itemsCents: 1750 });
    const simulated = await shopifyOrder(paid.shopifyOrderId!);
    expect(simulated).toMatchObject({
      displayFinancialStatus: 'PAID',
      totalPriceSet: { shopMoney: { amount: '2.5' } },
      totalDiscountsSet: { shopMoney: { amount: '15.0' } },
    });

    await waitForPaymentState(host.page, dashboard, 'paid');
    await host.page.getByTestId('payment-totals').getByText('Guests paid $2.50 of $2.50').waitFor();
    await host.page
      .locator('.host-orders')
      .screenshot({ path: path.join(SCREENSHOTS, 'money-overage-dashboard-paid-390.png') });

    await guest.page.goto(confirmed);
    await guest.page.getByTestId('share-paid').getByText('Your share of $2.50 is paid. Thank you!').waitFor();
    await host.context.close();
    await guest.context.close();
  });
});

/** The order as the simulator's Admin API reports it. */
async function shopifyOrder(id: string) {
  const query = `query O($id: ID!) { order(id: $id) { displayFinancialStatus
    totalPriceSet { shopMoney { amount } } totalDiscountsSet { shopMoney { amount } } } }`;
  return ((await simulatorAdmin(query, { id })) as { order: unknown }).order;
}

describe('the delivery fee the merchant sets', () => {
  it('a delivery order takes it, every guest page says how it is shared, and two guests each pay their own share', async () => {
    const admin = await browser.newUser(PHONE);
    await openAdmin(admin.page, 'Settings');
    await admin.page.waitForURL('**/app/settings**');
    const fee = admin.page.getByLabel('Delivery fee');
    await fee.fill('-3');
    await admin.page.getByRole('button', { name: 'Save settings' }).click();
    await admin.page
      .getByText('The delivery fee must be an amount from $0.00 to $500.00, such as 5.00.')
      .waitFor();
    await fee.fill('4.00');
    await admin.page.getByRole('button', { name: 'Save settings' }).click();
    await admin.page.getByText('Settings saved').first().waitFor();
    await fee.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'money-proof-admin-delivery-fee-390');
    await admin.context.close();

    const host = await browser.newUser(PHONE);
    const { code, dashboard } = await createOrderInForm(host.page, 'Fee Co', async (page) => {
      await page.getByRole('radio', { name: 'Delivery' }).check();
      await page.getByLabel('Delivery address').fill('Level 3, 1 George St, Sydney');
      await page.locator('.money-fields').getByLabel('Who pays').selectOption('own-share');
    });

    const feeRule = 'A delivery fee of $4.00 is shared in proportion to what each person orders.';
    const guest = await browser.newUser(PHONE);
    await guest.page.goto(`/apps/group-order/join/${code}`);
    await guest.page.getByTestId('fee-rule').getByText(feeRule).waitFor();
    await screenshot(guest.page, 'money-proof-join-fee-390');
    await join(guest.page, code, 'Fay', 'fay@example.com');
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    await guest.page.getByTestId('fee-rule').getByText(feeRule).waitFor();
    await addItem(guest.page, 'Banana Bread');
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-proof-menu-fee-390');
    await review(guest.page);
    await guest.page.getByTestId('fee-rule').getByText(feeRule).waitFor();
    await screenshot(guest.page, 'money-proof-review-fee-390');
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    // The only guest so far: the whole $4.00 is theirs, on top of their $6.50.
    const parts = guest.page.getByTestId('share-parts');
    await parts.getByText('Your items: $6.50').waitFor();
    await parts.getByText('Your share of the delivery fee: $4.00').waitFor();
    await guest.page.getByRole('link', { name: 'Pay my share · $10.50' }).waitFor();
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-proof-confirmed-fee-390');
    const width = await guest.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    const fayConfirmed = guest.page.url();

    // Everyone pays their own share, two guests: Gus orders $7.00, the $4.00 is now shared pro rata
    // ($1.93 and $2.07, to the cent), and each pays their own at the checkout.
    const gus = await browser.newUser(PHONE);
    await join(gus.page, code, 'Gus', 'gus@example.com');
    await gus.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(gus.page);
    await addItem(gus.page, 'Almond Croissant');
    await review(gus.page);
    await gus.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await gus.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await gus.page.getByTestId('share-parts').getByText('Your share of the delivery fee: $2.07').waitFor();
    await gus.page.getByRole('link', { name: 'Pay my share · $9.07' }).click();
    await expect.poll(() => gus.page.getByTestId('checkout-total').innerText()).toMatch(/\$9\.07$/);
    await payWith4242(gus.page, 'Gus Guest');

    await guest.page.goto(fayConfirmed);
    await guest.page.getByTestId('share-parts').getByText('Your share of the delivery fee: $1.93').waitFor();
    await guest.page.getByRole('link', { name: 'Pay my share · $8.43' }).click();
    await expect.poll(() => guest.page.getByTestId('checkout-total').innerText()).toMatch(/\$8\.43$/);
    await payWith4242(guest.page, 'Fay Guest');

    await expect
      .poll(
        async () => {
          await host.page.goto(dashboard);
          await hydrated(host.page);
          return host.page.getByTestId('payment-totals').innerText();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Guests paid $17.50 of $17.50');
    const states = await host.page
      .getByTestId('guest-payment')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
    expect(states).toEqual(['paid', 'paid']);
    await host.context.close();
    await gus.context.close();
    await guest.context.close();
  });
});
