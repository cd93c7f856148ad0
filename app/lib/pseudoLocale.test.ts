import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { english } from '~/locales/catalogs';
import { pseudoRequested } from './language.server';
import { PSEUDO_LOCALE, pseudoMessages, pseudoText } from './pseudoLocale';

const compiled = Object.fromEntries(Object.entries(english).map(([id, text]) => [id, compileMessage(text)]));
const pseudo = setupI18n({ locale: 'en', messages: { en: pseudoMessages(compiled) } });

describe('pseudo language', () => {
  it('leaves no ASCII letter in any message, and makes it longer', () => {
    expect(pseudoText('Add to Order')).toBe('ÅÅðð ţóó ÖÖŕðééŕ');
    for (const id of Object.keys(english)) {
      // Every placeholder a number, so each plural picks a case and no value brings letters in.
      const values = Object.fromEntries([...english[id].matchAll(/\{(\w+)/g)].map(([, name]) => [name, 2]));
      const text = pseudo._(id, values);
      expect(text, id).not.toMatch(/[A-Za-z]/);
      expect(text.startsWith('⟦') && text.endsWith('⟧'), id).toBe(true);
    }
  });

  it('keeps placeholders and plurals, so the data in them stays as it is', () => {
    expect(pseudo._('customise.title', { item: 'Flat White' })).toBe(
      `⟦${pseudoText('Customize ')}Flat White⟧`,
    );
    expect(pseudo._('review.itemsInOrder', { count: 1 })).toBe(`⟦${pseudoText('1 item in your order')}⟧`);
    expect(pseudo._('review.itemsInOrder', { count: 3 })).toBe(`⟦${pseudoText('3 items in your order')}⟧`);
  });
});

describe('pseudoRequested', () => {
  afterEach(() => vi.unstubAllEnvs());
  const request = (query: string, acceptLanguage?: string) =>
    new Request(`https://shop.example/apps/group-order/join/ABC123${query}`, {
      headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
    });

  it('is refused unless the browser tests run the server', () => {
    vi.stubEnv('GROUP_ORDER_PSEUDO_LOCALE', '');
    expect(pseudoRequested(request(`?locale=${PSEUDO_LOCALE}`))).toBe(false);
    expect(pseudoRequested(request('', PSEUDO_LOCALE))).toBe(false);
  });

  it('follows the locale parameter, else the browser’s first language, under the browser tests', () => {
    vi.stubEnv('GROUP_ORDER_PSEUDO_LOCALE', '1');
    expect(pseudoRequested(request(`?locale=${PSEUDO_LOCALE}`))).toBe(true);
    expect(pseudoRequested(request('?locale=fr', PSEUDO_LOCALE))).toBe(false);
    expect(pseudoRequested(request('', `${PSEUDO_LOCALE},en;q=0.8`))).toBe(true);
    expect(pseudoRequested(request('', 'en-AU,en;q=0.8'))).toBe(false);
  });
});
