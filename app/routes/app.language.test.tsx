import { AppProvider as PolarisAppProvider } from '@shopify/polaris';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApi } from '../../test/support/adminApi';
import { TEST_SHOP, type Answer } from '../../test/support/requests';

// The embedded admin in the merchant's language (Shopify's `locale` on the app URL), with Polaris's own
// translations; and the shop's primary language read from Shopify (shopLocales) when the settings load,
// which storefront pages then use without asking Shopify. The shop here writes German first.
const api = await startAdminApi([{ domain: TEST_SHOP, locales: [{ locale: 'de' }, { locale: 'en' }] }]);
process.env.SHOPIFY_ADMIN_API_ORIGIN = api.origin;
const { default: prisma } = await import('~/db.server');
const { adminRequest } = await import('../../test/support/adminRequests');
const { args, call, proxyRequest } = await import('../../test/support/requests');
const { storeOfflineSession } = await import('../../test/support/factories');
const { loader: layoutLoader } = await import('./app');
const { loader: settingsLoader } = await import('./app.settings');
const { loader: storefrontLoader } = await import('./apps.group-order');
const { messagesFor } = await import('~/locales/compiled');
const { LanguageProvider } = await import('~/components/i18n');
const { OrdersTable } = await import('~/components/admin/orders/OrdersTable');
const { PrepColumns } = await import('~/components/admin/kitchen/PrepColumns');
const { keptLocale } = await import('~/models/shop/shopLocale.server');
const { loader: loginLoader, action: loginAction } = await import('./auth.login/route');
const dashboard = await import('./app._index');
const { action: menuAction } = await import('./app.menu');
const { action: settingsAction } = await import('./app.settings');
const { adminTitle } = await import('~/components/admin/adminLocale');
const { createTestGroupOrder, seedMenu } = await import('../../test/support/factories');

beforeAll(async () => {
  await storeOfflineSession('read_products,read_customers,read_locales');
});
afterAll(() => api.close());

/** The admin layout's loader data for a document request, with the browser's Accept-Language if given. */
async function layout(path: string, acceptLanguage?: string) {
  const signed = await adminRequest(path);
  const headers = new Headers(signed.headers);
  if (acceptLanguage) headers.set('Accept-Language', acceptLanguage);
  const { status, body } = await call(async () => layoutLoader(args(new Request(signed.url, { headers }))));
  expect(status).toBe(200);
  return body;
}

const shopLocaleCalls = () =>
  api.sim.state.calls.filter((c: Answer) => c.rootFields.includes('shopLocales')).length;

/** A French (or any) admin page's list and prep board, rendered as the server renders them. */
function renderPage(data: Answer) {
  const list = { tab: 'active' as const, page: 1, hasPrevious: false, hasNext: true, orders: [] };
  return renderToString(
    <PolarisAppProvider i18n={data.polaris}>
      <LanguageProvider language={data.language} intlLocale={data.intlLocale} messages={data.messages}>
        <OrdersTable list={list} query="" money={String} update={() => {}} />
        <PrepColumns orders={[]} />
      </LanguageProvider>
    </PolarisAppProvider>,
  );
}

