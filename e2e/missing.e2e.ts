import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../app/prismaClient.server';
import {
  DESKTOP,
  hydrated,
  mailRows,
  openAdmin,
  PHONE,
  SCREENSHOTS,
  screenshot,
  urls,
  useBrowser,
} from './support';
import { SHOP, simulatorAdmin } from './orders';

// Issue 12, part 3, end to end: a host creates an order that submits itself at its deadline (a few minutes
// ahead, through the real create form and the app's own outbox worker: no clock is faked), invites three
// people; one says "I'm not ordering this time" from the e-mail's link, one orders through hers, the
// reminder reaches the third. At the deadline the order submits itself (host receipt), the merchant marks
// it ready on the prep board and the ready e-mail arrives; the guest's timeline follows at 390 px.

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

const run = Date.now().toString(36);
const ANA = `ana-${run}@missing.example`;
const BEN = `ben-${run}@missing.example`;
const CAT = `cat-${run}@missing.example`;
const HOST = `hugo-${run}@missing.example`;

/** Wall-clock date and time in the shop's zone, as the create form takes them. */
function zoned(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Opens the newest e-mail to this address whose subject matches. */
async function openMail(page: Page, to: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailRows(page, to)).some((row) => subject.test(row)), { timeout: 15_000 })
    .toBe(true);
  await page.locator('tbody tr').filter({ hasText: to }).getByRole('link', { name: subject }).first().click();
  await page.getByTestId('mail-html').waitFor();
}

