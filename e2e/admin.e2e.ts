import { createPrismaClient } from '../app/prismaClient.server';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, openAdmin, PHONE, screenshot, urls, useBrowser } from './support';
import { SHOP, storedOrder } from './orders';

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** A submitted group order written to the app's database, its Shopify sync queued as submit does. */
async function submittedOrder(handoff: 'pending' | 'failed' = 'pending') {
  const menu = await prisma.menuItem.findMany({
    where: { shop: SHOP, active: true },
    orderBy: { position: 'asc' },
  });
  const flatWhite = menu.find((m) => m.name === 'Flat White')!;
  const croissant = menu.find((m) => m.name === 'Almond Croissant')!;
  const now = Date.now();
  const order = await storedOrder(prisma, 'E2E', {
    name: 'Quarterly planning',
    hostName: 'Wilhelmina Admin',
    hostEmail: 'wilhelmina@initech.example',
    companyName: 'Initech Pty Ltd',
    orderType: 'pickup',
    paymentMethod: 'invoice',
    deadlineAt: new Date(now + 3600_000),
    currency: 'AUD',
    instructions: 'Leave at reception',
    submittedAt: new Date(),
    participantCount: 2,
    totalItems: 3,
    totalCents: 2 * 600 + 700,
    shopifyState: handoff,
    shopifyError: handoff === 'failed' ? 'Shopify could not be reached: connect ECONNREFUSED' : null,
    items: {
      create: [
        {
          shop: SHOP,
          guestName: 'Bartholomew',
          guestInitials: 'BB',
          menuItemId: flatWhite.id,
          menuItemName: flatWhite.name,
          quantity: 2,
          selectedModifiers: JSON.stringify([{ id: 1, name: 'Oat', type: 'milk', priceDeltaCents: 80 }]),
          specialInstructions: 'Extra hot please',
          unitPriceCents: 600,
          totalCents: 1200,
          confirmationKey: 'e2e-1',
        },
        {
          shop: SHOP,
          guestName: 'Cornelia',
          menuItemId: croissant.id,
          menuItemName: croissant.name,
          quantity: 1,
          unitPriceCents: 700,
          totalCents: 700,
          confirmationKey: 'e2e-2',
        },
      ],
    },
  });
  const { id } = order;
  await prisma.outboxMessage.create({
    data: {
      shop: SHOP,
      kind: 'shopify.draftOrder',
      payload: JSON.stringify({ groupOrderId: id }),
      dedupeKey: `draft-order:${id}`,
      ...(handoff === 'failed'
        ? { status: 'failed', attempts: 8, lastError: 'Shopify could not be reached' }
        : {}),
    },
  });
  return order;
}

