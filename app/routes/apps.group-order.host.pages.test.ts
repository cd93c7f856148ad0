import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP, type Answer } from '../../test/support/requests';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { loader as createLoader } from './apps.group-order.host.create';
import { loader as dashboardLoader } from './apps.group-order.host.dashboard.$id';
import { action as findAction, loader as findLoader } from './apps.group-order.find-order';
import { loader as myOrdersLoader } from './apps.group-order.my-orders';
import { HOST_LINK_MINUTES } from '~/models/groupOrder/hostLinks.server';

// Page loaders return either plain data or data(value, { status }); unwrap both.
function unwrap(body: Answer): { status: number; data: Answer } {
  if (body && body.type === 'DataWithResponseInit')
    return { status: body.init?.status ?? 200, data: body.data };
  return { status: 200, data: body };
}

beforeAll(async () => {
  await seedMenu();
});

describe('create page loader', () => {
  it('offers only the shop’s payment methods, defaulting to pay in store, and times in the shop zone', async () => {
    await prisma.shopSettings.upsert({
      where: { shop: OTHER_SHOP },
      create: { shop: OTHER_SHOP, paymentMethods: 'invoice,pay-in-store' },
      update: { paymentMethods: 'invoice,pay-in-store' },
    });
    const result = await call(async () =>
      createLoader(args(await proxyRequest('/apps/group-order/host/create', { shop: OTHER_SHOP }))),
    );
    const data = unwrap(result.body).data;
    expect(data.paymentOptions).toEqual([
      { value: 'pay-in-store', label: 'Pay in Store (Credit Card)' },
      { value: 'invoice', label: 'Invoice' },
    ]);
    expect(data.defaults.paymentMethod).toBe('pay-in-store');
    const [h, m] = data.defaults.pickupTime.split(':').map(Number);
    const [dh, dm] = data.defaults.deadlineTime.split(':').map(Number);
    // The shop's offsets (pickup 40, deadline 30 minutes from now) would leave 10 minutes where the shop
    // needs 30: pickup moves to the deadline plus the notice, so the defaults obey the deadline rule.
    expect((h * 60 + m - (dh * 60 + dm) + 1440) % 1440).toBe(30);
    expect(data.deliveryPaymentMethod).toBe('invoice');
  });
});

describe('dashboard loader', () => {
  it('shows "Group order not found" for unknown ids and for another shop’s order', async () => {
    const { order } = await createTestGroupOrder();
    for (const [path, shop] of [
      ['/apps/group-order/host/dashboard/12345', undefined],
      [`/apps/group-order/host/dashboard/${order.id}`, OTHER_SHOP],
    ] as const) {
      const id = path.split('/').pop()!;
      const result = await call(async () =>
        dashboardLoader(args(await proxyRequest(path, { shop }), { id })),
      );
      expect(unwrap(result.body)).toEqual({ status: 404, data: { found: false } });
    }
  });

  it('shows the host address only to the logged-in creator, and the share link on the shop’s origin', async () => {
    const { order } = await createTestGroupOrder({ hostCustomerId: '42' });
    const path = `/apps/group-order/host/dashboard/${order.id}`;
    const visitor = unwrap(
      (await call(async () => dashboardLoader(args(await proxyRequest(path), { id: String(order.id) }))))
        .body,
    ).data;
    expect(visitor.isCreator).toBe(false);
    expect(visitor.order.hostEmail).toBe('h•••@example.com');
    expect(visitor.shareUrl).toBe(`https://${TEST_SHOP}/apps/group-order/join/${order.code}`);
    const creator = unwrap(
      (
        await call(async () =>
          dashboardLoader(args(await proxyRequest(path, { customerId: '42' }), { id: String(order.id) })),
        )
      ).body,
    ).data;
    expect(creator.isCreator).toBe(true);
    expect(creator.order.hostEmail).toBe('hannah@example.com');
  });
});

