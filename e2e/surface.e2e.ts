import { createClient } from '@libsql/client';
import type { Page, Response as PageResponse } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_DEFAULTS } from '../scripts/local-env.mjs';
import { appProxySignature } from '../scripts/simulator/signing.mjs';
import { PHONE, screenshot, urls, useBrowser } from './support';

// What a hostile or curious visitor sees of the storefront: the script CSP holds on every main page
// (no violation while walking them), the signed proxy query never lands in the HTML, answers carry the
// safe headers, and an internal failure shows a sentence, never a stack trace, even under NODE_ENV
// development (the browser tests run the app in development mode, as `npm start` does).

const browser = useBrowser();
const db = createClient({ url: urls().databaseUrl });
afterAll(() => db.close());

const SIGNED_QUERY = /signature=|logged_in_customer_id=|timestamp=\d/;
const INTERNALS =
  /prisma|PrismaClient|node_modules|\/work\/|\bat \S+ \(|SQLITE|no such table|\.server\.ts|stack/i;

type Walk = {
  violations: string[];
  documents: { url: string; status: number; html: string; headers: Record<string, string> }[];
  data: { url: string; headers: Record<string, string> }[];
};

/** A phone whose every CSP violation, document and data response is recorded. */
async function recordedUser() {
  const user = await browser.newUser(PHONE);
  const walk: Walk = { violations: [], documents: [], data: [] };
  await user.page.exposeFunction('__reportCsp', (line: string) => walk.violations.push(line));
  await user.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCsp(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${location.pathname} from ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  user.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) walk.violations.push(message.text());
  });
  user.page.on('response', async (response: PageResponse) => {
    const url = response.url();
    if (!url.startsWith(`${urls().storefront}/apps/group-order`)) return;
    const type = response.request().resourceType();
    if (type === 'document') {
      const html = await response.text().catch(() => '');
      walk.documents.push({ url, status: response.status(), html, headers: response.headers() });
    } else if (new URL(url).pathname.endsWith('.data')) {
      walk.data.push({ url, headers: response.headers() });
    }
  });
  return { ...user, walk };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => Boolean(window.__remixRouter));
}