describe('the embedded admin in the merchant’s language', () => {
  it('follows the locale Shopify adds to the app URL: the admin’s messages and Polaris’s own', async () => {
    const fr = await layout('/app?locale=fr-FR', 'de-DE');
    expect(fr).toMatchObject({ language: 'fr', intlLocale: 'fr' });
    expect(fr.messages).toEqual(JSON.parse(JSON.stringify(messagesFor('fr', ['admin']))));
    // Only the admin area: no guest page's messages come with the admin.
    expect(fr.messages['review.confirm']).toBeUndefined();
    expect(fr.polaris.Polaris.Common.clear).toBe('Effacer');

    const de = await layout('/app?locale=de');
    expect(de.language).toBe('de');
    expect(de.polaris.Polaris.Pagination.previous).toBe('Zurück');
  });

  it('without a locale, takes the browser’s language, then the shop’s', async () => {
    expect((await layout('/app', 'fr-CH, de;q=0.5')).language).toBe('fr');
    // Before the settings were read from Shopify the shop is en-AU (the default).
    const english = await layout('/app');
    expect(english).toMatchObject({ language: 'en', intlLocale: 'en-AU' });
    expect(english.polaris.Polaris.Common.clear).toBe('Clear');
  });

  it('renders a French page in French, Polaris’s pagination included; English stays as it was', async () => {
    const french = renderPage(await layout('/app?locale=fr'));
    for (const text of [
      'Commandes en cours',
      'Aucune commande groupée en cours',
      'Nouvelles (0)',
      'Précédent',
    ])
      expect(french).toContain(text);
    expect(french).not.toContain('Active Orders');

    const english = renderPage(await layout('/app?locale=en'));
    for (const text of ['Active Orders', 'No active group orders', 'New (0)', 'Previous', 'Page 1'])
      expect(english).toContain(text);
  });
});

describe('the login page (no shop yet)', () => {
  it('speaks the browser’s language or the locale asked for; its error is a message id, said in that language', async () => {
    const page = (query: string, acceptLanguage?: string) =>
      loginLoader(
        args(
          new Request(`https://my-test-app.myshopify.io/auth/login${query}`, {
            headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
          }),
        ),
      );
    expect(await page('', 'de-AT')).toMatchObject({ language: 'de', errors: {} });
    expect((await page('?locale=fr', 'de-AT')).polaris.Polaris.Common.clear).toBe('Effacer');
    expect((await page('')).language).toBe('en');

    const form = new URLSearchParams({ shop: 'not a shop' });
    const refused = await loginAction(
      args(
        new Request('https://my-test-app.myshopify.io/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        }),
      ),
    );
    expect(refused.errors).toEqual({ shop: 'admin.login.invalidShop' });
    const { wordsFor } = await import('~/i18n.server');
    expect(wordsFor('de').t(refused.errors.shop!)).toBe(
      'Bitte geben Sie eine gültige Shop-Domain ein, etwa my-shop.myshopify.com.',
    );
  });
});

describe('what the server says to the admin, in the language the app’s requests carry', () => {
  it('the layout hands its language to the app’s links; page titles follow it', async () => {
    const de = await layout('/app?locale=de-DE');
    expect(de.locale).toBe('de');
    const matches = [{ id: 'routes/app', data: de }] as unknown as Parameters<typeof adminTitle>[0];
    expect(adminTitle(matches, 'prepBoard')).toBe('Zubereitung · Group Order');
    const en = [{ id: 'routes/app', data: await layout('/app?locale=en') }] as typeof matches;
    expect(adminTitle(en, 'dashboard')).toBe('Dashboard · Group Order');
    expect(adminTitle(en, 'settings')).toBe('Settings · Group Order');
  });

  it('the dashboard’s pickup times and the answers of its buttons', async () => {
    await seedMenu();
    const pickupAt = new Date(Date.now() + 60 * 60_000);
    const { order } = await createTestGroupOrder({ status: 'submitted', submittedAt: new Date(), pickupAt });
    const list = async (query: string) => {
      const { body } = await call(async () =>
        dashboard.loader(args(await adminRequest(`/app?tab=all${query}`))),
      );
      return body.list.orders.find((o: { id: number }) => o.id === order.id).pickupLabel as string;
    };
    expect(await list('&locale=en')).toMatch(/(am|pm)$/);
    const german = await list('&locale=de');
    // "Fr. 27. Nov., 18:56": German's day and month, a 24-hour clock.
    expect(german).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa|So)\. \d{1,2}\. .+, \d{2}:\d{2}$/);

    const post = async (path: string, form: Record<string, string>) =>
      call(async () => dashboard.action(args(await adminRequest(path, { form }))));
    expect(await post('/app?index&locale=fr', { intent: 'retry-email', messageId: '999999' })).toMatchObject({
      status: 404,
      body: { ok: false, message: 'Cet e-mail non distribué est introuvable.' },
    });
    const moved = await post('/app?index&locale=de', {
      intent: 'kitchen-move',
      id: String(order.id),
      to: 'received',
    });
    expect(moved.body.message).toBe(`${order.code} ist jetzt „Eingegangen“`);
    expect(
      await post('/app?index&locale=de', { intent: 'kitchen-undo', id: String(order.id) }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Letzter Schritt rückgängig gemacht' },
    });
    expect(
      await post('/app?index&locale=en', { intent: 'kitchen-undo', id: String(order.id) }),
    ).toMatchObject({
      status: 409,
      body: { message: 'The last step was already undone; only one step can be taken back.' },
    });
    // A request without a locale (none of the app's own) falls back to the shop's language, German here.
    expect((await post('/app?index', { intent: 'kitchen-undo', id: String(order.id) })).body.message).toBe(
      'Der letzte Schritt wurde bereits rückgängig gemacht; nur ein Schritt kann zurückgenommen werden.',
    );
  });

  it('the menu editor’s toasts and field errors, and the settings’ field errors', async () => {
    const menu = async (locale: string, form: Record<string, string>) =>
      call(async () => menuAction(args(await adminRequest(`/app/menu?locale=${locale}`, { form }))));
    const item = { intent: 'item.create', name: 'Chai', category: 'tea', price: '4.50' };
    expect((await menu('de', item)).body).toEqual({ ok: true, message: 'Artikel hinzugefügt' });
    expect((await menu('en', { ...item, name: 'Chai 2' })).body).toEqual({
      ok: true,
      message: 'Menu item added',
    });
    const refused = await menu('fr', { intent: 'item.create', name: '', category: '', price: '1' });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: 'Vérifiez les champs signalés.',
        errors: {
          name: 'Saisissez le nom de l’article.',
          category: 'Saisissez une catégorie, par exemple White Coffee.',
        },
      },
    });

    const settings = await call(async () =>
      settingsAction(
        args(
          await adminRequest('/app/settings?locale=de', {
            form: { pickupNoticeMinutes: '-5', paymentMethods: [] },
          }),
        ),
      ),
    );
    expect(settings.status).toBe(400);
    expect(settings.body.errors).toMatchObject({
      pickupNoticeMinutes: 'Die Vorlaufzeit darf nicht negativ sein.',
      paymentMethods: 'Bieten Sie mindestens eine Zahlungsart an.',
    });
  });
});

