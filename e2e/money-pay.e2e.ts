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

// Issue 25, everyone pays their own share: the host creates the order, a guest confirms and presses "Pay my
// share" on the confirmed page, is declined with 4000 0000 0000 0002 in the (simulated) Shopify checkout,
// pays with 4242 4242 4242 4242, and the host's dashboard shows the guest paid once Shopify's orders/paid
// webhook has reached the app.

const browser = useBrowser();

describe('everyone pays their own share', () => {
  it('a guest pays their share through the checkout (declined, then paid) and the host sees it paid', async () => {
    const host = await browser.newUser(PHONE);
    const { code, dashboard } = await createOrderInForm(host.page, 'Own Share Co', async (page) => {
      await page.locator('.money-fields').getByLabel('Who pays').selectOption('own-share');
    });

    const guest = await browser.newUser(PHONE);
    await join(guest.page, code, 'Priya', 'priya@example.com');
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    await addItem(guest.page, 'Banana Bread');
    await guest.page.getByRole('button', { name: 'Review My Order' }).click();
    await guest.page.waitForURL('**/apps/group-order/review/**');
    await hydrated(guest.page);
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const pay = guest.page.getByRole('link', { name: 'Pay my share · $6.50' });
    await pay.waitFor();
    await guest.page.getByText('Your share to pay online: $6.50. No account needed.').waitFor();
    await guest.page.getByText('Everyone pays their own share online after confirming.').waitFor();
    await closeToasts(guest.page, { untilGone: true });
    await screenshot(guest.page, 'money-pay-confirmed-390');
    const confirmed = guest.page.url();

    await pay.click();
    await guest.page.getByTestId('checkout-total').waitFor();
    await expect.poll(() => guest.page.getByTestId('checkout-total').innerText()).toMatch(/\$6\.50$/);
    const card = async (number: string) => {
      await guest.page.getByLabel('Card number').fill(number);
      await guest.page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
      await guest.page.getByLabel('Security code').fill('123');
      if (
        await guest.page
          .getByLabel('Name on card')
          .inputValue()
          .then((v) => !v)
      )
        await guest.page.getByLabel('Name on card').fill('Priya Shah');
      await guest.page.getByRole('button', { name: 'Pay now' }).click();
    };
    await card('4000 0000 0000 0002');
    await guest.page.getByRole('alert').waitFor();
    expect(await guest.page.getByRole('alert').innerText()).toContain('Your card was declined.');
    await card('4242 4242 4242 4242');
    await guest.page.getByRole('heading', { name: 'Thank you!' }).waitFor();

    // On the host's dashboard (once the webhook arrived) and back on the guest's confirmed page: paid.
    await waitForPaymentState(host.page, dashboard, 'paid');
    await host.page.getByTestId('payment-totals').getByText('Guests paid $6.50 of $6.50').waitFor();
    await host.page
      .locator('.host-orders')
      .screenshot({ path: path.join(SCREENSHOTS, 'money-pay-dashboard-paid-390.png') });

    await guest.page.goto(confirmed);
    await guest.page.getByTestId('share-paid').getByText('Your share of $6.50 is paid. Thank you!').waitFor();

    // The e-mail carries the guest's own link; opened now, in a browser without the guest's token, it
    // says the share is paid and charges nothing.
    const mail = await browser.newUser(PHONE);
    const text = await mailText(mail.page, 'priya@example.com', /Pay your share of/);
    expect(text).toContain('Your share to pay is $6.50');
    const link = /https?:\/\/\S+\/apps\/group-order\/pay\/\d+\/[A-Za-z0-9_-]{43}/.exec(text)![0];
    await mail.page.goto(new URL(link).pathname);
    await mail.page.getByText('Your share is already paid').waitFor();
    await screenshot(mail.page, 'money-pay-link-already-paid-390');
    await mail.context.close();
    await host.context.close();
    await guest.context.close();
  });
});
