import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CATALOGS } from '../app/locales/catalogs';
import { categoryLabel } from '../app/lib/categories';
import { PSEUDO_LOCALE, pseudoMessages } from '../app/lib/pseudoLocale';
import { createPrismaClient } from '../app/prismaClient.server';
import { openOrder, SHOP, storedOrder } from './orders';
import { DESKTOP, hydrated, PHONE, screenshot, urls, useBrowser } from './support';

// A pseudo-locale run (issue 26): the storefront's guest and host pages opened with ?locale=en-XA (and a browser
// asking for en-XA, so the pages' own navigations stay in it), where every message is accented and
// bracketed (lib/pseudoLocale.ts; only under these tests, e2e/global-setup.ts). Any visible text with a
// plain ASCII letter left, once the shop's own data is taken out, skipped the message files: the test
// lists them, and each page's <title> is held to the same rule. Refusals the server says (a name taken, a
// code that finds nothing, a page that does not exist) are walked too.
// docs/decisions/2026-11-27-pseudo-locale-and-api-sentences.md.

const browser = useBrowser();

// The pseudo messages, made as the server makes them, to find the pages' controls (and the server's
// refusals, the api area) by their words.
const english = Object.fromEntries(
  Object.entries({
    ...CATALOGS.en.guest,
    ...CATALOGS.en.host,
    ...CATALOGS.en.admin,
    ...CATALOGS.en.api,
  }).map(([id, text]) => [id, compileMessage(text)]),
);
const pseudo = setupI18n({ locale: 'en', messages: { en: pseudoMessages(english) } });
const p = (id: string, values?: Record<string, unknown>) => pseudo._(id, values);

/** What the shop and the people typed (names, menu, codes), which no message file holds. */
let data: string[] = [];

/**
 * Read before each walk: what earlier browser tests left in the shop (their orders, people and notes, on
 * the admin's lists) is data too.
 */
async function readData() {
  const db = createClient({ url: urls().databaseUrl });
  try {
    const rows = await Promise.all(
      [
        'SELECT name AS text FROM MenuItem WHERE shop = ?',
        'SELECT description AS text FROM MenuItem WHERE shop = ?',
        'SELECT category AS text FROM MenuItem WHERE shop = ?',
        'SELECT name AS text FROM ModifierGroup WHERE shop = ?',
        'SELECT name AS text FROM Modifier WHERE shop = ?',
        'SELECT shopName AS text FROM ShopSettings WHERE shop = ?',
        // The shop's time zone is named by its IANA id ("Australia/Sydney"), not in words; its currency
        // by its code ("(AUD)" beside an amount the host types).
        'SELECT timeZone AS text FROM ShopSettings WHERE shop = ?',
        'SELECT currency AS text FROM ShopSettings WHERE shop = ?',
        ...[
          'code',
          'name',
          'companyName',
          'hostName',
          'hostEmail',
          'shopifyDraftOrderName',
          'instructions',
          'deliveryAddress',
        ].map((column) => `SELECT ${column} AS text FROM GroupOrder WHERE shop = ?`),
        'SELECT name AS text FROM Guest WHERE shop = ?',
        // Orders other tests store directly have lines without a guest row.
        'SELECT guestName AS text FROM OrderItem WHERE shop = ?',
        'SELECT initials AS text FROM Guest WHERE shop = ?',
        'SELECT guestInitials AS text FROM OrderItem WHERE shop = ?',
        'SELECT specialInstructions AS text FROM OrderItem WHERE shop = ?',
        'SELECT specialInstructions AS text FROM Guest WHERE shop = ?',
      ].map((sql) => db.execute({ sql, args: [SHOP] })),
    );
    // One letter (an initial) would hide that letter everywhere: only longer values count.
    data = rows
      .flatMap((r) => r.rows.map((row) => String(row.text ?? '')))
      .filter((t) => t.trim().length > 1);
    // Categories are the shop's own, shown as labels ("white_coffee" → "White Coffee").
    data.push(...rows[2].rows.map((row) => categoryLabel(String(row.text))));
  } finally {
    db.close();
  }
}

/**
 * Visible text nodes (and the page's <title>) that still hold an ASCII letter once data, dates and times are
 * taken out. Dates and times are Intl's (the page's locale), not messages; a language picker's codes are codes.
 */
