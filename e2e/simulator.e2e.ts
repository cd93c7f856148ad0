import { createPrismaClient } from '../app/prismaClient.server';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_DEFAULTS } from '../scripts/local-env.mjs';
import { sessionToken } from '../scripts/simulator/signing.mjs';
import { DESKTOP, screenshot, urls, useBrowser } from './support';
import { SHOP, storedOrder } from './orders';

// The local product's own switches and its admin session (issue 27, items 13 and 14).

const browser = useBrowser();
const prisma = createPrismaClient(urls().databaseUrl);
afterAll(() => prisma.$disconnect());

/** A submitted order whose Shopify hand-off is queued, as submit leaves it. */
async function submittedOrder() {
  const espresso = await prisma.menuItem.findFirstOrThrow({ where: { shop: SHOP, name: 'Espresso' } });
  const now = Date.now();
  const order = await storedOrder(prisma, 'S', (id) => ({
    name: 'Switches test',
    hostName: 'Sim Host',
    hostEmail: 'sim-host@example.com',
    companyName: 'Simco',
    orderType: 'pickup',
    paymentMethod: 'invoice',
    deadlineAt: new Date(now + 3600_000),
    currency: 'AUD',
    submittedAt: new Date(),
    hostTokenHash: 'y'.repeat(64),
    participantCount: 1,
    totalItems: 1,
    totalCents: 400,
    shopifyState: 'pending',
    items: {
      create: [
        {
          shop: SHOP,
          guestName: 'Sal',
          menuItemId: espresso.id,
          menuItemName: espresso.name,
          quantity: 1,
          unitPriceCents: 400,
          totalCents: 400,
          confirmationKey: `sim-${id}`,
        },
      ],
    },
  }));
  return { id: order.id, code: order.code };
}

describe('simulator switches (issue 27, item 13)', () => {
  it('a person makes the hand-off fail from the simulator, sees Retry now in the admin, and retries it', async () => {
    const { page, context } = await browser.newUser(DESKTOP);
    try {
      // Reached from the mailbox page.
      await page.goto('/mailbox');
      await page.getByRole('link', { name: 'Admin API switches' }).last().click();
      await page.waitForURL('**/simulator/admin-api');
      await page.getByLabel('Fail the next').fill('20');
      await page.getByLabel('Which calls').selectOption('draftOrders');
      await page.getByLabel('How').selectOption('http500');
      await page.getByRole('button', { name: 'Fail them' }).click();
      await page.getByText('The next 20 draft-order calls will fail.').waitFor();
      await page
        .getByTestId('pending-failures')
        .getByText(/The next 20 draft-order calls/)
        .waitFor();
      await screenshot(page, 'simulator-admin-api-1280');

      const order = await submittedOrder();
      await prisma.outboxMessage.create({
        data: {
          shop: SHOP,
          kind: 'shopify.draftOrder',
          payload: JSON.stringify({ groupOrderId: order.id }),
          dedupeKey: `draft-order:${order.id}`,
        },
      });
      // The worker's first try meets the failure and waits to try again.
      await expect
        .poll(
          async () =>
            (await prisma.outboxMessage.findFirst({ where: { dedupeKey: `draft-order:${order.id}` } }))
              ?.attempts,
          { timeout: 20_000, interval: 250 },
        )
        .toBeGreaterThan(0);

      await page.goto('/admin');
      await page.waitForFunction(() => Boolean(window.__remixRouter));
      await page.getByRole('tab', { name: 'Submitted Orders' }).click();
      await page.waitForURL('**tab=submitted**');
      const retry = page.getByRole('button', { name: `Retry sending ${order.code} to Shopify now` });
      await retry.waitFor();
      await screenshot(page, 'simulator-retry-now-admin-1280');

      // Shopify is back: the person clears the switch, then retries from the admin.
      const sim = await browser.newUser(DESKTOP);
      await sim.page.goto('/simulator/admin-api');
      await sim.page.getByRole('button', { name: 'Stop failing (clear)' }).click();
      await sim.page.getByText('None: every call is answered normally.').waitFor();
      await sim.context.close();
      await retry.click();
      await expect
        .poll(
          async () => (await prisma.groupOrder.findUniqueOrThrow({ where: { id: order.id } })).shopifyState,
          { timeout: 20_000, interval: 250 },
        )
        .toBe('sent');
    } finally {
      // Never leave failures armed for other browser tests.
      await fetch(`${urls().storefront}/simulator/admin-api`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=clear',
        redirect: 'manual',
      });
      await context.close();
    }
  });
});

describe('admin session (issue 27, item 14)', () => {
  it('reloading the admin after its id token expired renews the token and shows the app', async () => {
    const { page, context } = await browser.newUser(DESKTOP);
    await page.goto('/admin');
    await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    const opened = new URL(page.url());
    expect(opened.searchParams.get('id_token')).toBeTruthy();

    // The page's address as it is a few minutes later: the token it carries has expired. Reloading it is
    // what a merchant does after leaving the tab open.
    const expired = sessionToken({
      shop: SHOP,
      apiKey: LOCAL_DEFAULTS.SHOPIFY_API_KEY,
      apiSecret: LOCAL_DEFAULTS.SHOPIFY_API_SECRET,
      lifetimeSeconds: -600,
    });
    opened.searchParams.set('id_token', expired);
    await page.goto(opened.pathname + opened.search);
    await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor({ timeout: 20_000 });
    const renewed = new URL(page.url()).searchParams.get('id_token');
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(expired);
    await page.reload();
    await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor({ timeout: 20_000 });

    // The renewed page works on. Its first token in this page load is handed out already expired (as
    // if the tab slept past it): the app refuses it with Shopify's retry header, and the stand-in fetches
    // a fresh one and asks again, as App Bridge does.
    let handedOut = 0;
    await page.route('**/__sim/id-token', async (route) => {
      handedOut += 1;
      if (handedOut === 1) return route.fulfill({ body: expired, contentType: 'text/plain' });
      return route.continue();
    });
    await page.waitForFunction(() => Boolean(window.__remixRouter));
    await page.getByRole('tab', { name: 'Submitted Orders' }).click();
    await page.waitForURL('**tab=submitted**');
    await page.getByText('ADMIN DASHBOARD', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Submitted Orders', selected: true }).waitFor();
    expect(handedOut).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'simulator-admin-after-expiry-1280');
    await context.close();
  });
});