describe('storefront surface', () => {
  it('walks every main page with no CSP violation, no signed query in the HTML, and safe headers', async () => {
    const host = await recordedUser();
    await host.page.goto('/apps/group-order/host/create');
    await hydrated(host.page);
    await host.page.getByLabel('Your name').fill('Cora Csp');
    await host.page.getByLabel('Your email').fill(`cora-${Date.now()}@example.com`);
    await host.page.getByLabel('Company name').fill('Policy Pty Ltd');
    await host.page.getByRole('button', { name: 'Create Group Order' }).click();
    await host.page.waitForURL('**/apps/group-order/host/dashboard/*');
    await host.page.locator('svg[role="img"], canvas').first().waitFor();
    const code = (await host.page.getByTestId('order-code').textContent())!.trim();
    await host.page.reload();
    await host.page.getByTestId('order-code').waitFor();
    await screenshot(host.page, 'surface-dashboard-390');

    const guest = await recordedUser();
    await guest.page.goto(`/apps/group-order/join/${code}`);
    await hydrated(guest.page);
    await guest.page.getByLabel('Your name').fill('Pia Policy');
    await guest.page.getByRole('button', { name: 'Join', exact: true }).click();
    await guest.page.waitForURL('**/apps/group-order/order/**');
    await guest.page.getByRole('button', { name: 'Add Latte', exact: true }).click();
    const dialog = guest.page.getByRole('dialog', { name: 'Customize Latte' });
    await dialog.getByRole('button', { name: 'Add to Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await guest.page.getByRole('button', { name: 'Review My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Review Your Order' }).waitFor();
    await guest.page.getByRole('button', { name: 'Confirm My Order' }).click();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    // A full page load of the menu too (the join form above navigated client-side).
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();

    // Find order: a GET form that must still reach the loader through the proxy without the signature.
    await guest.page.goto('/apps/group-order/find-order');
    await hydrated(guest.page);
    await guest.page.locator('#find-query').fill(code);
    await guest.page.getByRole('button', { name: 'FIND ORDER' }).click();
    await guest.page.getByText('Policy Pty Ltd').first().waitFor();
    await guest.page.reload();
    await guest.page.getByText('Policy Pty Ltd').first().waitFor();

    // My orders, logged in through the store (the signed customer id must not reach the HTML).
    await guest.page.goto('/apps/group-order/my-orders');
    await guest.page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await guest.page.locator('form', { hasText: 'james.wilson@example.com' }).getByRole('button').click();
    await guest.page.waitForURL('**/apps/group-order/my-orders');
    await guest.page.getByTestId('customer-name').filter({ hasText: 'James Wilson' }).waitFor();
    await screenshot(guest.page, 'surface-my-orders-390');

    for (const { walk } of [host, guest]) {
      expect(walk.violations).toEqual([]);
      expect(walk.documents.length).toBeGreaterThanOrEqual(2);
      for (const doc of walk.documents) {
        expect(doc.html, doc.url).not.toMatch(SIGNED_QUERY);
        expect(doc.headers['x-content-type-options'], doc.url).toBe('nosniff');
        if (doc.status >= 300 && doc.status < 400) continue; // a redirect (log in): no page to protect
        expect(doc.headers['content-security-policy'] ?? '', doc.url).toMatch(/script-src 'nonce-[^']+'/);
        expect(doc.headers['x-content-type-options']).toBe('nosniff');
        expect(doc.headers['referrer-policy']).toBe('same-origin');
        expect(doc.headers['cache-control']).toBe('no-store');
      }
      for (const data of walk.data) {
        expect(data.headers['x-content-type-options'], data.url).toBe('nosniff');
        expect(data.headers['cache-control'], data.url).toBe('no-store');
      }
    }
    expect(guest.walk.data.length).toBeGreaterThan(0);
    expect(guest.walk.documents.map((doc) => new URL(doc.url).pathname)).toEqual(
      expect.arrayContaining(['/apps/group-order/find-order', '/apps/group-order/my-orders']),
    );

    // The listener does catch a violation: an injected inline script without the nonce is refused.
    await guest.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(() => guest.walk.violations.length).toBe(1);
    expect(await guest.page.evaluate(() => window.__injected)).toBeUndefined();
    await host.context.close();
    await guest.context.close();
  });

  it('answers the private API with no-store, nosniff and a referrer policy', async () => {
    const response = await fetch(
      `${urls().storefront}/apps/group-order/api/group-orders/by-email/x%40example.com`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('puts the safe headers on every refusal too: 413, 415, 401, 405 and a malformed path', async () => {
    // The body limit answers before any route looks the order up.
    const code = 'ABC123';
    const big = 'x'.repeat(70 * 1024);
    const store = urls().storefront;
    // A body that streams past the limit with no Content-Length (Node's fetch sends it chunked).
    const streamed = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 80; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(1024)));
          controller.close();
        },
      });
    const json = { 'Content-Type': 'application/json' };
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const cases: [string, number, () => Promise<Response>][] = [
      [
        'a 70 KB confirm',
        413,
        () =>
          fetch(`${store}/apps/group-order/api/order-items`, { method: 'POST', headers: json, body: big }),
      ],
      [
        'a 70 KB join form',
        413,
        () =>
          fetch(`${store}/apps/group-order/join/${code}`, {
            method: 'POST',
            headers: form,
            body: `guestName=${big}`,
          }),
      ],
      [
        'a streamed body past the limit, straight to the app',
        413,
        () =>
          fetch(`${urls().app}/apps/group-order/api/order-items`, {
            method: 'POST',
            headers: json,
            body: streamed(),
            duplex: 'half',
          } as RequestInit),
      ],
      [
        'a confirm that is not JSON',
        415,
        () =>
          fetch(`${store}/apps/group-order/api/order-items`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: '{}',
          }),
      ],
      [
        'an unsigned request, straight to the app',
        401,
        () => fetch(`${urls().app}/apps/group-order/find-order`),
      ],
      ['a GET of the confirm', 405, () => fetch(`${store}/apps/group-order/api/order-items`)],
      ['a malformed path, straight to the app', 400, () => fetch(`${urls().app}/apps/group-order/%E0%A4%A`)],
    ];
    // HTTP lets a server close a connection on a refused upload while the client is still sending it; on
    // a loaded machine the client can then lose the answer to a reset ("fetch failed"). What must hold is
    // the answer a client that reads it gets, so a transport failure is sent once more, never a wrong status.
    const answered = async (send: () => Promise<Response>) => {
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof TypeError) || error.message !== 'fetch failed') throw error;
        return send();
      }
    };
    for (const [what, status, send] of cases) {
      const response = await answered(send);
      await response.arrayBuffer().catch(() => undefined);
      expect(response.status, what).toBe(status);
      expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), what).toBe('same-origin');
      expect(response.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('the direct path for fixed API routes refuses a signed query re-cut without its shop', async () => {
    // Straight to the app, as Shopify's proxy would send it; every storefront route reads the shop the same way
    // (requireStorefront), under Remix and on the confirm's direct route (server/api-routes.mjs).
    const signed = new URLSearchParams({
      shop: LOCAL_DEFAULTS.DEMO_SHOP,
      logged_in_customer_id: '',
      path_prefix: '/apps/group-order',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    const signature = appProxySignature(signed, LOCAL_DEFAULTS.SHOPIFY_API_SECRET);
    const menu = `${urls().app}/apps/group-order/api/menu-items`;
    const genuine = await fetch(`${menu}?${signed}&signature=${signature}`);
    expect(genuine.status).toBe(200);
    // The same signed text with shop=… moved into path_prefix (issue 24): no shop parameter is left.
    const recut = new URLSearchParams({
      logged_in_customer_id: '',
      path_prefix: `/apps/group-ordershop=${LOCAL_DEFAULTS.DEMO_SHOP}`,
      timestamp: signed.get('timestamp')!,
    });
    expect(appProxySignature(recut, LOCAL_DEFAULTS.SHOPIFY_API_SECRET)).toBe(signature);
    const refused = await fetch(`${menu}?${recut}&signature=${signature}`);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toMatch(/^Shopify Store Access Required/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The confirm, answered by the server's direct route: the genuine query passes (the empty cart is then
    // refused on its own terms), the re-cut one does not.
    const confirm = (query: string) =>
      fetch(`${urls().app}/apps/group-order/api/order-items?${query}&signature=${signature}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await confirm(signed.toString())).status).toBe(400);
    const refusedConfirm = await confirm(recut.toString());
    expect(refusedConfirm.status).toBe(401);
    expect(refusedConfirm.headers.get('cache-control')).toBe('no-store');
  });

  it('opens a shared link carrying a tracker’s parameter without it, and answers a NUL in the address with a sentence', async () => {
    const user = await browser.newUser(PHONE);
    // Through the proxy: the app sends the page to itself without utm_source; the proxy signs again.
    const shared = await user.page.goto(
      '/apps/group-order/find-order?utm_source=newsletter&method=code&fbclid=x1',
    );
    expect(shared?.status()).toBe(200);
    expect(new URL(user.page.url()).search).toBe('?method=code');
    await user.page.locator('#find-query').waitFor();
    await screenshot(user.page, 'surface-tracker-link-390');

    const broken = await user.page.goto('/apps/group-order/review/1/Zo%00e');
    expect(broken?.status()).toBe(400);
    await user.page
      .getByText('The address contains invisible control characters. Please check the link.')
      .waitFor();
    await screenshot(user.page, 'surface-nul-in-address-390');
    await user.context.close();
  });

  it('shows a sentence, never internals, when the database fails under NODE_ENV=development', async () => {
    const { rows } = await db.execute("SELECT id, code FROM GroupOrder WHERE status = 'active' LIMIT 1");
    const orderId = Number(rows[0].id);
    const code = String(rows[0].code);
    await db.execute('ALTER TABLE OrderItem RENAME TO OrderItem_away');
    try {
      const api = await fetch(`${urls().storefront}/apps/group-order/api/group-orders/code/${code}`);
      expect(api.status).toBe(500);
      expect(api.headers.get('content-type')).toMatch(/application\/json/);
      const apiBody = await api.text();
      expect(apiBody).not.toMatch(INTERNALS);
      expect(JSON.parse(apiBody).error).toMatch(/Something went wrong on our side/);

      const dashboard = `/apps/group-order/host/dashboard/${orderId}`;
      const data = await fetch(`${urls().storefront}${dashboard}.data`);
      expect(await data.text()).not.toMatch(INTERNALS);

      const user = await browser.newUser(PHONE);
      const page = await user.page.goto(dashboard);
      expect(page?.status()).toBe(500);
      expect(await page?.text()).not.toMatch(INTERNALS);
      await user.page
        .getByText(/Something went wrong/i)
        .first()
        .waitFor();
      await screenshot(user.page, 'surface-internal-error-390');
      await user.context.close();
    } finally {
      await db.execute('ALTER TABLE OrderItem_away RENAME TO OrderItem');
    }
  });
});