async function untranslated(page: Page, people: string[]): Promise<string[]> {
  const known = [...people, ...data].sort((a, b) => b.length - a.length);
  return page.evaluate((known) => {
    const out: string[] = [];
    const english = (shown: string) => {
      let text = shown;
      for (const value of known) text = text.split(value).join(' ');
      text = text
        .replace(/\b(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/g, ' ')
        .replace(
          /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g,
          ' ',
        )
        .replace(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g, ' ')
        .replace(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b/g, ' ')
        .replace(/\b\d{1,2}:\d{2}\s?(am|pm)\b/gi, ' ')
        // A guest's initials badge ("PQ", the prep board's circles) is data.
        .replace(/^\s*[A-Z]{1,3}\s*$/, ' ')
        .replace(/\b[A-Z]{3}\b(?=\s?\$|\s?\d)/g, ' ');
      return /[A-Za-z]/.test(text);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, noscript, select, template')) continue;
      if (element.getClientRects().length === 0 && !element.closest('.visually-hidden')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (english(node.textContent ?? '')) out.push((node.textContent ?? '').trim());
    }
    if (!document.title || english(document.title)) out.push(`<title>${document.title}</title>`);
    return [...new Set(out)];
  }, known);
}

type Step = { name: string; open: (page: Page, order: Order) => Promise<void> };
type Order = Awaited<ReturnType<typeof openOrder>>;
const GUEST = 'Camille';
const withPseudo = (path: string) => `${path}${path.includes('?') ? '&' : '?'}locale=${PSEUDO_LOCALE}`;

/** What the walk typed or the app made on the way (the host's details, the new order's code). */
const typed: string[] = [];
const HOST = {
  name: 'Pseudo Host',
  email: `pseudo-${Date.now()}@example.com`,
  company: 'Pseudo Co',
  group: 'Pseudo team',
};

/** The pages walked, in order, each from where the last left off: the guest's, then the host's. */
const PAGES: Step[] = [
  {
    name: 'join',
    open: async (page, order) => {
      await page.goto(withPseudo(`/apps/group-order/join/${order.code}`));
      await hydrated(page);
    },
  },
  {
    name: 'menu',
    open: async (page) => {
      await page.getByLabel(p('join.yourName')).fill(GUEST);
      await page.getByRole('button', { name: p('join.join'), exact: true }).click();
      await page.getByRole('heading', { name: p('menu.title'), exact: true }).waitFor();
    },
  },
  {
    name: 'customise dialog',
    open: async (page) => {
      const card = page.locator('.menu-item', { hasText: 'Flat White' }).first();
      await card.getByRole('button', { name: new RegExp(`Flat White`) }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'review',
    open: async (page) => {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: p('customise.addToOrder') }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: p('order.review') })
        .first()
        .click();
      await page.getByRole('heading', { name: p('review.title') }).waitFor();
    },
  },
  {
    name: 'confirmed',
    open: async (page) => {
      await page.getByRole('button', { name: p('review.confirm') }).click();
      await page.getByRole('heading', { name: p('phase.confirmedTitle') }).waitFor();
    },
  },
  {
    // Another browser's guest under the same name: the join form's refusal, said by the server.
    name: 'name taken',
    open: async (page, order) => {
      await page.evaluate(() => localStorage.clear());
      await page.goto(withPseudo(`/apps/group-order/join/${order.code}`));
      await hydrated(page);
      await page.getByLabel(p('join.yourName')).fill(GUEST);
      await page.getByRole('button', { name: p('join.join'), exact: true }).click();
      await page.getByText(p('api.guest.nameTaken', { name: GUEST, first: GUEST })).waitFor();
    },
  },
  {
    name: 'find order refusal',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/find-order?code=ZZZZZ9'));
      await hydrated(page);
      await page.getByText(p('api.find.notFound')).first().waitFor();
    },
  },
  {
    name: '404 page',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/no-such-page'));
      await page.getByRole('heading', { name: p('error.notFound.title') }).waitFor();
    },
  },
  {
    name: 'find order',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/find-order'));
      await hydrated(page);
      await page.getByRole('heading', { name: p('find.title') }).waitFor();
    },
  },
  {
    name: 'error page',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/join/ZZZZZ9'));
      await page.getByRole('heading', { name: p('guest.notFound.title') }).waitFor();
    },
  },
  {
    name: 'create',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/host/create'));
      await hydrated(page);
      await page.getByLabel(p('host.create.yourName')).fill(HOST.name);
      await page.getByLabel(p('host.create.yourEmail')).fill(HOST.email);
      await page.getByLabel(p('host.create.companyName')).fill(HOST.company);
      await page.getByLabel(p('host.create.groupName'), { exact: false }).fill(HOST.group);
      typed.push(...Object.values(HOST));
    },
  },
  {
    name: 'dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: p('host.create.submit') }).click();
      await page.waitForURL('**/apps/group-order/host/dashboard/*');
      await hydrated(page);
      await page.locator('.toast').first().waitFor();
      await page.locator('.toast__close').first().click();
      await page.locator('.toast').waitFor({ state: 'detached' });
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const db = createClient({ url: urls().databaseUrl });
      try {
        const row = await db.execute({ sql: 'SELECT code FROM GroupOrder WHERE id = ?', args: [id] });
        typed.push(String(row.rows[0].code));
      } finally {
        db.close();
      }
    },
  },
  {
    name: 'my orders',
    open: async (page) => {
      await page.goto(withPseudo('/apps/group-order/my-orders'));
      await hydrated(page);
      await page.getByText(p('host.my.logInTitle')).waitFor();
    },
  },
];

