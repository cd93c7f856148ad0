import type { ActionFunctionArgs } from '@remix-run/node';
import { beforeEach, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { wordsFor } from '~/i18n.server';
import { errorResponse } from '~/lib/http.server';
import { sayIn } from '~/lib/sentences.server';
import { Invalid } from '~/lib/errors';
import { nameTakenMessage } from '~/lib/guests';
import { FORM_MESSAGES } from '~/lib/hostText';
import { getShopSettings } from '~/models/shop/settings.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { args, call, OTHER_SHOP, proxyRequest, TEST_SHOP, type Answer } from '../../test/support/requests';
import { action as orderItemsAction } from './apps.group-order.api.order-items';
import { action as extendAction } from './apps.group-order.api.group-orders.$id.extend';
import { action as scheduleAction } from './apps.group-order.api.group-orders.$id.schedule';
import { loader as statusLoader } from './apps.group-order.api.group-orders.$id.status';
import { action as guestLinkAction } from './apps.group-order.api.group-orders.$id.guest-link';
import { guestLinkSentMessage } from '~/models/groupOrder/guestLinks.server';
import { action as joinAction } from './apps.group-order.join.$code';
import { action as findAction } from './apps.group-order.find-order';

// The storefront's remaining English edges in French and German (issue 26): refusals with a name, a number
// or a time in them, host refusals, the polled status, the join form's refusals, Find order's e-mail, and
// the shop's own language for a request that names none. English stays as the code writes it.

const fr = wordsFor('fr').t;
const de = wordsFor('de').t;

let order: Awaited<ReturnType<typeof createTestGroupOrder>>['order'];
let hostToken: string;
let latteId: number;

beforeEach(async () => {
  await prisma.rateLimiterFlexible.deleteMany();
  await prisma.outboxMessage.deleteMany();
  await prisma.orderItem.deleteMany();
  await prisma.guest.deleteMany();
  await prisma.groupOrder.deleteMany();
  const menu = await seedMenu(TEST_SHOP);
  latteId = menu.find((m) => m.name === 'Latte')!.id;
  ({ order, hostToken } = await createTestGroupOrder());
});

type Language = { locale?: string; accept?: string };
const query = (language: Language = {}): Record<string, string> =>
  language.locale ? { locale: language.locale } : {};
const headers = (language: Language = {}): Record<string, string> =>
  language.accept ? { 'Accept-Language': language.accept } : {};

async function confirm(overrides: Record<string, unknown>, language?: Language, shop = TEST_SHOP) {
  const body = {
    groupOrderId: order.id,
    confirmationKey: `key-${Math.random().toString(36).slice(2, 12)}`,
    guestName: 'Bob',
    guestToken: 'bob-phone-token-0000000001',
    items: [{ menuItemId: latteId, quantity: 1, selectedModifiers: [] }],
    ...overrides,
  };
  const request = await proxyRequest('/apps/group-order/api/order-items', {
    body,
    query: query(language),
    headers: headers(language),
    shop,
  });
  return call(() => orderItemsAction(args(request)));
}

async function hostCall(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  body: Record<string, unknown>,
  language: Language,
) {
  const request = await proxyRequest(`/apps/group-order/api/group-orders/${order.id}/${path}`, {
    body,
    query: query(language),
    headers: { 'X-Host-Token': hostToken, ...headers(language) },
  });
  return call(() => action(args(request, { id: String(order.id) })));
}

/** A form post to a page's action, answered as the page gets it (Remix's data() or a redirect). */
async function formPost(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string>,
  language: Language = {},
) {
  const signed = await proxyRequest(path, { method: 'POST', query: query(language) });
  const request = new Request(signed.url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { ...Object.fromEntries(signed.headers), ...headers(language) },
  });
  const result = await call(() => action(args(request, params)));
  const body = result.body as { type?: string; data?: unknown; init?: { status?: number } } | undefined;
  if (body?.type === 'DataWithResponseInit')
    return { status: body.init?.status ?? 200, body: body.data as Answer };
  return { status: result.status, body: result.body as Answer };
}

