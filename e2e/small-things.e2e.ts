import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrderThroughPage } from './orders';
import { addItem, hydrated, join, mailText, PHONE, screenshot, useBrowser } from './support';

// Issue 27, item 11: the small things people notice on a real lunch run.

const browser = useBrowser();

/** An open order created as the create page does, this browser keeping the host token. */
const hostOrder = (page: Page, hostEmail = `host-${Date.now()}@example.com`) =>
  createOrderThroughPage(page, { name: 'Small things', hostEmail });

/** Join, add an Espresso with its defaults, review and confirm. */
async function orderEspresso(page: Page, code: string, name: string, email?: string) {
  await join(page, code, name, email);
  await page.waitForURL('**/order/**');
  await hydrated(page);
  await addItem(page, 'Espresso');
  await page.getByRole('button', { name: 'Review My Order' }).click();
  await page.getByRole('button', { name: 'Confirm My Order' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
}

describe('small things (issue 27, item 11)', () => {
  it('takes a code typed with a space ("4YAE 2W") in the find-order box', async () => {
    const { page, context } = await browser.newUser(PHONE);
    const { code } = await hostOrder(page);
    await page.goto('/apps/group-order/find-order');
    await hydrated(page);
    const spaced = `${code.slice(0, 4)} ${code.slice(4)}`;
    await page.getByRole('textbox', { name: 'Order code' }).fill(spaced);
    expect(await page.getByRole('textbox', { name: 'Order code' }).inputValue()).toBe(spaced);
    await screenshot(page, 'small-code-box-390');
    await page.getByRole('button', { name: 'FIND ORDER' }).click();
    await page.waitForURL(`**/apps/group-order/join/${code}`);
    await context.close();
  });

  it('ties the same-name message to the name field, says who gets e-mails, and thanks "Bob K." once', async () => {
    const host = await browser.newUser(PHONE);
    const { code } = await hostOrder(host.page);
    await host.context.close();
    const bob = await browser.newUser(PHONE);
    await orderEspresso(bob.page, code, 'Bob');
    // Bob gave no e-mail: nothing promises him one.
    await bob.page.getByText('This page shows when the order is ready').waitFor();
    expect(await bob.page.getByText('You will be notified when the order is ready.').count()).toBe(0);

    const other = await browser.newUser(PHONE);
    await other.page.goto(`/apps/group-order/join/${code}`);
    await other.page
      .getByText('We e-mail you your items when the order is placed and again when it is ready')
      .waitFor();
    await join(other.page, code, 'bob');
    const name = other.page.getByLabel('Your name');
    await other.page
      .getByRole('alert')
      .filter({ hasText: 'Someone called Bob has already joined' })
      .waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    const message = await other.page
      .locator(
        describedBy
          .split(' ')
          .map((id) => `[id="${id}"]`)
          .join(', '),
      )
      .allTextContents();
    expect(message.join(' ')).toContain('Someone called Bob has already joined');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(other.page, 'small-name-taken-390');

    await orderEspresso(other.page, code, 'Bob K.', `bobk-${Date.now()}@example.com`);
    await other.page.getByText('Thanks, Bob K. Your items are in the group order.').waitFor();
    expect(await other.page.getByText('Bob K..').count()).toBe(0);
    await other.page.getByText('You will be notified when the order is ready.').waitFor();
    await screenshot(other.page, 'small-confirmed-390');
    await Promise.all([bob.context.close(), other.context.close()]);
  });

  it('names the invitations that were not sent and keeps them in the box; a second reminder says when', async () => {
    const host = await browser.newUser(PHONE);
    const { id } = await hostOrder(host.page);
    await host.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await hydrated(host.page);
    const box = host.page.getByLabel('Email addresses');
    const invited = `ivy-${Date.now()}@example.com`;
    await box.fill(`${invited}, ivy@example`);
    await host.page.getByRole('button', { name: 'Send Invitations' }).click();
    await host.page
      .getByTestId('invite-not-sent')
      .filter({ hasText: 'Not sent, not an e-mail address: ivy@example.' })
      .waitFor();
    expect(await box.inputValue()).toBe('ivy@example');
    await screenshot(host.page, 'small-invite-not-sent-390');

    // The invitation promises no "one click" the page does not keep.
    const mail = await mailText(host.page, invited, /invited you to a group order/);
    expect(mail).not.toContain('one click');
    expect(mail).toContain(`tap "I'm not ordering this time"`);

    await host.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await hydrated(host.page);
    await host.page.getByRole('button', { name: 'Send a Reminder' }).click();
    await host.page.getByText('We reminded 1 person who has not ordered yet.').first().waitFor();
    await host.page.getByRole('button', { name: 'Send a Reminder' }).click();
    const refused = host.page.locator('.toast').filter({ hasText: 'You can send the next reminder at' });
    await refused.waitFor();
    const text = (await refused.locator('.toast__description').textContent()) ?? '';
    expect(text).toMatch(/^You can send the next reminder at \d{1,2}:\d{2} [ap]m\.$/);
    expect(await refused.textContent()).not.toMatch(/Error|try again/i);
    await screenshot(host.page, 'small-reminder-again-390');
    await host.context.close();
  });

  it('lists orders joined or hosted with the customer’s e-mail in My Orders, and login returns to the page', async () => {
    const host = await browser.newUser(PHONE);
    // Olivia hosts one order and joins another, neither while logged in.
    const hosted = await hostOrder(host.page, 'olivia.nguyen@example.com');
    const other = await hostOrder(host.page);
    await host.context.close();
    const olivia = await browser.newUser(PHONE);
    await orderEspresso(olivia.page, other.code, 'Olivia', 'olivia.nguyen@example.com');

    await olivia.page.goto('/apps/group-order/find-order');
    await hydrated(olivia.page);
    await olivia.page.getByRole('navigation').getByRole('link', { name: 'Log in' }).click();
    await olivia.page.waitForURL('**/account/login**');
    await olivia.page.locator('form', { hasText: 'olivia.nguyen@example.com' }).getByRole('button').click();
    // Back where she was, not on the shop's home.
    await olivia.page.waitForURL('**/apps/group-order/find-order');

    await olivia.page.goto('/apps/group-order/my-orders');
    const cards = olivia.page.locator('article');
    await cards.filter({ hasText: hosted.code }).getByText('You host this order').waitFor();
    await cards.filter({ hasText: other.code }).getByText('You ordered in this group').waitFor();
    await screenshot(olivia.page, 'small-my-orders-390');
    await olivia.context.close();
  });
});
