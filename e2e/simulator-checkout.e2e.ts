import { describe, expect, it } from 'vitest';
import { PHONE, screenshot, useBrowser } from './support';
import { simulatorAdmin } from './orders';

// The simulator's checkout in a browser (issue 25): a guest opens a draft order's invoice URL on a phone,
// is declined with 4000 0000 0000 0002, pays with 4242 4242 4242 4242, and the draft is paid once.

const browser = useBrowser();

describe('simulator checkout (issue 25)', () => {
  it('a guest is declined, then pays with the good card; opening the invoice again says it is paid', async () => {
    const created = await simulatorAdmin(
      `mutation Share($input: DraftOrderInput!) {
        draftOrderCreate(input: $input) { draftOrder { id invoiceUrl } userErrors { message } }
      }`,
      {
        input: {
          email: 'priya@example.com',
          tags: ['group-order', 'GO-E2E001'],
          lineItems: [
            {
              title: 'Flat White',
              quantity: 2,
              originalUnitPriceWithCurrency: { amount: '5.20', currencyCode: 'AUD' },
              customAttributes: [{ key: 'Guest', value: 'Priya' }],
            },
          ],
          appliedDiscount: { title: 'Company budget', value: 4, valueType: 'FIXED_AMOUNT' },
        },
      },
    );
    const { id, invoiceUrl } = created.draftOrderCreate.draftOrder;
    const { page, context } = await browser.newUser(PHONE);
    try {
      await page.goto(invoiceUrl);
      await expect.poll(() => page.getByTestId('checkout-total').innerText()).toMatch(/^AUD\s*\$6\.40$/);
      await expect.poll(() => page.getByText('Guest: Priya').count()).toBe(1);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'simulator-checkout-phone');

      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
      await page.getByLabel('Security code').fill('123');
      await page.getByLabel('Name on card').fill('Priya Shah');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').innerText()).toContain(
        'Your card was declined. No payment was taken.',
      );
      // The e-mail stays; the card number is cleared for the next card.
      expect(await page.getByLabel('Email').inputValue()).toBe('priya@example.com');
      expect(await page.getByLabel('Card number').inputValue()).toBe('');
      await screenshot(page, 'simulator-checkout-declined-phone');
      const open = await simulatorAdmin(`query S($id: ID!) { draftOrder(id: $id) { status } }`, { id });
      expect(open.draftOrder.status).toBe('OPEN');

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
      await page.getByLabel('Security code').fill('123');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
      expect(await page.getByTestId('checkout-paid').innerText()).toMatch(
        /Your order #\d+ is confirmed and paid/,
      );
      await screenshot(page, 'simulator-checkout-paid-phone');

      const paid = await simulatorAdmin(
        `query S($id: ID!) { draftOrder(id: $id) { status order { displayFinancialStatus transactions { kind } } } }`,
        { id },
      );
      expect(paid.draftOrder).toEqual({
        status: 'COMPLETED',
        order: { displayFinancialStatus: 'PAID', transactions: [{ kind: 'SALE' }] },
      });

      // A second tab on the same invoice.
      const second = await context.newPage();
      await second.goto(invoiceUrl);
      await second.getByRole('heading', { name: 'This invoice has already been paid' }).waitFor();
      await screenshot(second, 'simulator-checkout-already-paid-phone');
    } finally {
      await context.close();
    }
  });
});
