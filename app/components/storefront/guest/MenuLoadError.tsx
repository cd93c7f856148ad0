import { isRouteErrorResponse, Link } from '@remix-run/react';
import { EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';
import { useT } from '~/components/i18n';
import type { Translate } from '~/lib/language';

// What the menu page shows when it could not load: 'Error loading group order' and why, in the page's
// language (the server's refusal already comes in it).

/** Spec section 8: "<status>: <body text>" (or the status text when the body is empty). */
function errorMessage(error: unknown, t: Translate): string {
  if (isRouteErrorResponse(error)) {
    const body = error.data as unknown;
    const text =
      typeof body === 'string'
        ? body
        : body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : '';
    return `${error.status}: ${text || error.statusText}`;
  }
  return error instanceof Error ? error.message : t('menu.loadFailed');
}

/** The menu page's error boundary body. */
export function MenuLoadError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <main className="shell-main guest">
      <h1 className="visually-hidden">{t('menu.title')}</h1>
      <EmptyState
        title={t('menu.loadError')}
        actions={
          <>
            {/* A full reload of this same address: works even when the page's scripts did not start. */}
            <a className="btn btn--primary" href="">
              {t('error.tryAgain')}
            </a>
            <Link className="btn btn--secondary" to={sfPath('/find-order')}>
              {t('error.findAnOrder')}
            </Link>
          </>
        }
      >
        <p role="alert">{errorMessage(error, t)}</p>
      </EmptyState>
    </main>
  );
}