describe('refusals with a name or a number in them', () => {
  it('says "name taken" with the name in French (API) and German (join form); English as before', async () => {
    expect((await confirm({})).status).toBe(201);
    const stranger = { guestToken: 'other-bob-token-000000002' };
    const english = await confirm(stranger);
    expect(english.status).toBe(409);
    expect(english.body.error).toBe(nameTakenMessage('Bob'));

    const french = await confirm(stranger, { locale: 'fr' });
    expect(french.body).toMatchObject({ reason: 'name-taken' });
    expect(french.body.error).toBe(fr('api.guest.nameTaken', { name: 'Bob', first: 'Bob' }));
    expect(french.body.error).toMatch(/^Une personne nommée Bob a déjà rejoint/);

    const joinPath = `/apps/group-order/join/${order.code}`;
    const form = { guestName: 'Bob', initials: '', email: '', guestToken: stranger.guestToken };
    const german = await formPost(joinAction, joinPath, form, { code: order.code }, { accept: 'de-DE' });
    expect(german.status).toBe(409);
    expect(german.body).toMatchObject({ nameTaken: 'Bob', field: 'guestName' });
    expect(german.body.error).toMatch(/^Jemand namens Bob ist dieser Bestellung bereits beigetreten/);
  });

  it('says a sold-out item by name, and which line of the cart, in German', async () => {
    const croissant = await prisma.menuItem.findFirstOrThrow({
      where: { shop: TEST_SHOP, name: 'Almond Croissant' },
    });
    await prisma.menuItem.update({
      where: { id: croissant.id },
      data: { soldOutUntil: new Date(Date.now() + 3_600_000) },
    });
    const items = [
      { menuItemId: latteId, quantity: 1, selectedModifiers: [] },
      { menuItemId: croissant.id, quantity: 1, selectedModifiers: [] },
    ];
    const english = await confirm({ items });
    expect(english.status).toBe(409);
    expect(english.body.error).toBe(
      'Item 2: Almond Croissant is sold out today. Please choose something else.',
    );
    const german = await confirm({ items }, { locale: 'de' });
    expect(german.body).toMatchObject({ reason: 'sold-out', menuItemId: croissant.id });
    expect(german.body.error).toBe(
      'Artikel 2: Almond Croissant ist heute ausverkauft. Bitte wählen Sie etwas anderes.',
    );
    const alone = await confirm({ items: [items[1]] }, { locale: 'fr' });
    expect(alone.body.error).toBe("Almond Croissant est épuisé aujourd'hui. Veuillez choisir autre chose.");
  });

  it("says a refused option in the request's language, inside the cart line's number", async () => {
    const size = await prisma.modifier.findFirstOrThrow({ where: { shop: TEST_SHOP, name: 'Small' } });
    const items = [
      { menuItemId: latteId, quantity: 1, selectedModifiers: [] },
      { menuItemId: latteId, quantity: 1, selectedModifiers: [999_999] },
    ];
    const english = await confirm({ items });
    expect(english.status).toBe(400);
    expect(english.body.error).toBe('Item 2: Option 999999 is not on the menu any more.');
    const french = await confirm({ items }, { locale: 'fr' });
    expect(french.body.error).toBe("Article 2 : L'option 999999 n'est plus à la carte.");
    const large = await prisma.modifier.findFirstOrThrow({
      where: { shop: TEST_SHOP, groupId: size.groupId, NOT: { id: size.id } },
    });
    const twoSizes = [{ menuItemId: latteId, quantity: 1, selectedModifiers: [size.id, large.id] }];
    const german = await confirm({ items: twoSizes }, { locale: 'de' });
    expect(german.status).toBe(400);
    expect(german.body.error).toMatch(/^Wählen Sie höchstens 1 Option für /);
    // The English message files say each refusal as the code's English does (lib/modifiers.test.ts).
    const inEnglish = sayIn('en');
    expect(inEnglish({ id: 'api.modifier.gone', values: { id: 99_999 } })).toBe(
      'Option 99999 is not on the menu any more.',
    );
    expect(inEnglish({ id: 'api.modifier.notFor', values: { option: 'Oat', item: 'Long Black' } })).toBe(
      'Oat is not available for Long Black.',
    );
    expect(inEnglish({ id: 'api.modifier.tooMany', values: { count: 2, group: 'Extras' } })).toBe(
      'Choose at most 2 options for Extras.',
    );
  });

  it("says a body it cannot read, and a wrong method, in the request's language", async () => {
    const path = '/apps/group-order/api/order-items';
    const broken = await proxyRequest(path, { body: '{"groupOrderId": ', query: { locale: 'de' } });
    const german = await call(() => orderItemsAction(args(broken)));
    expect(german.status).toBe(400);
    expect((german.body as Answer).error).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
    const wrongMethod = await proxyRequest(path, { method: 'PUT', body: {}, query: { locale: 'fr' } });
    const french = await call(() => orderItemsAction(args(wrongMethod)));
    expect(french.status).toBe(405);
    expect((french.body as Answer).error).toBe('Utilisez POST pour ajouter des articles.');
  });

  it("says why the deadline cannot move, with the pickup time on the language's clock", async () => {
    // Pickup in an hour, the deadline already at pickup minus the shop's 30 minutes' notice.
    const pickupAt = new Date(Date.now() + 60 * 60_000);
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { pickupAt, deadlineAt: new Date(pickupAt.getTime() - 30 * 60_000) },
    });
    const english = await hostCall(extendAction, 'extend', {}, {});
    expect(english.status).toBe(409);
    expect(english.body.error).toMatch(
      /^The deadline cannot move any later: pickup is at \d{1,2}:\d{2} [ap]m and the shop needs 30 minutes notice/,
    );
    const french = await hostCall(extendAction, 'extend', {}, { locale: 'fr' });
    expect(french.status).toBe(409);
    expect(french.body.error).toMatch(
      /^L'heure limite ne peut pas être repoussée : le retrait est à \d{2}:\d{2} /,
    );
    expect(french.body.error).toContain('30 minutes');
    expect(french.body.latestDeadlineAt).toBe(english.body.latestDeadlineAt);
    const german = await hostCall(extendAction, 'extend', { pickupDate: '2020-01-01' }, { accept: 'de' });
    expect(german.status).toBe(400);
    expect(german.body.error).toBe(de('host.valid.pickupNotice', { minutes: 30 }));
  });

  it("says the host's fixed refusals (schedule of a submitted order) in French and German", async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const body = { autoSubmit: true, reminderMinutes: null };
    const english = await hostCall(scheduleAction, 'schedule', body, {});
    expect(english.status).toBe(409);
    expect(english.body.error).toBe('This order has been submitted. Reopen it before changing its schedule.');
    expect((await hostCall(scheduleAction, 'schedule', body, { locale: 'fr' })).body.error).toBe(
      fr('api.host.scheduleSubmitted'),
    );
    expect((await hostCall(scheduleAction, 'schedule', body, { locale: 'de' })).body.error).toBe(
      'Diese Bestellung wurde abgeschickt. Öffnen Sie sie wieder, bevor Sie den Zeitplan ändern.',
    );
  });

  it("says the create form's field errors in the request's language", async () => {
    const error = new Invalid(FORM_MESSAGES.deadlinePassed, {
      fieldErrors: { deadlineTime: FORM_MESSAGES.deadlinePassed, hostName: FORM_MESSAGES.hostNameTooLong },
    });
    const german = (await errorResponse(error, 'de').json()) as Answer;
    expect(german.error).toBe(
      'Die Bestellfrist ist bereits vorbei. Bitte wählen Sie einen Zeitpunkt in der Zukunft.',
    );
    expect(german.fieldErrors).toEqual({
      deadlineTime: german.error,
      hostName: 'Ihr Name darf höchstens 80 Zeichen lang sein.',
    });
    const english = (await errorResponse(error).json()) as Answer;
    expect(english.fieldErrors.hostName).toBe('Your name must be 80 characters or fewer.');
  });
});

