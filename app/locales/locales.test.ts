import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGS, english as en } from './catalogs';
import { STORE_ACCESS_REQUIRED } from '~/lib/messages';
import { ALLERGENS, DIETS } from '~/lib/allergens';
import { wordsFor } from '~/i18n.server';
import { FORM_MESSAGES, HOST_MESSAGES, fieldErrorIn, pickupNoticeMessage } from '~/lib/hostText';

// Every message file has every key, with the same placeholders, and plurals that use the language's
// own categories (Intl.PluralRules) and always an "other".
const FILES: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(CATALOGS).map(([language, areas]) => [language, Object.assign({}, ...Object.values(areas))]),
);

type Compiled = ReturnType<typeof compileMessageOrThrow>;
type Found = { args: Set<string>; plurals: string[][] };

/** Lingui's compiled form: text, or [name, type?, cases?] with each case compiled the same way. */
function walk(compiled: Compiled, found: Found) {
  if (!Array.isArray(compiled)) return found;
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token as [string, string?, Record<string, Compiled>?];
    if (name !== '#') found.args.add(name);
    if (type === 'plural' && cases) found.plurals.push(Object.keys(cases).filter((c) => c !== 'offset'));
    if (cases && typeof cases === 'object') for (const value of Object.values(cases)) walk(value, found);
  }
  return found;
}

const shape = (message: string) =>
  walk(compileMessageOrThrow(message), { args: new Set<string>(), plurals: [] });

describe('message files', () => {
  const keys = Object.keys(en).sort();

  it('reads placeholders and plural cases (so the checks below can fail)', () => {
    const found = shape(en['guest.removed']);
    expect([...found.args].sort()).toEqual(['count', 'names']);
    expect(found.plurals).toEqual([['one', 'other']]);
  });

  it.each(['fr', 'de'] as const)('%s has exactly the English keys, area by area', (language) => {
    for (const area of AREAS)
      expect([area, Object.keys(CATALOGS[language][area]).sort()]).toEqual([
        area,
        Object.keys(CATALOGS.en[area]).sort(),
      ]);
  });

  it('gives each key to one area only', () => {
    const all = AREAS.flatMap((area) => Object.keys(CATALOGS.en[area]));
    expect(all.length).toBe(new Set(all).size);
  });

  it.each(Object.keys(FILES))(
    '%s: every message parses, with the placeholders of the English one',
    (language) => {
      const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
      for (const key of keys) {
        const english = shape(en[key as keyof typeof en]);
        const own = shape(FILES[language][key]);
        expect([key, [...own.args].sort()]).toEqual([key, [...english.args].sort()]);
        for (const cases of own.plurals) {
          expect([key, cases.includes('other')]).toEqual([key, true]);
          for (const category of cases.filter((c) => !c.startsWith('=')))
            expect([key, language, categories.has(category)]).toEqual([key, language, true]);
        }
      }
    },
  );

  it('keeps the English texts as the spec writes them', () => {
    expect(en['review.confirm']).toBe('Confirm My Order');
    expect(en['review.title']).toBe('Review Your Order');
    expect(en['phase.confirmedTitle']).toBe('Order Confirmed!');
    expect(en['customise.addToOrder']).toBe('Add to Order');
    expect(en['order.review']).toBe('Review My Order');
    expect(en['error.storeAccess.title']).toBe(STORE_ACCESS_REQUIRED);
  });

  it('names allergens and diets in the admin’s menu editor with the guests’ words, in every language', () => {
    for (const language of Object.keys(CATALOGS) as (keyof typeof CATALOGS)[]) {
      const { admin, guest } = CATALOGS[language];
      for (const key of ALLERGENS)
        expect([language, admin[`admin.allergen.${key}`]]).toEqual([language, guest[`allergen.${key}`]]);
      for (const key of DIETS)
        expect([language, admin[`admin.diet.${key}`]]).toEqual([language, guest[`diet.${key}`]]);
    }
  });

  it('keeps the admin’s English as the admin wrote it', () => {
    expect(en['admin.dashboard.title']).toBe('ADMIN DASHBOARD');
    expect(en['admin.orders.tab.active']).toBe('Active Orders');
    expect(en['admin.settings.payment.on-account']).toBe(en['payment.on-account']);
    expect(en['admin.settings.payment.pay-in-store']).toBe(en['payment.pay-in-store']);
  });

  it('formats plurals per language (Intl.PluralRules)', () => {
    expect(wordsFor('en').t('order.items', { count: 1 })).toBe('1 item');
    expect(wordsFor('fr').t('order.items', { count: 0 })).toBe('0 article');
    expect(wordsFor('de').t('order.items', { count: 3 })).toBe('3 Artikel');
    expect(wordsFor('fr').t('join.people', { count: 2 })).toBe('2 personnes');
  });

  it("says the host pages' English as the server and the spec do", () => {
    for (const [key, text] of Object.entries(HOST_MESSAGES)) expect(en[`host.msg.${key}`]).toBe(text);
    for (const [key, text] of Object.entries(FORM_MESSAGES)) expect(en[`host.valid.${key}`]).toBe(text);
    const { t } = wordsFor('en');
    expect(t('host.controls.question', { items: 14, people: 6, shop: 'Demo Coffee' })).toBe(
      'Submit 14 items from 6 people to Demo Coffee?',
    );
    expect(t('host.controls.question', { items: 1, people: 1, shop: 'Demo Coffee' })).toBe(
      'Submit 1 item from 1 person to Demo Coffee?',
    );
    expect(en['host.create.submit']).toBe('Create Group Order');
    expect(en['host.controls.submit']).toBe('Submit Group Order');
    expect(en['host.share.addMine']).toBe('Add My Order');
  });

  it("turns the create form's errors into the page's language, leaving unknown sentences as they came", () => {
    const { t } = wordsFor('de');
    expect(fieldErrorIn(FORM_MESSAGES.hostName, t)).toBe('Bitte geben Sie Ihren Namen ein.');
    expect(fieldErrorIn(pickupNoticeMessage(30), t)).toBe(
      'Abholbestellungen brauchen mindestens 30 Minuten Vorlauf. Bitte wählen Sie eine spätere Abholzeit.',
    );
    expect(fieldErrorIn('Your name must be at most 80 characters.', t)).toBe(
      'Your name must be at most 80 characters.',
    );
  });
});
