import { afterAll, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../test/support/requests';

// A shop in Auckland paying in NZD: the first admin visit takes those from the Admin API `shop` query.
const api = await startAdminApi([
  { domain: TEST_SHOP, name: 'Kiwi Beans', currencyCode: 'NZD', ianaTimezone: 'Pacific/Auckland' },
]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { adminRequest } = await import('../../test/support/adminRequests');
const { storeOfflineSession } = await import('../../test/support/factories');
const { args, call } = await import('../../test/support/requests');
const { loader, action } = await import('./app.settings');

afterAll(() => api.close());

const valid = {
  shopName: 'Kiwi Beans',
  kitchenName: 'Ponsonby kitchen',
  timeZone: 'Pacific/Auckland',
  currency: 'nzd',
  pickupNoticeMinutes: '45',
  defaultPickupOffsetMinutes: '60',
  defaultDeadlineOffsetMinutes: '30',
  emailSenderName: 'Kiwi Beans',
  paymentMethods: ['invoice', 'on-account'],
};

describe('admin settings', () => {
  it('defaults time zone, currency and name from the shop on the first visit', async () => {
    await storeOfflineSession('read_products');
    const { status, body } = await call(async () => loader(args(await adminRequest('/app/settings'))));
    expect(status).toBe(200);
    expect(body.settings).toMatchObject({
      timeZone: 'Pacific/Auckland',
      currency: 'NZD',
      shopName: 'Kiwi Beans',
    });
    expect(api.sim.state.calls.filter((c: Answer) => c.rootFields.includes('shop'))).toHaveLength(1);

    // Once known, the Admin API is not asked again.
    await call(async () => loader(args(await adminRequest('/app/settings'))));
    expect(api.sim.state.calls.filter((c: Answer) => c.rootFields.includes('shop'))).toHaveLength(1);
  });

  it('saves valid settings and explains invalid ones', async () => {
    const saved = await call(async () => action(args(await adminRequest('/app/settings', { form: valid }))));
    expect(saved.body).toMatchObject({ ok: true });
    expect(await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).toMatchObject({
      kitchenName: 'Ponsonby kitchen',
      currency: 'NZD',
      pickupNoticeMinutes: 45,
      paymentMethods: 'invoice,on-account',
    });

    const bad = await call(async () =>
      action(
        args(
          await adminRequest('/app/settings', {
            form: { ...valid, timeZone: 'Mars/Olympus', currency: 'dollars', paymentMethods: [] },
          }),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      timeZone: 'Choose a valid time zone, such as Australia/Sydney.',
      currency: 'Currency must be a three-letter code such as AUD.',
      paymentMethods: 'Offer at least one payment method.',
    });
    expect((await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).timeZone).toBe(
      'Pacific/Auckland',
    );
  });

  it('keeps the address the merchant is e-mailed at on each submitted order, or none', async () => {
    const save = async (merchantEmail: string) =>
      call(async () =>
        action(args(await adminRequest('/app/settings', { form: { ...valid, merchantEmail } }))),
      );
    expect((await save(' kitchen@kiwi.example ')).body).toMatchObject({ ok: true });
    const stored = async () =>
      (await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).merchantEmail;
    expect(await stored()).toBe('kitchen@kiwi.example');
    const bad = await save('kitchen at kiwi');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.merchantEmail).toBe(
      'Enter an e-mail address such as kitchen@example.com, or leave it empty.',
    );
    expect(await stored()).toBe('kitchen@kiwi.example');
    expect((await save('')).body).toMatchObject({ ok: true });
    expect(await stored()).toBeNull();
  });

  it('accepts any Unicode a merchant types, refuses control characters, and answers 415 to a non-form body', async () => {
    const save = async (form: Record<string, string | string[]>) =>
      call(async () => action(args(await adminRequest('/app/settings', { form }))));
    const emoji = await save({ ...valid, kitchenName: '☕ 𠀋 Café', emailSenderName: '𝒜lice’s Kitchen 😀' });
    expect(emoji.body).toMatchObject({ ok: true });
    expect(await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).toMatchObject({
      kitchenName: '☕ 𠀋 Café',
      emailSenderName: '𝒜lice’s Kitchen 😀',
    });
    const bell = await save({ ...valid, kitchenName: 'Ding\u0007' });
    expect(bell.status).toBe(400);
    expect(bell.body.errors.kitchenName).toBe(
      'Pickup location contains invisible control characters. Please retype it.',
    );

    const form = await adminRequest('/app/settings', { form: valid });
    const json = new Request(form.url, {
      method: 'POST',
      headers: { ...Object.fromEntries(form.headers), 'content-type': 'application/json' },
      body: JSON.stringify(valid),
    });
    const refused = await call(async () => action(args(json)));
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Send this form as a form post (application/x-www-form-urlencoded).');
  });
});