describe("a guest's link for another device", () => {
  it('answers the same sentence in the page language, whatever the address', async () => {
    const body = { guestName: 'Bob', email: 'bob@example.com' };
    const german = await hostCall(guestLinkAction, 'guest-link', body, { locale: 'de' });
    expect(german.status).toBe(200);
    expect(german.body).toEqual({
      sent: true,
      message: de('api.guest.linkSent', { name: 'Bob', minutes: 30 }),
    });
    expect(german.body.message).toMatch(/^Falls Bob mit dieser E-Mail-Adresse bestellt hat/);
    const english = await hostCall(guestLinkAction, 'guest-link', body, {});
    expect(english.body.message).toBe(guestLinkSentMessage('Bob'));
  });
});

describe('the live status the pages poll', () => {
  it("says why the order is closed in the page's language", async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { status: 'submitted', submittedAt: new Date() },
    });
    const status = async (language: Language) => {
      const path = `/apps/group-order/api/group-orders/${order.id}/status`;
      const request = await proxyRequest(path, { query: query(language), headers: headers(language) });
      return (await call(() => statusLoader(args(request, { id: String(order.id) })))).body as Answer;
    };
    expect((await status({})).closedMessage).toMatch(/^Ordering closed at .+\. This group order has already/);
    const german = await status({ locale: 'de' });
    expect(german.closedMessage).toMatch(
      /^Bestellschluss war .+, \d{2}:\d{2}\. Diese Gruppenbestellung wurde bereits/,
    );
    const french = await status({ accept: 'fr-FR,fr;q=0.9' });
    expect(french.closedMessage).toMatch(
      /^Commandes closes le .+\. Cette commande groupée a déjà été envoyée/,
    );
  });
});

