import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  waitForPaymentState,
  addItem,
  closeToasts,
  hydrated,
  join,
  mailText,
  PHONE,
  SCREENSHOTS,
  screenshot,
  useBrowser,
} from './support';
import { createOrderInForm } from './orders';

// Issue 25, a refund after the host removes a paid item: a guest pays their own share (two items) with
// 4242 4242 4242 4242 in the simulator's checkout; the host removes one of the items on the dashboard; the
// app refunds it through Shopify (refundCreate, from the outbox), the simulator's order status page lists
// the refund, the guest's e-mail says what went and why, and the dashboard and the guest's page show the
// share partly refunded.

const browser = useBrowser();

describe('a refund after the host removes a paid item', () => {
  it('refunds the removed item on the guest’s Shopify order, e-mails them, and shows it partly refunded', async () => {
    const host = await browser.newUser(PHONE);
    const { code, dashboard } = await createOrderInForm(host.page, 'Refund Co', async (page) => {
      await page.locator('.money-fields').getByLabel('Who pays').selectOption('own-share');
    });

    const guest = await browser.newUser(PHONE);
    const email = `rafa-${Date.now()}@example.com`;
    await join(guest.page, code, 'Rafa', email);
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    await addItem(guest.page, 'Banana Bread');
    await addItem(guest.page, 'Flat White');
    await guest.page.getByRole('button', { name: 'Review My Order' }).click();
    await guest.page.waitForURL('**/apps/group-order/review/**');
    await hydrated(guest.page);
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const pay = guest.page.getByRole('link', { name: /^Pay my share · \$/ });
    await pay.waitFor();
    const paidText = (await pay.innerText()).replace(/^.*· /, '');
    const confirmed = guest.page.url();

    await pay.click();
    await guest.page.getByTestId('checkout-total').waitFor();
    await guest.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await guest.page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await guest.page.getByLabel('Security code').fill('123');
    if (!(await guest.page.getByLabel('Name on card').inputValue()))
      await guest.page.getByLabel('Name on card').fill('Rafa Ruiz');
    await guest.page.getByRole('button', { name: 'Pay now' }).click();
    await guest.page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const orderStatus = guest.page.url();

    // The host sees Rafa paid, then removes the Banana Bread ($6.50) from Rafa's order.
    await waitForPaymentState(host.page, dashboard, 'paid');
    await host.page.getByRole('button', { name: 'Remove 1x Banana Bread from Rafa' }).click();
    const ask = host.page.getByRole('dialog', { name: "Remove 1x Banana Bread from Rafa's order?" });
    await ask
      .getByText('Rafa paid for it online: the money goes back to their card through Shopify')
      .waitFor();
    await screenshot(host.page, 'money-refund-remove-dialog-390');
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await host.page.locator('.toast__title', { hasText: 'Item removed' }).waitFor();

    // Shopify (the simulator) refunded the item on Rafa's order: its status page lists $6.50 back.
    await expect
      .poll(
        async () => {
          await guest.page.goto(orderStatus);
          return guest.page.getByTestId('checkout-refund').allInnerTexts();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(['Refunded AUD $6.50']);
    await screenshot(guest.page, 'money-refund-order-status-390');

    // The dashboard: partly refunded, and what the guests paid now.
    await waitForPaymentState(host.page, dashboard, 'partly');
    await host.page.getByTestId('guest-payment').getByText('Partly refunded').waitFor();
    await closeToasts(host.page, { untilGone: true });
    await host.page
      .locator('.host-orders')
      .screenshot({ path: path.join(SCREENSHOTS, 'money-refund-dashboard-390.png') });
    await screenshot(host.page, 'money-refund-dashboard-page-390');

    // Rafa's confirmed page says what came back and what stays paid.
    await guest.page.goto(confirmed);
    await hydrated(guest.page);
    const kept = await guest.page.getByTestId('share-refunded').innerText();
    expect(kept).toMatch(/^\$6\.50 was refunded to your card; you have now paid \$\d+\.\d{2}\.$/);
    expect(paidText).not.toBe('$6.50');
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-refund-confirmed-390');

    // The e-mail, in Rafa's language: what went, why, and how much.
    const mail = await browser.newUser(PHONE);
    const text = await mailText(mail.page, email, /Refund of \$6\.50 for/);
    expect(text).toContain('The host removed 1x Banana Bread from');
    expect(text).toContain('so $6.50 went back to the card you paid with.');
    await mail.context.close();
    await host.context.close();
    await guest.context.close();
  });
});
