// JS and CSS a storefront page loads on first visit, its HTML and words, and whether the HTML and assets
// came compressed.
import { gzipSync } from 'node:zlib';
import { clientAddress, type Page } from './load';
import { signedPath } from './signing.mjs';

let visitor = 500_000;

export async function pageWeight(base: string, target: Page, signing: { shop: string; secret: string }) {
  const url = `${base}${signedPath(target.path, { ...signing, query: target.query })}`;
  const page = await fetch(url, {
    headers: {
      'x-forwarded-host': signing.shop,
      'accept-encoding': 'gzip, br',
      'x-forwarded-for': clientAddress(++visitor),
    },
  });
  const html = await page.text();
  const assets = new Set<string>();
  for (const match of html.matchAll(/(?:https?:\/\/[^"'\s]+)?\/assets\/[A-Za-z0-9._-]+\.(?:js|css)/g)) {
    assets.add(match[0].replace(/^https?:\/\/[^/]+/, ''));
  }
  let jsRaw = 0;
  let jsGz = 0;
  let cssGz = 0;
  // The middleware leaves bodies under 1 KB as they are (not worth a header): count the rest.
  let worthCompressing = 0;
  let compressed = 0;
  for (const asset of assets) {
    const response = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'gzip, br' } });
    const body = Buffer.from(await response.arrayBuffer());
    // fetch decodes; re-measure the plain body so both columns compare the same bytes
    const gz = gzipSync(body).length;
    if (body.length >= 1024) {
      worthCompressing += 1;
      if (response.headers.get('content-encoding')) compressed += 1;
    }
    if (asset.endsWith('.js')) {
      jsRaw += body.length;
      jsGz += gz;
    } else cssGz += gz;
  }
  // The page's words (a storefront catalog, docs/decisions/2026-11-27-storefront-catalog-file.md): fetched
  // on a browser's first page in a language and kept, so counted apart from the scripts.
  const catalog = /<link[^>]*data-catalog[^>]*>/.exec(html)?.[0].match(/href="([^"]+)"/)?.[1];
  let wordsGz = 0;
  if (catalog) {
    const words = await fetch(`${base}${new URL(catalog).pathname}`);
    wordsGz = gzipSync(Buffer.from(await words.arrayBuffer())).length;
  }
  return {
    status: page.status,
    htmlGzKB: +(gzipSync(html).length / 1024).toFixed(1),
    wordsGzKB: +(wordsGz / 1024).toFixed(1),
    jsKB: +(jsRaw / 1024).toFixed(1),
    jsGzKB: +(jsGz / 1024).toFixed(1),
    cssGzKB: +(cssGz / 1024).toFixed(1),
    htmlCompressed: page.headers.get('content-encoding') ?? 'no',
    assetsCompressed: `${compressed}/${worthCompressing}`,
  };
}