describe('sentences built around an English part (a field’s name, a limit, what is wrong with a text)', () => {
  const menu = async (locale: string, form: Record<string, string>) =>
    call(async () => menuAction(args(await adminRequest(`/app/menu?locale=${locale}`, { form }))));
  const item = {
    intent: 'item.create',
    name: 'N'.repeat(121),
    category: 'tea',
    price: 'four fifty',
    description: 'Hot\u0007',
  };
  const modifier = {
    intent: 'modifier.create',
    groupId: '1',
    name: 'Oat',
    priceDelta: 'x',
    allergens: 'gluten,plutonium',
  };

  it('the menu editor’s length, amount, text and allergen refusals, field by field', async () => {
    expect((await menu('fr', item)).body.errors).toEqual({
      name: 'Nom : 120 caractères au plus.',
      price: 'Le prix doit être un montant, par exemple 4.50.',
      description:
        'Description : le texte contient des caractères de contrôle invisibles. Veuillez le saisir à nouveau.',
    });
    expect((await menu('de', modifier)).body.errors).toEqual({
      priceDelta: 'Die Preisänderung muss ein Betrag sein, etwa 0.80 oder -0.50.',
      allergens: 'Allergene: „plutonium“ ist unbekannt.',
    });
    expect((await menu('de', { ...item, name: 'Chai', price: '-1', description: '' })).body.errors).toEqual({
      price: 'Der Preis darf nicht negativ sein.',
    });
    // English: the schemas' own sentences, as before.
    expect((await menu('en', item)).body.errors).toEqual({
      name: 'Name must be 120 characters or fewer.',
      price: 'The price must be an amount such as 4.50.',
      description: 'Description contains invisible control characters. Please retype it.',
    });
    expect((await menu('en', modifier)).body.errors).toEqual({
      priceDelta: 'The price change must be an amount such as 4.50.',
      allergens: 'Allergens: "plutonium" is not one we know.',
    });
  });

  it('the settings’ length and text refusals', async () => {
    const save = async (locale: string) =>
      call(async () =>
        settingsAction(
          args(
            await adminRequest(`/app/settings?locale=${locale}`, {
              form: { shopName: 'S'.repeat(121), kitchenName: 'Küche\u0007', paymentMethods: [] },
            }),
          ),
        ),
      );
    expect((await save('de')).body.errors).toMatchObject({
      shopName: 'Shopname: höchstens 120 Zeichen.',
      kitchenName: 'Abholort: Der Text enthält unsichtbare Steuerzeichen. Bitte geben Sie ihn neu ein.',
    });
    expect((await save('fr')).body.errors).toMatchObject({
      shopName: 'Nom de la boutique : 120 caractères au plus.',
    });
    expect((await save('en')).body.errors).toMatchObject({
      shopName: 'Shop name must be 120 characters or fewer.',
      kitchenName: 'Pickup location contains invisible control characters. Please retype it.',
    });
  });

  it('the dashboard: a form with unreadable text, a reason too long, a search that cannot be read', async () => {
    const post = async (locale: string, form: Record<string, string>) =>
      call(async () => dashboard.action(args(await adminRequest(`/app?index&locale=${locale}`, { form }))));
    const unreadable = { intent: 'retry-email', messageId: '1', note: 'a\u0007' };
    expect(await post('fr', unreadable)).toMatchObject({
      status: 400,
      body: {
        message:
          'Un texte du formulaire contient des caractères de contrôle invisibles. Veuillez le saisir à nouveau.',
      },
    });
    expect((await post('en', unreadable)).body.message).toBe(
      'Some text in the form contains invisible control characters. Please retype it.',
    );
    const cancel = { intent: 'kitchen-move', id: '1', to: 'cancelled', reason: 'r'.repeat(301) };
    expect((await post('de', cancel)).body.message).toBe('Der Grund darf höchstens 300 Zeichen lang sein.');

    const search = async (locale: string) =>
      call(async () => dashboard.loader(args(await adminRequest(`/app?q=a%07b&locale=${locale}`))));
    expect(await search('de')).toMatchObject({
      status: 400,
      body: { message: 'Die Suche enthält unsichtbare Steuerzeichen. Bitte geben Sie sie neu ein.' },
    });
    expect((await search('en')).body.message).toBe(
      'The search contains invisible control characters. Please retype it.',
    );
  });
});

