import { describe, expect, it } from 'vitest';
import { wordsFor } from '~/i18n.server';
import { args, call, proxyRequest } from '../../test/support/requests';
import { loader as layoutLoader } from './apps.group-order';
import { loader as catalogLoader } from './locales.$file';

// A storefront page's words are a file of their own (docs/decisions/2026-11-27-storefront-catalog-file.md):
// the layout names it, the browser fetches it from the app's origin and keeps it.

async function layout(query: Record<string, string> = {}) {
  const request = await proxyRequest('/apps/group-order/find-order', { query });
  return (await call(() => layoutLoader(args(request)))).body;
}

function fetchCatalog(address: string) {
  const file = new URL(address).pathname.replace('/locales/', '');
  const request = new Request(address);
  return catalogLoader(args(request, { file }) as never);
}

describe('storefront catalogs', () => {
  it('are named by the layout, not carried in its data, one address per language and content', async () => {
    const french = await layout({ locale: 'fr' });
    expect(french).not.toHaveProperty('messages');
    expect(french.language).toBe('fr');
    expect(french.catalog).toMatch(/^https?:\/\/[^/]+\/locales\/storefront-fr-[0-9a-f]{12}\.json$/);
    expect(french.catalogs.fr).toBe(french.catalog);
    expect(new Set(Object.values(french.catalogs)).size).toBe(3);
    // The same words, the same address, whoever asks.
    expect((await layout({ locale: 'fr' })).catalog).toBe(french.catalog);
    expect((await layout({})).catalog).toBe(french.catalogs.en);
  });

  it('answer the language’s messages, public, cross-origin and kept for good', async () => {
    const { catalog } = await layout({ locale: 'de' });
    const response = fetchCatalog(catalog);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const messages = (await response.json()) as Record<string, unknown>;
    // Lingui's compiled form: a sentence without placeholders is one part.
    expect(messages['shell.findOrder']).toEqual([wordsFor('de').t('shell.findOrder')]);
    expect(Object.keys(messages).some((id) => id.startsWith('admin.'))).toBe(false);
  });

  it('give an address from before a deploy today’s words, not kept; refuse anything else', async () => {
    const { catalog } = await layout({ locale: 'fr' });
    const stale = catalog.replace(/-[0-9a-f]{12}\.json$/, '-000000000000.json');
    const old = fetchCatalog(stale);
    expect(old.status).toBe(200);
    expect(old.headers.get('Cache-Control')).toBe('no-cache');
    expect(await old.text()).toBe(await fetchCatalog(catalog).text());
    for (const file of ['storefront-xx-000000000000.json', 'storefront-fr.json', '..%2Fpackage.json', '']) {
      const refused = catalogLoader(args(new Request('http://localhost/locales/x'), { file }) as never);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe('There is no such catalog.');
    }
  });
});
