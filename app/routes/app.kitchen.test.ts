import { beforeAll, describe, expect, it } from 'vitest';
import prisma from '~/db.server';
import { createTestGroupOrder, seedMenu } from '../../test/support/factories';
import { adminRequest } from '../../test/support/adminRequests';
import { args, call, OTHER_SHOP, TEST_SHOP } from '../../test/support/requests';
import { action, loader } from './app.kitchen._index';
import { loader as labelsLoader } from './app.kitchen.labels.$id';
import { loader as sheetLoader } from './app.kitchen.sheet.$id';
import { loader as printLoader } from './app_.print.$kind.$id';
import { PRINT_LINK_REFUSED, PRINT_LINK_TTL_MS, printLink } from '~/models/kitchen/printLinks.server';

// The prep board page and its print pages, behind the embedded admin's session token.

let ours: number;
let theirs: number;

beforeAll(async () => {
  await seedMenu();
  await seedMenu(OTHER_SHOP);
  const pickupAt = new Date(Date.now() + 30 * 60_000);
  ours = (await createTestGroupOrder({ status: 'submitted', submittedAt: new Date(), pickupAt })).order.id;
  theirs = (
    await createTestGroupOrder({ shop: OTHER_SHOP, status: 'submitted', submittedAt: new Date(), pickupAt })
  ).order.id;
});

const next = async (form: Record<string, string>) =>
  call(async () => action(args(await adminRequest('/app/kitchen?index', { form }))));

describe('prep board page', () => {
  it('refuses a request without a session token', async () => {
    const result = await call(() =>
      loader(args(new Request('https://my-test-app.myshopify.io/app/kitchen'))),
    );
    expect(result.status).toBeGreaterThanOrEqual(300);
  });

  it("lists this shop's submitted orders only", async () => {
    const { status, body } = await call(async () => loader(args(await adminRequest('/app/kitchen'))));
    expect(status).toBe(200);
    const ids = body.orders.map((o: { id: number }) => o.id);
    expect(ids).toContain(ours);
    expect(ids).not.toContain(theirs);
  });

  it('moves an order one step with one click, and refuses a stale or foreign click with a sentence', async () => {
    const moved = await next({ intent: 'next-step', id: String(ours), to: 'received' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatch(/ is now Received$/);
    // A second tab still showing "Mark Received" does not move it again.
    const stale = await next({ intent: 'next-step', id: String(ours), to: 'received' });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        message: 'This order is already Received; the next step is Preparing.',
      },
    });
    const cancel = await next({ intent: 'next-step', id: String(ours), to: 'cancelled' });
    expect(cancel).toMatchObject({
      status: 400,
      body: { message: 'Choose received, preparing, ready or collected.' },
    });
    const foreign = await next({ intent: 'next-step', id: String(theirs), to: 'received' });
    expect(foreign.status).toBe(404);
    expect((await prisma.groupOrder.findUniqueOrThrow({ where: { id: theirs } })).kitchenState).toBeNull();
  });

  it("prints this shop's orders only", async () => {
    for (const route of [labelsLoader, sheetLoader]) {
      const mine = await call(async () =>
        route(args(await adminRequest(`/app/kitchen/labels/${ours}`), { id: String(ours) })),
      );
      expect(mine.status).toBe(200);
      expect(mine.body.order.id).toBe(ours);
      const foreign = await call(async () =>
        route(args(await adminRequest(`/app/kitchen/labels/${theirs}`), { id: String(theirs) })),
      );
      expect(foreign).toMatchObject({
        status: 404,
        body: { message: 'That submitted group order was not found in your shop.' },
      });
      // In the admin's language, for the page's ErrorBoundary (components/admin/AdminRefusal.tsx).
      const german = await call(async () =>
        route(args(await adminRequest(`/app/kitchen/labels/${theirs}?locale=de`), { id: String(theirs) })),
      );
      expect(german).toMatchObject({
        status: 404,
        body: { message: 'Diese abgeschickte Gruppenbestellung wurde in Ihrem Shop nicht gefunden.' },
      });
      const bad = await call(async () =>
        route(args(await adminRequest('/app/kitchen/labels/abc'), { id: 'abc' })),
      );
      expect(bad.status).toBe(404);
    }
    expect(TEST_SHOP).not.toBe(OTHER_SHOP);
  });
});

describe('prints in a new tab (signed links)', () => {
  const open = async (link: string) => {
    const url = new URL(link, 'https://my-test-app.myshopify.io');
    const [, , , kind, id] = url.pathname.split('/');
    return call(() => printLoader(args(new Request(url), { kind, id })));
  };

  it('the board hands out a link per order and print, which opens without a session token', async () => {
    const { body } = await call(async () => loader(args(await adminRequest('/app/kitchen'))));
    const card = body.orders.find((o: { id: number }) => o.id === ours);
    expect(card.printLinks.labels).toMatch(new RegExp(`^/app/print/labels/${ours}\\?shop=`));
    for (const kind of ['labels', 'sheet'] as const) {
      const opened = await open(card.printLinks[kind]);
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ kind, order: { id: ours } });
    }
  });

  it('refuses a link that was changed, has run out, or names another shop, with a sentence', async () => {
    const good = printLink('labels', TEST_SHOP, ours);
    const refused = async (link: string) => {
      const answer = await open(link);
      expect(answer).toMatchObject({
        status: 403,
        body: { language: 'en', heading: 'Print not available', message: PRINT_LINK_REFUSED },
      });
      expect(answer.response?.headers.get('Cache-Control')).toBe('no-store');
    };
    await refused(good.replace(`/labels/${ours}`, `/labels/${theirs}`));
    await refused(good.replace('/labels/', '/sheet/'));
    await refused(good.replace(encodeURIComponent(TEST_SHOP), encodeURIComponent(OTHER_SHOP)));
    await refused(good.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)));
    await refused(good.replace(/&signature=[^&]+/, ''));
    await refused(printLink('labels', TEST_SHOP, ours, Date.now() - PRINT_LINK_TTL_MS - 1000));
    // A valid link for another shop's order opens that order only, never one of ours.
    const foreign = await open(printLink('sheet', OTHER_SHOP, theirs));
    expect(foreign.body.order.id).toBe(theirs);
    const crossed = await open(printLink('sheet', OTHER_SHOP, ours));
    expect(crossed.status).toBe(404);
  });
});

