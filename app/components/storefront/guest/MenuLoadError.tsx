import { isRouteErrorResponse, Link } from '@remix-run/react';
import { EmptyState } from '~/components/storefront/ui';
import { sfPath } from '~/lib/paths';

// What the menu page shows when it could not load: 'Error loading group order' and why.

/** Spec section 8: "<status>: <body text>" (or the status text when the body is empty). */
function errorMessage(error: unknown): string {
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
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** The menu page's error boundary body. */
export function MenuLoadError({ error }: { error: unknown }) {
  return (
    <main className="shell-main guest">
      <h1 className="visually-hidden">Menu</h1>
      <EmptyState
        title="Error loading group order"
        actions={
          <>
            {/* A full reload of this same address: works even when the page's scripts did not start. */}
            <a className="btn btn--primary" href="">
              Try again
            </a>
            <Link className="btn btn--secondary" to={sfPath('/find-order')}>
              Find an order
            </Link>
          </>
        }
      >
        <p role="alert">{errorMessage(error)}</p>
      </EmptyState>
    </main>
  );
}
