import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { TEST_SHOP } from '../../test/support/requests';

// Links that leave the page (claim and invitation e-mails, the share link and QR code) point at the
// shop's own domain, as Shopify reports it, whatever Host or X-Forwarded-Host a visitor sends. The domain
// is read from Shopify when the merchant opens the app, never during a storefront request.
const api = await startAdminApi([{ domain: TEST_SHOP, primaryDomainUrl: 'https://coffee.example' }]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { args, call, proxyRequest } = await import('../../test/support/requests');
const { createTestGroupOrder, storeOfflineSession } = await import('../../test/support/factories');
const { action: claimAction } = await import('./apps.group-order.api.group-orders.$id.claim');
const { action: inviteAction } = await import('./apps.group-order.api.group-orders.$id.invite');
const { loader: dashboardLoader } = await import('./apps.group-order.host.dashboard.$id');
const { unauthenticated } = await import('~/shopify.server');
const { getAdminSettings } = await import('~/models/shop/adminSettings.server');

const FORGED = {
  Host: 'attacker.example',
  'X-Forwarded-Host': 'attacker.example',
  'X-Forwarded-Proto': 'http',
};

beforeAll(async () => {
  await storeOfflineSession('read_products,read_customers');
});

afterAll(() => api.close());

async function queuedMailTo(address: string) {
  const messages = await prisma.outboxMessage.findMany({
    where: { kind: 'email', payload: { contains: address } },
    orderBy: { id: 'desc' },
  });
  expect(messages.length).toBeGreaterThan(0);
  return messages[0].payload;
}

describe('links built for a request with a forged Host and X-Forwarded-Host', () => {
  it('before the merchant opened the app, a page links to the shop’s fallback origin and asks Shopify nothing', async () => {
    const { order } = await createTestGroupOrder();
    const request = await proxyRequest(`/apps/group-order/host/dashboard/${order.id}`, { headers: FORGED });
    const result = await call(() => dashboardLoader(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    // The local simulator's origin stands for the shop's myshopify.com domain here.
    expect(result.body.shareUrl).toBe(`${api.origin}/apps/group-order/join/${order.code}`);
    const settings = await prisma.shopSettings.findUnique({ where: { shop: TEST_SHOP } });
    expect(settings?.primaryDomainUrl ?? null).toBeNull();
  });

  it('the claim e-mail links to the primary domain read when the merchant opened the app', async () => {
    const { admin } = await unauthenticated.admin(TEST_SHOP);
    await getAdminSettings(TEST_SHOP, admin.graphql);
    const { order } = await createTestGroupOrder({ hostEmail: 'claim-host@example.com' });
    const request = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/claim`, {
      method: 'POST',
      headers: FORGED,
    });
    const result = await call(() => claimAction(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    const mail = await queuedMailTo('claim-host@example.com');
    expect(mail).toContain('https://coffee.example/apps/group-order/host/claim/');
    expect(mail).not.toContain('attacker.example');
    const settings = await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(settings.primaryDomainUrl).toBe('https://coffee.example');
  });

  it('invitation e-mails carry the join link on the shop’s domain', async () => {
    const { order, hostToken } = await createTestGroupOrder();
    const request = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/invite`, {
      body: { emails: ['invitee-links@example.com'] },
      headers: { ...FORGED, 'X-Host-Token': hostToken },
    });
    const result = await call(() => inviteAction(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    const mail = await queuedMailTo('invitee-links@example.com');
    expect(mail).toContain(`https://coffee.example/apps/group-order/join/${order.code}`);
    expect(mail).not.toContain('attacker.example');
  });

  it('the dashboard’s share link and QR code use the shop’s domain', async () => {
    const { order } = await createTestGroupOrder();
    const request = await proxyRequest(`/apps/group-order/host/dashboard/${order.id}`, { headers: FORGED });
    const result = await call(() => dashboardLoader(args(request, { id: String(order.id) })));
    expect(result.status).toBe(200);
    expect(result.body.shareUrl).toBe(`https://coffee.example/apps/group-order/join/${order.code}`);
  });
});