describe('who is still missing (issue 12, part 3)', () => {
  it('decline, order, reminder, auto-submit at the deadline, ready on the prep board', async () => {
    const settings = await prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    // Three whole minutes ahead at most (the form takes minutes): time for the steps before it.
    const deadline = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 3 * 60_000);
    const when = zoned(deadline, settings.timeZone);

    // The host creates the order with auto-submit on.
    const host = await browser.newUser(DESKTOP);
    await host.page.goto('/apps/group-order/host/create');
    await hydrated(host.page);
    await host.page.getByLabel('Your name').fill('Hugo Host');
    await host.page.getByLabel('Your email').fill(HOST);
    await host.page.getByLabel('Company name').fill('Globex');
    await host.page.getByLabel('Group or meeting name').fill(`Standup ${run}`);
    await host.page.getByLabel('Order deadline date').fill(when.date);
    await host.page.getByLabel('Order deadline time').fill(when.time);
    await host.page.getByRole('checkbox', { name: /Submit the order automatically/ }).check();
    await screenshot(host.page, 'missing-create-1280');
    await host.page.getByRole('button', { name: 'Create Group Order' }).click();
    await host.page.waitForURL(/\/host\/dashboard\/\d+/);
    const id = Number(/dashboard\/(\d+)/.exec(host.page.url())![1]);
    const order = await prisma.groupOrder.findUniqueOrThrow({ where: { id } });
    expect(order.autoSubmit).toBe(true);
    expect(order.deadlineAt.getTime()).toBe(deadline.getTime());

    // Three invitations.
    await host.page.getByLabel('Email addresses').fill(`${ANA}, ${BEN}, ${CAT}`);
    await host.page.getByRole('button', { name: 'Send Invitations' }).click();
    await host.page.getByText('Successfully sent 3 out of 3 invitations.', { exact: true }).waitFor();
    const list = host.page.getByTestId('missing-list');
    await expect.poll(() => list.locator('[data-state="invited"]').count(), { timeout: 15_000 }).toBe(3);

    // Ben is not ordering: the link in his invitation asks, the button answers.
    const ben = await browser.newUser(PHONE);
    await openMail(ben.page, BEN, /invited you to a group order/);
    await ben.page.getByTestId('mail-html').getByRole('link', { name: "I'm not ordering this time" }).click();
    await hydrated(ben.page);
    await ben.page.getByRole('button', { name: "I'm not ordering this time" }).click();
    await ben.page.getByTestId('not-ordering-done').waitFor();
    await screenshot(ben.page, 'missing-not-ordering-390');

    // Ana orders through her invitation's join link (her address is filled in for her).
    const ana = await browser.newUser(PHONE);
    await openMail(ana.page, ANA, /invited you to a group order/);
    await ana.page.getByTestId('mail-html').getByRole('link', { name: 'Join the group order' }).click();
    await hydrated(ana.page);
    expect(await ana.page.getByLabel('Email').inputValue()).toBe(ANA);
    await ana.page.getByRole('button', { name: "I'm not ordering this time" }).waitFor();
    await screenshot(ana.page, 'missing-join-invited-390');
    await ana.page.getByLabel('Your name').fill('Ana');
    await ana.page.getByRole('button', { name: 'Join', exact: true }).click();
    await ana.page.getByRole('button', { name: 'Add Flat White', exact: true }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Customize Flat White' });
    await dialog.getByRole('button', { name: 'Add to Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await ana.page.getByRole('button', { name: 'Review My Order' }).click();
    await ana.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await ana.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();

    // The host sees who is still missing and reminds them: only Cat.
    await host.page.reload();
    await hydrated(host.page);
    await list.locator('[data-state="ordered"]').filter({ hasText: ANA }).waitFor({ timeout: 15_000 });
    await list.locator('[data-state="not-ordering"]').filter({ hasText: BEN }).waitFor();
    await list.locator('[data-state="invited"]').filter({ hasText: CAT }).waitFor();
    await host.page.getByRole('button', { name: 'Send a Reminder' }).click();
    await host.page.getByText('We reminded 1 person who has not ordered yet.', { exact: true }).waitFor();
    await screenshot(host.page, 'missing-dashboard-1280');
    const reminder = /Reminder: add your order to /;
    const mail = await browser.newUser(DESKTOP);
    await openMail(mail.page, CAT, reminder);
    for (const other of [ANA, BEN]) {
      expect((await mailRows(mail.page, other)).filter((row) => reminder.test(row))).toEqual([]);
    }
    // A second reminder right away is refused with one sentence: when the next one can go.
    await host.page.getByRole('button', { name: 'Send a Reminder' }).click();
    await host.page
      .locator('.toast__description')
      .filter({ hasText: /^You can send the next reminder at \d{1,2}:\d{2} [ap]m\.$/ })
      .waitFor();
    const phoneHost = await browser.newUser(PHONE);
    await phoneHost.context.addInitScript(
      ([key, token]) => window.localStorage.setItem(key, token),
      [
        `group-order:host-token:${id}`,
        (await host.page.evaluate((k) => window.localStorage.getItem(k), `group-order:host-token:${id}`)) ??
          '',
      ],
    );

    // At the deadline the order submits itself (the app's outbox worker), once, and the host gets the receipt.
    await expect
      .poll(async () => (await prisma.groupOrder.findUniqueOrThrow({ where: { id } })).status, {
        timeout: 240_000,
        interval: 2000,
      })
      .toBe('submitted');
    await expect
      .poll(
        async () =>
          (await mailRows(mail.page, HOST)).filter((row) => /Receipt: ".*" submitted/.test(row)).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    await host.page.reload();
    await host.page.getByText('Submitted', { exact: true }).first().waitFor();

    // The merchant moves it on the prep board to ready.
    const merchant = await browser.newUser(DESKTOP);
    await openAdmin(merchant.page);
    await merchant.page.getByRole('link', { name: 'Prep board' }).click();
    const card = merchant.page.getByRole('region', { name: `Order ${order.code}` });
    await card
      .getByText(/^1 × Flat White/)
      .first()
      .waitFor();
    for (const step of ['Received', 'Preparing', 'Ready']) {
      await card.getByRole('button', { name: `Mark ${step}` }).click();
      await card.getByText(`Kitchen: ${step}`).waitFor();
    }
    await screenshot(merchant.page, 'missing-prep-board-1280');
    // The labels open in a tab of their own (a signed link).
    const [labelsTab] = await Promise.all([
      merchant.context.waitForEvent('page'),
      card.getByRole('link', { name: 'Print labels' }).click(),
    ]);
    await labelsTab.getByText(`1 label for ${order.code} · 62 mm roll`).waitFor();
    const labels = path.join(SCREENSHOTS, 'missing-labels.pdf');
    await labelsTab.pdf({ path: labels, preferCSSPageSize: true, printBackground: true });
    expect(execFileSync('pdfinfo', [labels]).toString()).toMatch(/Pages:\s+1\b/);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '200',
      '-singlefile',
      labels,
      path.join(SCREENSHOTS, 'missing-label'),
    ]);

    // The ready e-mail reaches Ana, and her confirmed screen shows it.
    const ready = /Your order from Demo Coffee is ready for pickup at /;
    await expect
      .poll(async () => (await mailRows(mail.page, ANA)).filter((row) => ready.test(row)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    await ana.page.reload();
    await ana.page
      .getByTestId('kitchen-state')
      .filter({ hasText: 'Now: Ready' })
      .waitFor({ timeout: 20_000 });
    await screenshot(ana.page, 'missing-guest-timeline-390');

    // The merchant completes the draft order in Shopify (the simulated Admin API); the app's admin shows it.
    await expect
      .poll(async () => (await prisma.groupOrder.findUniqueOrThrow({ where: { id } })).shopifyState, {
        timeout: 20_000,
      })
      .toBe('sent');
    const draftId = (await prisma.groupOrder.findUniqueOrThrow({ where: { id } })).shopifyDraftOrderId;
    const completed = await simulatorAdmin(
      'mutation($id: ID!) { draftOrderComplete(id: $id) { draftOrder { status } } }',
      { id: draftId },
      'merchant-in-shopify-admin',
    );
    expect(completed.draftOrderComplete.draftOrder.status).toBe('COMPLETED');
    await openAdmin(merchant.page);
    await merchant.page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await merchant.page.waitForURL('**tab=submitted**');
    await merchant.page.getByRole('button', { name: `View details of ${order.code}` }).click();
    await merchant.page
      .getByRole('dialog')
      .getByText(/^Completed in Shopify as order #\d+/)
      .waitFor();
    await screenshot(merchant.page, 'missing-admin-completed-1280');

    // The host's phone: the list stays, the schedule controls are gone after the submit.
    await phoneHost.page.goto(`/apps/group-order/host/dashboard/${id}`);
    await phoneHost.page.getByTestId('missing-list').waitFor();
    expect(await phoneHost.page.getByRole('button', { name: 'Send a Reminder' }).count()).toBe(0);
    await screenshot(phoneHost.page, 'missing-dashboard-submitted-390');

    // Exactly once: one deadline job, done; one submit e-mail to Ana.
    const jobs = await prisma.outboxMessage.findMany({ where: { dedupeKey: `deadline:${id}` } });
    expect(jobs.map((j) => j.status)).toEqual(['sent']);
    expect(
      (await mailRows(mail.page, ANA)).filter((row) => /Your order in ".*" has been submitted/.test(row)),
    ).toHaveLength(1);
    await Promise.all([host, ben, ana, mail, merchant, phoneHost].map((user) => user.context.close()));
  }, 420_000);
});