describe('the join form', () => {
  it("answers an unknown code with the not-found page's data, in French, and counts the miss", async () => {
    const path = '/apps/group-order/join/ZZZZZ9';
    const fields = { guestName: 'Camille', initials: '', email: '' };
    const french = await formPost(joinAction, path, fields, { code: 'ZZZZZ9' }, { locale: 'fr' });
    expect(french.status).toBe(404);
    expect(french.body).toEqual({ error: 'Commande groupée introuvable', notFound: true });
    const english = await formPost(joinAction, path, fields, { code: 'ZZZZZ9' });
    expect(english.body).toEqual({ error: 'Group order not found', notFound: true });
    expect(await prisma.rateLimiterFlexible.count()).toBeGreaterThan(0);
  });

  it('says what is wrong with the name in German', async () => {
    const path = `/apps/group-order/join/${order.code}`;
    const german = await formPost(
      joinAction,
      path,
      { guestName: '', initials: '', email: '' },
      { code: order.code },
      { locale: 'de' },
    );
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ error: 'Bitte geben Sie Ihren Namen ein.', field: 'guestName' });
  });
});

describe('Find order by e-mail', () => {
  it("writes the host links in the asking page's language, not the host's", async () => {
    await prisma.groupOrder.update({
      where: { id: order.id },
      data: { hostEmail: 'host@example.com', hostLanguage: 'fr' },
    });
    const path = '/apps/group-order/find-order';
    const german = await formPost(findAction, path, { email: 'host@example.com' }, {}, { locale: 'de' });
    expect(german.status).toBe(200);
    const [mail] = await prisma.outboxMessage.findMany({ where: { kind: 'email' } });
    const payload = JSON.parse(mail.payload) as { subject: string; text: string };
    expect(payload.subject).toBe(de('mail.claim.subject', { title: 'Friday coffee' }));
  });

  it("says its refusals in the page's language", async () => {
    const path = '/apps/group-order/find-order';
    const french = await formPost(findAction, path, { email: 'not-an-address' }, {}, { locale: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.problem).toEqual({
      title: fr('find.checkAddress'),
      message: fr('host.valid.email'),
    });
  });
});

describe("the shop's own language for a request that names none", () => {
  it('says a refusal in the stored language of the shop, read once, and English without one', async () => {
    // A shop this process has not read: its locale column is read once, when refusing.
    await prisma.shopSettings.upsert({
      where: { shop: OTHER_SHOP },
      create: { shop: OTHER_SHOP, locale: 'fr-FR' },
      update: { locale: 'fr-FR' },
    });
    const french = await confirm({ guestName: '' }, {}, OTHER_SHOP);
    expect(french.status).toBe(400);
    expect(french.body.error).toBe('Veuillez saisir votre nom.');

    // The shop's settings as a page reads them: the language kept from that read.
    await prisma.shopSettings.upsert({
      where: { shop: TEST_SHOP },
      create: { shop: TEST_SHOP, locale: 'de-DE' },
      update: { locale: 'de-DE' },
    });
    await getShopSettings(TEST_SHOP);
    expect((await confirm({ guestName: '' })).body.error).toBe('Bitte geben Sie Ihren Namen ein.');
    // What the request names comes first.
    expect((await confirm({ guestName: '' }, { accept: 'en-GB' })).body.error).toBe(
      'Please enter your name.',
    );

    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { locale: 'en-AU' } });
    await getShopSettings(TEST_SHOP);
    expect((await confirm({ guestName: '' })).body.error).toBe('Please enter your name.');
  });
});