describe('the shop’s primary language from Shopify', () => {
  it('is stored when the settings load, and a storefront page then uses it without asking Shopify', async () => {
    const before = shopLocaleCalls();
    const { status } = await call(async () => settingsLoader(args(await adminRequest('/app/settings'))));
    expect(status).toBe(200);
    expect(shopLocaleCalls()).toBe(before + 1);
    expect(await prisma.shopSettings.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).toMatchObject({
      locale: 'de',
    });

    // A guest whose browser names no language the app speaks reads the shop's.
    const page = await call(async () =>
      storefrontLoader(
        args(await proxyRequest('/apps/group-order/find-order', { headers: { 'Accept-Language': 'ja' } })),
      ),
    );
    expect(page.status).toBe(200);
    expect(page.body.language).toBe('de');
    expect(shopLocaleCalls()).toBe(before + 1);

    // And the admin without Shopify's locale or a browser language.
    expect((await layout('/app')).language).toBe('de');
  });

  it('keeps a shop’s regional English (en-AU formats) when Shopify says English, else takes Shopify’s', () => {
    expect(keptLocale('en-AU', 'en')).toBe('en-AU');
    expect(keptLocale('en-AU', 'fr-CA')).toBe('fr-CA');
    expect(keptLocale('de', 'en')).toBe('en');
  });
});
