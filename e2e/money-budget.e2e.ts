import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addItem, closeToasts, hydrated, join, PHONE, SCREENSHOTS, screenshot, useBrowser } from './support';

// Issue 25, budget mode: the host gives everyone $15.00 and refuses anything over it; a guest sees the rule
// before adding anything, watches what is left of the budget, goes over (the page says by how much and the
// server refuses the confirm with the same sentence), then confirms within the budget.

const browser = useBrowser();

describe('a $15.00 budget per person, refused over it', () => {
  it('shows the rule and the budget left, refuses going over, confirms within the budget', async () => {
    const host = await browser.newUser(PHONE);
    await host.page.goto('/apps/group-order/host/create');
    await hydrated(host.page);
    await host.page.getByLabel('Your name').fill('Hannah Host');
    await host.page.getByLabel('Your email').fill(`money-${Date.now()}@example.com`);
    await host.page.getByLabel('Company name').fill('Budget Co');
    const money = host.page.locator('.money-fields');
    await money.getByLabel('Who pays').selectOption('budget');
    // A budget the form refuses says so, in the shop's currency, and nothing is created.
    await money.getByLabel(/Budget per person/).fill('-5');
    await host.page.getByRole('button', { name: 'Create Group Order' }).click();
    await money.getByText('Budget must be between $1.00 and $500.00.').waitFor();
    await money.getByLabel(/Budget per person/).fill('15.00');
    await expect(money.getByLabel('When someone goes over the budget').inputValue()).resolves.toBe('refuse');
    await money.getByLabel(/PO number or cost code/).fill('PO-4471');
    await closeToasts(host.page, { untilGone: true });
    await money.screenshot({ path: path.join(SCREENSHOTS, 'money-create-section-390.png') });
    await host.page.getByRole('button', { name: 'Create Group Order' }).click();
    await host.page.waitForURL('**/apps/group-order/host/dashboard/*');
    const code = (await host.page.getByTestId('order-code').textContent())!.trim();
    // The host can change who pays from the dashboard until submit.
    const panel = host.page.locator('.money-panel');
    await expect(panel.getByLabel(/Budget per person/).inputValue()).resolves.toBe('15.00');
    await closeToasts(host.page, { untilGone: true });
    // Clear of the sticky shop header.
    await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
    await panel.screenshot({ path: path.join(SCREENSHOTS, 'money-dashboard-panel-390.png') });
    await host.context.close();

    const guest = await browser.newUser(PHONE);
    const rule = 'The company pays up to $15.00 per person. Items over the budget can’t be added.';
    await guest.page.goto(`/apps/group-order/join/${code}`);
    await guest.page.getByText(rule).waitFor();
    await join(guest.page, code, 'Gina');
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    const line = guest.page.getByTestId('budget-line');
    await guest.page.getByText(rule).waitFor();
    await expect(line.textContent()).resolves.toBe('$15.00 of your $15.00 budget left');

    await addItem(guest.page, 'Banana Bread');
    await addItem(guest.page, 'Almond Croissant');
    await line.getByText('$1.50 of your $15.00 budget left').waitFor();
    await addItem(guest.page, 'Sparkling Water');
    await line.getByText('$2.50 over your $15.00 budget').waitFor();
    await guest.page.evaluate(() => window.scrollTo(0, 0));
    await guest.page
      .locator('.money-box')
      .first()
      .screenshot({ path: path.join(SCREENSHOTS, 'money-menu-budget-line-390.png') });
    await screenshot(guest.page, 'money-menu-over-budget-390');

    // The review page says the same, and the server refuses the confirm with the same sentence.
    await guest.page.getByRole('button', { name: 'Review My Order' }).click();
    await guest.page.waitForURL('**/apps/group-order/review/**');
    await hydrated(guest.page);
    await guest.page.getByTestId('budget-line').getByText('$2.50 over your $15.00 budget').waitFor();
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.locator('.toast', { hasText: '$2.50 over your $15.00 budget' }).first().waitFor();
    expect(guest.page.url()).toContain('/review/');

    // Back on the menu without the water: within the budget, confirmed.
    await guest.page.getByRole('link', { name: 'Back to menu' }).first().click();
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await hydrated(guest.page);
    await guest.page.getByRole('button', { name: 'Remove 1x Sparkling Water' }).first().click();
    await line.getByText('$1.50 of your $15.00 budget left').waitFor();
    await guest.page.getByRole('button', { name: 'Review My Order' }).click();
    await guest.page.waitForURL('**/apps/group-order/review/**');
    await hydrated(guest.page);
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await guest.context.close();
  });
});