describe('pseudo-locale run (issue 26)', () => {
  it('shows no text outside the message files on the guest and host pages', async () => {
    await readData();
    const order = await openOrder({ name: 'Pseudo run' });
    const { page } = await browser.newUser(PHONE, PSEUDO_LOCALE);
    const people = ['Pseudo run', 'Hannah Host', 'Acme Pty Ltd', GUEST, order.code];
    const found: string[] = [];
    for (const step of PAGES) {
      await step.open(page, order);
      // Fonts and late renders: the page as a guest sees it.
      await page.waitForLoadState('networkidle');
      await screenshot(page, `pseudo-${step.name.replace(/\s+/g, '-')}-390`);
      for (const text of await untranslated(page, [...people, ...typed])) found.push(`${step.name}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});

// The embedded admin (the simulated Shopify admin opened with ?locale=en-XA; the app's own links, forms and
// fetchers carry it on): the dashboard with a submitted order and its detail, the prep board, the menu
// editor and the settings.
const ADMIN_PAGES: Step[] = [
  {
    name: 'admin dashboard',
    open: async (page, order) => {
      await page.goto(withPseudo('/admin'));
      await page.getByText(p('admin.dashboard.title'), { exact: true }).waitFor();
      await hydrated(page);
      await page.getByRole('tab', { name: p('admin.orders.tab.submitted') }).click();
      await page.getByRole('row').filter({ hasText: order.code }).waitFor();
    },
  },
  {
    name: 'admin order detail',
    open: async (page, order) => {
      await page.getByRole('button', { name: p('admin.row.viewLabel', { code: order.code }) }).click();
      await page.getByRole('dialog').getByText(p('admin.kitchen.title'), { exact: true }).waitFor();
    },
  },
  {
    name: 'admin prep board',
    open: async (page) => {
      await page.keyboard.press('Escape');
      await page
        .locator('ui-nav-menu')
        .getByRole('link', { name: p('admin.nav.prepBoard') })
        .click();
      await page.getByRole('heading', { name: p('admin.prep.title'), level: 1 }).waitFor();
    },
  },
  {
    name: 'admin menu',
    open: async (page) => {
      await page
        .locator('ui-nav-menu')
        .getByRole('link', { name: p('admin.nav.menu') })
        .click();
      await page.getByRole('heading', { name: p('admin.menu.items') }).waitFor();
    },
  },
  {
    name: 'admin settings',
    open: async (page) => {
      await page
        .locator('ui-nav-menu')
        .getByRole('link', { name: p('admin.nav.settings') })
        .click();
      await page.getByRole('button', { name: p('admin.settings.save') }).click();
      await page.locator('#sim-toasts').getByText(p('admin.settings.saved')).waitFor();
    },
  },
  {
    // A search the server cannot read: its refusal page (the sentence said by the server).
    name: 'admin refused search',
    open: async (page) => {
      await page
        .locator('ui-nav-menu')
        .getByRole('link', { name: p('admin.nav.dashboard') })
        .click();
      await page.getByLabel(p('admin.search.label')).fill('Petra\u0007');
      await page.getByRole('button', { name: p('admin.search.submit') }).click();
      await page.getByText(p('admin.say.searchControl')).waitFor();
    },
  },
];

describe('pseudo-locale run of the embedded admin', () => {
  const prisma = createPrismaClient(urls().databaseUrl);
  afterAll(() => prisma.$disconnect());

  it('shows no text outside the message files on the dashboard, prep board, menu and settings', async () => {
    await readData();
    const flatWhite = (await prisma.menuItem.findFirst({ where: { shop: SHOP, name: 'Flat White' } }))!;
    const order = await storedOrder(prisma, 'XA', {
      name: 'Pseudo kitchen',
      hostName: 'Petra Host',
      hostEmail: 'petra@pseudo.example',
      companyName: 'Pseudo GmbH',
      deadlineAt: new Date(Date.now() - 60_000),
      submittedAt: new Date(Date.now() - 60_000),
      participantCount: 1,
      totalItems: 1,
      totalCents: 600,
      shopifyState: 'sent',
      shopifyDraftOrderName: '#D7001',
      items: {
        create: {
          shop: SHOP,
          guestName: 'Paul',
          menuItemId: flatWhite.id,
          menuItemName: flatWhite.name,
          quantity: 1,
          unitPriceCents: 600,
          totalCents: 600,
          confirmationKey: `pseudo-admin-${Date.now()}`,
        },
      },
    });
    const { page } = await browser.newUser(DESKTOP, PSEUDO_LOCALE);
    const people = [
      'Pseudo kitchen',
      'Petra Host',
      'petra@pseudo.example',
      'Pseudo GmbH',
      'Paul',
      // Paul's initials, and the Shopify draft order's name.
      'P',
      order.code,
      '#D7001',
    ];
    // Polaris's own announcements (English to Polaris in the pseudo run; its fr and de files say them).
    const polaris = ['This page is ready', 'Success', 'Info'];
    const found: string[] = [];
    for (const step of ADMIN_PAGES) {
      await step.open(page, {
        ...order,
        hostToken: '',
        deadlineAt: order.deadlineAt,
        pickupAt: order.pickupAt,
      });
      await page.waitForLoadState('networkidle');
      await screenshot(page, `pseudo-${step.name.replace(/\s+/g, '-')}-1280`);
      // Other browser tests run beside this one and add orders, names and notes as it walks: read them again.
      await readData();
      for (const text of await untranslated(page, [...people, ...polaris]))
        found.push(`${step.name}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
