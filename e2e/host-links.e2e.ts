import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrderThroughPage } from './orders';
import { DESKTOP, mailText, PHONE, screenshot, useBrowser } from './support';

// Issue 27, item 8: a host who loses their link is not stuck, and guests never see host pages or buttons.

const browser = useBrowser();

/** The order as Lena Lost creates it on the create page. */
const createOrder = (page: Page, hostEmail: string) =>
  createOrderThroughPage(page, { name: 'Friday lunch', hostName: 'Lena Lost', hostEmail });

const claimLinkIn = (text: string) => /https?:\/\/\S+\/host\/claim\/[A-Za-z0-9_-]+/.exec(text)?.[0];

describe('host links (issue 27, item 8)', () => {
  it('e-mails the host their dashboard link when the order is created; the link makes another phone a host', async () => {
    const creator = await browser.newUser(DESKTOP);
    const hostEmail = `lena-${Date.now()}@example.com`;
    const { id, code } = await createOrder(creator.page, hostEmail);

    const phone = await browser.newUser(PHONE);
    const mail = await mailText(phone.page, hostEmail, /Your group order "Friday lunch" is open/);
    expect(mail).toContain(code);
    expect(mail).toContain(`/join/${code}`);
    const link = claimLinkIn(mail);
    expect(link).toBeTruthy();
    await screenshot(phone.page, 'host-links-created-mail-390');

    // Opened first on the creating browser, which already manages the order: it goes to the dashboard,
    // and the link is not spent there.
    await creator.page.goto(link!);
    await creator.page.waitForURL(`**/host/dashboard/${id}`);
    await creator.page.getByRole('button', { name: 'Submit Group Order' }).waitFor();

    await phone.page.goto(link!);
    await phone.page.waitForURL(`**/host/dashboard/${id}?claimed=1`);
    await phone.page.getByText('HOST DASHBOARD', { exact: true }).waitFor();
    await phone.page.getByRole('button', { name: 'Submit Group Order' }).waitFor();
    await screenshot(phone.page, 'host-links-claimed-390');

    await Promise.all([creator.context.close(), phone.context.close()]);
  });

  it('finds a host’s orders by e-mail through a one-time e-mailed link, answering the same for any address', async () => {
    const creator = await browser.newUser(DESKTOP);
    const hostEmail = `lena-find-${Date.now()}@example.com`;
    const { id } = await createOrder(creator.page, hostEmail);
    await creator.context.close();

    const phone = await browser.newUser(PHONE);
    const { page } = phone;
    const ask = async (email: string) => {
      await page.goto('/apps/group-order/find-order');
      await page.waitForFunction(() => Boolean(window.__remixRouter));
      await page.getByRole('radio', { name: 'Your Email' }).check();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'FIND ORDER' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      expect(page.url()).not.toContain('@');
      return ((await page.getByRole('status').first().textContent()) ?? '').replace(email, '<email>');
    };
    const forNobody = await ask(`nobody-${Date.now()}@example.com`);
    const forHost = await ask(hostEmail);
    expect(forHost).toBe(forNobody);
    expect(forHost).toContain('we have e-mailed it a link');
    // Never the guest join form, never a list of someone's orders.
    expect(await page.getByRole('button', { name: /Join/ }).count()).toBe(0);
    await screenshot(page, 'host-links-find-by-email-390');

    const mail = await mailText(page, hostEmail, /Manage your group order "Friday lunch"/);
    const link = claimLinkIn(mail)!;
    await page.goto(link);
    await page.waitForURL(`**/host/dashboard/${id}?claimed=1`);
    await page.getByRole('button', { name: 'Submit Group Order' }).waitFor();
    await screenshot(page, 'host-links-dashboard-390');
    // One time only.
    await page.goto(link);
    await page.getByText('This link no longer works').waitFor();
    await phone.context.close();
  });

  it('shows a guest (or the merchant) the order’s status at the dashboard address, with no host page or buttons', async () => {
    const creator = await browser.newUser(DESKTOP);
    const { id } = await createOrder(creator.page, `lena-guest-${Date.now()}@example.com`);
    await creator.context.close();

    const guest = await browser.newUser(PHONE);
    await guest.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await guest.page.getByRole('heading', { name: 'Only the host can submit' }).waitFor();
    expect(await guest.page.getByText('HOST DASHBOARD').count()).toBe(0);
    await guest.page.getByText('GROUP ORDER', { exact: true }).waitFor();
    for (const name of [
      'I Created This Order - Submit It',
      'Submit Group Order',
      'Extend deadline by 15 min',
      'Send Invitations',
    ]) {
      expect(await guest.page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await guest.page.title()).not.toMatch(/Host dashboard/i);
    await screenshot(guest.page, 'host-links-guest-view-390');
    // A host who is not recognised here is pointed to the e-mailed link, not given a host button.
    await guest.page.getByRole('link', { name: 'get a new link by e-mail' }).click();
    await guest.page.waitForURL('**/find-order?method=email');
    await guest.page.getByLabel('Email address').waitFor();
    await guest.context.close();
  });
});
