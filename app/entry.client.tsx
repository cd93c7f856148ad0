import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadCatalog } from '~/components/i18n';

// Remix's own client entry, after one step: a storefront page names its words' catalog (a <link> its
// LanguageProvider renders, fetched since the HTML arrived) and starts once the catalog is here, so the
// first render in the browser says what the server's did
// (docs/decisions/2026-11-27-storefront-catalog-file.md). The embedded admin names none.

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A page the guest leaves while its catalog is on the way cancels the fetch: nothing to report then.
let leaving = false;
addEventListener('pagehide', () => (leaving = true));

const catalog = document.querySelector<HTMLLinkElement>('link[data-catalog]')?.href;
if (!catalog) hydrate();
else
  loadCatalog(catalog)
    // One more try for a lost answer; if that fails too the page stays as the server made it (readable, links
    // work), as it would if one of its scripts had not loaded.
    .catch(() => loadCatalog(catalog))
    .then(hydrate, (error: unknown) => {
      if (!leaving) console.error(error);
    });