describe('host dashboard: who pays (money-gaps)', () => {
  it('shows the company payment method only where the company pays, else the money rule', async () => {
    const paymentText = async (rules: Record<string, unknown>) => {
      const { order } = await createTestGroupOrder({ paymentMethod: 'pay-in-store', ...rules });
      const path = `/apps/group-order/host/dashboard/${order.id}`;
      const answer = await call(async () =>
        dashboardLoader(args(await proxyRequest(path), { id: String(order.id) })),
      );
      return unwrap(answer.body).data.order.paymentText;
    };
    expect(await paymentText({ paymentMode: 'company' })).toBe('Pay in Store (Credit Card)');
    expect(await paymentText({ paymentMode: 'own-share' })).toBe(
      'Everyone pays their own share online after confirming.',
    );
    expect(await paymentText({ paymentMode: 'budget', budgetCents: 1500, overagePolicy: 'guest-pays' })).toBe(
      'The company pays up to $15.00 per person; guests pay anything over it online.',
    );
    expect(await paymentText({ paymentMode: 'budget', budgetCents: 1500, overagePolicy: 'refuse' })).toBe(
      'The company pays up to $15.00 per person. Items over the budget can’t be added.',
    );
  });
});

describe('find order loader', () => {
  it('sends a code (any case, as the theme’s no-JavaScript form does) straight to the join page', async () => {
    const { order } = await createTestGroupOrder();
    const result = await call(async () =>
      findLoader(
        args(
          await proxyRequest('/apps/group-order/find-order', { query: { code: order.code.toLowerCase() } }),
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect(result.response?.headers.get('Location')).toBe(`/apps/group-order/join/${order.code}`);
  });

  it('keeps the storefront language the theme form sends on the way to the join page', async () => {
    const { order } = await createTestGroupOrder();
    const query = { code: order.code, locale: 'fr' };
    const result = await call(async () =>
      findLoader(args(await proxyRequest('/apps/group-order/find-order', { query }))),
    );
    expect(result.response?.headers.get('Location')).toBe(`/apps/group-order/join/${order.code}?locale=fr`);
  });

  it('explains an unknown code, a malformed code and an e-mail without orders', async () => {
    const find = async (query: Record<string, string>) =>
      unwrap(
        (
          await call(async () =>
            findLoader(args(await proxyRequest('/apps/group-order/find-order', { query }))),
          )
        ).body,
      );
    expect(await find({ code: 'ZZZZ99' })).toMatchObject({
      status: 404,
      data: {
        problem: { title: 'Order Not Found', message: 'Could not find an order with that information.' },
      },
    });
    expect((await find({ code: 'A1' })).status).toBe(400);
    // An e-mail in the address only opens the e-mail tab: nothing is searched, nothing is said.
    expect(await find({ method: 'email', email: 'nobody@example.com' })).toMatchObject({
      status: 200,
      data: { method: 'email', query: '', problem: null },
    });
  });

  it('takes a code typed with spaces or dashes ("4YAE 2W")', async () => {
    const { order } = await createTestGroupOrder();
    const spaced = `${order.code.slice(0, 4).toLowerCase()} ${order.code.slice(4)}`;
    for (const code of [spaced, `${order.code.slice(0, 3)}-${order.code.slice(3)}`]) {
      const result = await call(async () =>
        findLoader(args(await proxyRequest('/apps/group-order/find-order', { query: { code } }))),
      );
      expect(result.response?.headers.get('Location')).toBe(`/apps/group-order/join/${order.code}`);
    }
  });
});

describe('find order by e-mail (action)', () => {
  const ask = async (email: string, address = '192.0.2.50') =>
    call(async () =>
      findAction(
        args(
          await proxyRequest('/apps/group-order/find-order', {
            body: new URLSearchParams({ method: 'email', email }).toString(),
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'X-Forwarded-For': address,
            },
          }),
        ),
      ),
    );
  const mailsTo = (to: string) =>
    prisma.outboxMessage.findMany({ where: { kind: 'email', payload: { contains: `"to":"${to}"` } } });

  it('answers the same whether or not the address hosts anything, and e-mails one-time links only to a host', async () => {
    const { order: first } = await createTestGroupOrder({ hostEmail: 'two@example.com', name: null });
    const { order: second } = await createTestGroupOrder({
      hostEmail: 'two@example.com',
      status: 'submitted',
    });
    const host = await ask('TWO@example.com');
    const nobody = await ask('nobody@example.com');
    expect(host.status).toBe(200);
    expect(nobody.status).toBe(200);
    const strip = (body: Answer, email: string) => JSON.stringify(body).replaceAll(email, '<email>');
    expect(strip(host.body, 'TWO@example.com')).toBe(strip(nobody.body, 'nobody@example.com'));
    // The page says it (guest.json find.sent) with the address and how long the links work.
    expect(host.body.sent).toEqual({ email: 'TWO@example.com', minutes: HOST_LINK_MINUTES });

    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
    const [mail] = await mailsTo('two@example.com');
    const text = JSON.parse(mail.payload).text as string;
    const links = [...text.matchAll(/\/host\/claim\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(links).toHaveLength(2);
    expect(text).toContain(first.code);
    expect(text).toContain(second.code);
    const claims = await prisma.ownerClaim.findMany({
      where: { groupOrderId: { in: [first.id, second.id] } },
    });
    expect(claims).toHaveLength(2);
    for (const claim of claims) {
      expect(claim.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      expect(claim.usedAt).toBeNull();
    }
  });

  it('refuses what is not an e-mail address, and limits how often one address is mailed', async () => {
    expect(unwrap((await ask('not-an-address')).body).status).toBe(400);
    await createTestGroupOrder({ hostEmail: 'often@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(unwrap((await ask('often@example.com', `192.0.2.${60 + i}`)).body).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsTo('often@example.com')).toHaveLength(3);
  });

  it('searches by e-mail with a POST from the page, so the address stays out of the URL (issue 24)', async () => {
    await createTestGroupOrder({ hostEmail: 'posted@example.com', companyName: 'Posted Co' });
    await createTestGroupOrder({ hostEmail: 'posted@example.com', companyName: 'Posted Co' });
    const signed = await proxyRequest('/apps/group-order/find-order', { method: 'POST' });
    const request = new Request(signed.url, {
      method: 'POST',
      body: new URLSearchParams({ method: 'email', email: 'Posted@example.com' }),
      headers: signed.headers,
    });
    expect(new URL(request.url).search).not.toContain('posted');
    const found = unwrap((await call(() => findAction(args(request)))).body);
    expect(found.status).toBe(200);
    // Nothing is listed: the links go to the address itself, one e-mail with both orders.
    expect(found.data.sent).toEqual({ email: 'Posted@example.com', minutes: HOST_LINK_MINUTES });
    const [mail] = await mailsTo('posted@example.com');
    expect([...JSON.parse(mail.payload).text.matchAll(/\/host\/claim\//g)]).toHaveLength(2);
  });
});

describe('my orders loader', () => {
  it('asks a logged-out visitor to log in', async () => {
    const result = await call(async () =>
      myOrdersLoader(args(await proxyRequest('/apps/group-order/my-orders'))),
    );
    expect(unwrap(result.body).data).toEqual({ loggedIn: false });
  });

  it('lists the customer’s orders with a 0.00 total, even without a Shopify session for the profile', async () => {
    const { order } = await createTestGroupOrder({ hostCustomerId: '555' });
    const result = await call(async () =>
      myOrdersLoader(args(await proxyRequest('/apps/group-order/my-orders', { customerId: '555' }))),
    );
    const data = unwrap(result.body).data;
    expect(data.customer).toEqual({ name: null, email: null, imageUrl: null });
    const orders = await data.orders;
    expect(orders).toEqual([expect.objectContaining({ id: order.id, total: '$0.00', status: 'active' })]);
  });
});
