import { describe, expect, it } from 'vitest';
import { chooseLanguage, requestedLanguage, requestLanguage } from './language.server';
import { formatLocale } from './language';

describe('the storefront language', () => {
  it('takes the locale parameter first, then Accept-Language, then the shop, then English', () => {
    const all = { param: 'de', acceptLanguage: 'fr-FR,fr;q=0.9', shopLocale: 'fr' };
    expect(chooseLanguage(all)).toBe('de');
    expect(chooseLanguage({ ...all, param: null })).toBe('fr');
    expect(chooseLanguage({ ...all, param: null, acceptLanguage: null, shopLocale: 'de-DE' })).toBe('de');
    expect(chooseLanguage({ param: null, acceptLanguage: null, shopLocale: null })).toBe('en');
  });

  it('skips what it cannot serve: an unknown parameter, unknown browser languages, an unknown shop locale', () => {
    expect(chooseLanguage({ param: 'xx', acceptLanguage: 'es-ES, de;q=0.4', shopLocale: 'fr' })).toBe('de');
    expect(chooseLanguage({ param: 'es', acceptLanguage: 'es-ES, it;q=0.8', shopLocale: 'fr-CA' })).toBe(
      'fr',
    );
    expect(chooseLanguage({ param: '', acceptLanguage: 'ja', shopLocale: 'pt-BR' })).toBe('en');
  });

  it('honours the browser’s weights', () => {
    expect(chooseLanguage({ param: null, acceptLanguage: 'en;q=0.5, de-CH;q=0.9', shopLocale: 'en' })).toBe(
      'de',
    );
  });

  it('reads a request: the signed query’s locale, then its Accept-Language header', () => {
    const url = 'https://shop.example/apps/group-order/order/1';
    const french = new Request(url, { headers: { 'Accept-Language': 'fr-FR' } });
    expect(requestLanguage(french, 'en-AU')).toBe('fr');
    expect(
      requestLanguage(new Request(`${url}?locale=de`, { headers: { 'Accept-Language': 'fr' } }), 'en-AU'),
    ).toBe('de');
    expect(requestLanguage(new Request(url), 'de-AT')).toBe('de');
  });

  it('stores only a language the request asks for: none asked is null (the shop’s, when written to)', () => {
    const url = 'https://shop.example/apps/group-order/api/order-items';
    expect(requestedLanguage(new Request(`${url}?locale=fr`, { headers: { 'Accept-Language': 'de' } }))).toBe(
      'fr',
    );
    expect(requestedLanguage(new Request(url, { headers: { 'Accept-Language': 'de-CH, fr;q=0.5' } }))).toBe(
      'de',
    );
    expect(requestedLanguage(new Request(url, { headers: { 'Accept-Language': 'ja' } }))).toBeNull();
    expect(requestedLanguage(new Request(url))).toBeNull();
  });

  it('formats English in the shop’s English locale and French and German in their own', () => {
    expect(formatLocale('en', 'en-AU')).toBe('en-AU');
    expect(formatLocale('en', 'fr-FR')).toBe('en-AU');
    expect(formatLocale('fr', 'en-AU')).toBe('fr');
    expect(formatLocale('de', 'de-AT')).toBe('de-AT');
  });
});