describe('embedded admin', () => {
  it('shows a submitted order, finds it by search, lists its guests, and hands it to Shopify', async () => {
    const order = await submittedOrder();
    // The app's outbox worker sends it to the simulated Admin API as a draft order.
    for (let i = 0; i < 60; i++) {
      const saved = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
      if (saved.shopifyState !== 'pending') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const synced = await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect(synced.shopifyState).toBe('sent');
    expect(synced.shopifyDraftOrderName).toMatch(/^#D\d+$/);

    const { page, context } = await browser.newUser(DESKTOP);
    await openAdmin(page);
    await page.getByText('Total orders').waitFor();

    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor();
    await screenshot(page, 'admin-dashboard-1280');

    await page.getByLabel('Search orders').fill('initech');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**q=initech**');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor();

    const hostLink = page.getByRole('link', { name: 'Host dashboard' }).first();
    expect(await hostLink.getAttribute('href')).toBe(
      `${urls().storefront}/apps/group-order/host/dashboard/${order.id}`,
    );
    expect(await hostLink.getAttribute('target')).toBe('_blank');

    const draftUrl = `https://admin.shopify.com/store/demo-coffee/draft_orders/${synced.shopifyDraftOrderId!.split('/').pop()}`;
    const rowDraftLink = page.getByRole('link', {
      name: `Open draft order ${synced.shopifyDraftOrderName} of ${order.code} in Shopify`,
    });
    expect(await rowDraftLink.getAttribute('href')).toBe(draftUrl);
    expect(await rowDraftLink.getAttribute('target')).toBe('_blank');

    await page.getByRole('button', { name: `View details of ${order.code}` }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Bartholomew (BB)').waitFor();
    // The guest's heading (the money section names her too).
    await modal.getByRole('heading', { name: 'Cornelia' }).waitFor();
    await modal.getByText('2 x Flat White — Oat').waitFor();
    await modal.getByText('Note: Extra hot please').waitFor();
    await modal.getByText('Draft order created').waitFor();
    const draftLink = modal.getByRole('link', { name: synced.shopifyDraftOrderName! });
    expect(await draftLink.getAttribute('href')).toBe(draftUrl);
    await screenshot(page, 'admin-order-modal-1280');
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The Shopify mobile app shows the admin at phone width.
    await page.setViewportSize(PHONE);
    const details = page.getByRole('button', { name: `View details of ${order.code}` });
    // Stacked rows: the actions are on screen, not behind a sideways scroll. The table lays itself out
    // again after the resize (the row can be replaced meanwhile), so scroll and measure until it settles.
    await expect
      .poll(
        async () => {
          await details.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
          const box = await details.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        },
        { timeout: 20_000 },
      )
      .toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-dashboard-390');
    await context.close();
  });

  it('offers Retry now for a failed hand-off and an undelivered e-mail, and retrying delivers them', async () => {
    const order = await submittedOrder('failed');
    const email = await prisma.outboxMessage.create({
      data: {
        shop: SHOP,
        kind: 'email',
        payload: JSON.stringify({
          to: 'reginald@initech.example',
          subject: 'Wilhelmina invited you to a group order',
          text: 'Join here',
        }),
        status: 'failed',
        attempts: 8,
        lastError: '421 Service not available',
      },
    });
    const { page, context } = await browser.newUser(DESKTOP);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor();
    await page.getByText('E-mails that could not be sent').waitFor();
    await page.getByText('421 Service not available').waitFor();
    await screenshot(page, 'admin-retry-now-1280');

    await page.getByRole('button', { name: `Retry sending ${order.code} to Shopify now` }).click();
    // The worker picks the re-armed message up and the draft order is created.
    await expect
      .poll(
        async () => (await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyState,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('sent');
    await page.getByRole('button', { name: 'Retry the e-mail to reginald@initech.example now' }).click();
    await expect
      .poll(async () => (await prisma.outboxMessage.findUniqueOrThrow({ where: { id: email.id } })).status, {
        timeout: 20_000,
        interval: 250,
      })
      .not.toBe('failed');
    await page.reload();
    await page.getByRole('cell', { name: order.code, exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: `Retry sending ${order.code} to Shopify now` }).count())
      .toBe(0);
    await expect.poll(() => page.getByText('E-mails that could not be sent').count()).toBe(0);
    await context.close();
  });

  it('tells the merchant when visitors who are not logged in reach the hourly ceiling of new orders', async () => {
    // As strangers spending the shop's anonymous ceiling leave the counters (orderBudget.server.ts).
    const expire = new Date(Date.now() + 40 * 60_000);
    const keys = [`ordersPerShop:${SHOP}`, `ordersRefusedPerShop:${SHOP}`];
    await prisma.rateLimiterFlexible.deleteMany({ where: { key: { in: keys } } });
    await prisma.rateLimiterFlexible.create({ data: { key: keys[0], points: 507, expire } });
    await prisma.rateLimiterFlexible.create({ data: { key: keys[1], points: 7, expire } });
    try {
      const { page, context } = await browser.newUser(DESKTOP);
      await page.goto('/admin');
      await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
      await page.getByText('Some visitors could not start a group order today').waitFor();
      await page
        .getByText(
          'In the current hour, visitors who are not logged in have started 500 of the 500 group orders they may start together. In the last 24 hours, 7 more were refused.',
        )
        .waitFor();
      await page
        .getByText('Customers logged in to your store can still start orders.', { exact: false })
        .waitFor();
      await screenshot(page, 'admin-order-budget-1280');
      await context.close();
      // The Shopify mobile app shows the admin at phone width.
      const phone = await browser.newUser(PHONE);
      await phone.page.goto('/admin');
      await phone.page.getByText('Some visitors could not start a group order today').waitFor();
      await screenshot(phone.page, 'admin-order-budget-390');
      await phone.context.close();
    } finally {
      await prisma.rateLimiterFlexible.deleteMany({ where: { key: { in: keys } } });
    }
  });

  it('a menu item edited in the admin appears on the storefront menu', async () => {
    const { page, context } = await browser.newUser(DESKTOP);
    await page.goto('/admin');
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    await page.locator('ui-nav-menu').getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/app/menu**');
    // An item no other browser test orders, so the shared e2e database stays valid for them.
    const row = page.locator('tr', { hasText: 'Green Sencha' }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Name').fill('Green Sencha Reserve');
    await modal.getByLabel('Price').fill('5.95');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.locator('.sim-toast', { hasText: 'Menu item saved' }).waitFor();
    await page.getByText('Green Sencha Reserve').first().waitFor();

    // Validation message for a bad price.
    await page.getByRole('button', { name: 'Add menu item' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Mystery');
    await page.getByRole('dialog').getByLabel('Category').fill('Food');
    await page.getByRole('dialog').getByLabel('Price').fill('free');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('The price must be an amount such as 4.50.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'admin-menu-1280');
    await page.setViewportSize(PHONE);
    const archive = page
      .locator('li, tr', { hasText: 'Green Sencha Reserve' })
      .getByRole('button', { name: 'Archive' });
    await expect
      .poll(async () => (await archive.boundingBox())!.x + (await archive.boundingBox())!.width)
      .toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-menu-390');
    await page.setViewportSize(DESKTOP);

    const response = await fetch(`${urls().storefront}/apps/group-order/api/menu-items`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Green Sencha Reserve');
    expect(text).toContain('5.95');

    await page.locator('ui-nav-menu').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/app/settings**');
    await page.getByLabel('Pickup location (kitchen) name').waitFor();
    await screenshot(page, 'admin-settings-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-settings-390');
    await context.close();
  });
});
