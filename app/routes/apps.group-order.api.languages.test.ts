import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { consumeOrRefuse } from '~/models/limits/rateLimits.server';
import { LIMITS } from '~/models/limits/rateLimitBudgets';
import { CLOSED_MESSAGES } from '~/models/groupOrder/groupOrder.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, proxyRequest, TEST_SHOP } from '../../test/support/requests';
import { action as orderItemsAction } from './apps.group-order.api.order-items';
import { loader as byCodeLoader } from './apps.group-order.api.group-orders.code.$code';

// The storefront API's refusals in the request's language (lib/sentences.server.ts): the `locale` the
// storefront's API client adds, else the browser's Accept-Language; English exactly as before.

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let latteId: number;

beforeEach(async () => {
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  const menu = await seedMenu(TEST_SHOP);
  latteId = menu.find((m) => m.name === 'Latte')!.id;
  ({ order } = await createTestGroupOrder());
});

function cart(overrides: Record<string, unknown> = {}) {
  return {
    groupOrderId: order.id,
    confirmationKey: 'confirm-key-0001',
    guestName: 'Alex',
    guestInitials: 'AB',
    guestEmail: 'alex@example.com',
    items: [{ menuItemId: latteId, quantity: 1, selectedModifiers: [] }],
    ...overrides,
  };
}

async function confirm(body: unknown, language?: { locale?: string; accept?: string }) {
  const request = await proxyRequest('/apps/group-order/api/order-items', {
    body,
    query: language?.locale ? { locale: language.locale } : {},
    headers: language?.accept ? { 'Accept-Language': language.accept } : {},
  });
  return call(() => orderItemsAction(args(request)));
}

describe('refusals in the request language', () => {
  it('says what is wrong with the input (zod) in French, English unchanged', async () => {
    const english = await confirm(cart({ guestName: '' }));
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({
      error: 'Please enter your name.',
      message: 'Please enter your name.',
    });

    const french = await confirm(cart({ guestName: '' }), { locale: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body).toMatchObject({
      error: 'Veuillez saisir votre nom.',
      message: 'Veuillez saisir votre nom.',
    });

    const german = await confirm(cart({ items: [] }), { accept: 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.body.error).toBe('Fügen Sie Ihrer Bestellung mindestens einen Artikel hinzu.');
    expect(await prisma.orderItem.count()).toBe(0);
  });

  it('says why a closed order refuses, with when on the language’s own clock', async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { deadlineAt: new Date(Date.now() - 1000) },
    });
    const english = await confirm(cart());
    expect(english.status).toBe(409);
    expect(english.body.error).toMatch(/^Ordering closed at \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m\. /);
    expect(english.body.error.endsWith(CLOSED_MESSAGES.expired)).toBe(true);

    const french = await confirm(cart(), { locale: 'fr-FR' });
    expect(french.status).toBe(409);
    expect(french.body).toMatchObject({ reason: 'expired' });
    expect(french.body.error).toMatch(
      /^Commandes closes le .+, \d{2}:\d{2}\. L'heure limite de cette commande/,
    );
    expect(french.body.error).not.toMatch(/\d ?[ap]\.?m\b/i);
    expect(french.body.message).toBe(french.body.error);
    expect(await prisma.orderItem.count()).toBe(0);
  });

  it('says a rate limit with its minutes in French and German', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.21' };
    await consumeOrRefuse('orderReads', `${TEST_SHOP}:198.51.100.21`, LIMITS.orderReads.points);
    const byCode = async (query: Record<string, string>, more: Record<string, string> = {}) => {
      const path = `/apps/group-order/api/group-orders/code/${order.code}`;
      const request = await proxyRequest(path, { query, headers: { ...headers, ...more } });
      return call(() => byCodeLoader(args(request, { code: order.code })));
    };

    const english = await byCode({});
    expect(english.status).toBe(429);
    expect(english.body.error).toMatch(
      /^Too many requests for orders from your connection\. Please try again in \d+ minutes?\.$/,
    );

    const french = await byCode({ locale: 'fr' });
    expect(french.status).toBe(429);
    expect(french.body.error).toMatch(
      /^Trop de demandes de commandes depuis votre connexion\. Veuillez réessayer dans \d+ minutes?\.$/,
    );
    expect(Number(french.response?.headers.get('Retry-After'))).toBeGreaterThan(0);

    const german = await byCode({}, { 'Accept-Language': 'de' });
    expect(german.body.error).toMatch(
      /^Zu viele Bestellabfragen von Ihrer Verbindung\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/,
    );
  });

  it('says a limit and a miss in French, and leaves a sentence the message files lack in English', async () => {
    const french = await confirm(cart({ guestName: 'x'.repeat(61) }), { locale: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.error).toBe('Un nom peut compter au plus 60 caractères.');
    const unknownId = await confirm(cart({ groupOrderId: 999_999 }), { locale: 'fr' });
    expect(unknownId.status).toBe(404);
    expect(unknownId.body.error).toBe('Commande groupée introuvable');
    // Not a guest's sentence (the storefront's own script sends the key), so not in the api files yet.
    const badKey = await confirm(cart({ confirmationKey: 'x' }), { locale: 'fr' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toBe(
      'The confirmation key must be 8-100 letters, digits, dashes or underscores.',
    );
  });
});