describe('in the admin’s language (the `locale` the app’s own requests carry)', () => {
  let order: number;
  beforeAll(async () => {
    const pickupAt = new Date(Date.now() + 45 * 60_000);
    order = (await createTestGroupOrder({ status: 'submitted', submittedAt: new Date(), pickupAt })).order.id;
  });

  it('says the board, its steps, toasts and refusals in German or French; English without a locale', async () => {
    const board = async (path: string) =>
      (await call(async () => loader(args(await adminRequest(path))))).body.orders.find(
        (o: { id: number }) => o.id === order,
      );
    const german = await board('/app/kitchen?locale=de');
    expect(german).toMatchObject({ language: 'de', stateLabel: 'Abgeschickt', nextLabel: 'Eingegangen' });
    // A 24-hour clock, no "am"/"pm".
    expect(german.pickupLabel).toMatch(/\d{1,2}:\d{2}$/);
    expect(german.pickupLabel).not.toMatch(/\d ?[ap]m\b/i);
    const english = await board('/app/kitchen');
    expect(english).toMatchObject({ language: 'en', stateLabel: 'Submitted' });
    // The subtitle's day, as each language writes a date.
    const today = async (path: string) =>
      (await call(async () => loader(args(await adminRequest(path))))).body.today as string;
    expect(await today('/app/kitchen?locale=de')).toMatch(
      /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \p{Lu}\p{Ll}+$/u,
    );
    expect(await today('/app/kitchen?locale=fr')).toMatch(
      /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \p{Ll}+$/u,
    );
    expect(await today('/app/kitchen')).toMatch(
      /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} \p{Lu}\p{Ll}+$/u,
    );
    expect(english.pickupLabel).toMatch(/(am|pm)$/);

    const post = async (path: string, to: string) =>
      call(async () =>
        action(args(await adminRequest(path, { form: { intent: 'next-step', id: String(order), to } }))),
      );
    // A form post with `locale` on its URL still passes the session-token check, and answers in French.
    const moved = await post('/app/kitchen?index&locale=fr', 'received');
    expect(moved).toMatchObject({ status: 200, body: { ok: true } });
    expect(moved.body.message).toMatch(/ est maintenant « Reçue »$/);
    expect(await post('/app/kitchen?index&locale=de', 'received')).toMatchObject({
      status: 409,
      body: {
        message: 'Diese Bestellung ist bereits „Eingegangen“; der nächste Schritt ist „In Zubereitung“.',
      },
    });
    expect(await post('/app/kitchen?index&locale=de', 'cancelled')).toMatchObject({
      status: 400,
      body: { message: 'Wählen Sie eingegangen, in Zubereitung, fertig oder abgeholt.' },
    });
    expect(await post('/app/kitchen?index', 'ready')).toMatchObject({
      status: 409,
      body: { message: 'Orders move one step at a time; the next step is Preparing.' },
    });
  });

  it('says a refused print link in the browser’s language, else in the language of the shop it names', async () => {
    const good = printLink('labels', TEST_SHOP, order);
    const changed = new URL(good.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)), 'https://x.io');
    const open = (headers: Record<string, string> = {}) =>
      call(() =>
        printLoader(
          args(
            new Request(new URL(changed.pathname + changed.search, 'https://my-test-app.myshopify.io'), {
              headers,
            }),
            {
              kind: 'labels',
              id: String(order),
            },
          ),
        ),
      );
    expect(await open({ 'Accept-Language': 'de-AT,de;q=0.9' })).toMatchObject({
      status: 403,
      body: {
        language: 'de',
        heading: 'Druck nicht verfügbar',
        message: 'Dieser Drucklink ist ungültig oder abgelaufen. Öffnen Sie ihn erneut über die Zubereitung.',
      },
    });
    await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { locale: 'fr-FR' } });
    try {
      expect(await open()).toMatchObject({
        status: 403,
        body: { language: 'fr', title: 'Lien d’impression non valide' },
      });
      // A valid link opened from a German admin: its toolbar in German, whatever the shop's language.
      const opened = await call(() =>
        printLoader(
          args(new Request(new URL(`${good}&locale=de`, 'https://my-test-app.myshopify.io')), {
            kind: 'labels',
            id: String(order),
          }),
        ),
      );
      expect(opened.body.order.toolbar).toMatchObject({ print: 'Drucken' });
      // Should the page itself fail, its ErrorBoundary says so in the same language.
      expect(opened.body.failed).toEqual({
        language: 'de',
        title: 'Druck nicht verfügbar',
        heading: 'Druck nicht verfügbar',
        message: 'Dieser Druck konnte nicht angezeigt werden. Öffnen Sie ihn erneut über die Zubereitung.',
      });
    } finally {
      await prisma.shopSettings.update({ where: { shop: TEST_SHOP }, data: { locale: 'en-AU' } });
    }
  });
});
