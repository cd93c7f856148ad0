import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { useNonce } from './lib/nonce';

function Document({ children, title }: { children: ReactNode; title?: string }) {
  // Inline scripts carry the response's CSP nonce (storefront pages, see entry.server.tsx).
  const nonce = useNonce();
  // Storefront pages are in the guest's language (the storefront layout's loader chooses it).
  const storefront = useRouteLoaderData<{ language?: string }>('routes/apps.group-order');
  return (
    <html lang={storefront?.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        {/* public/favicon.svg, from the app's origin: storefront pages live on the shop's domain. */}
        <link rel="icon" type="image/svg+xml" href={`${import.meta.env.BASE_URL}favicon.svg`} />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

// Last line of defence: a person gets a sentence, never a stack trace.
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document title={notFound ? 'Page not found' : 'Something went wrong'}>
      <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}>
        <h1>{notFound ? '404 Page Not Found' : 'Something went wrong'}</h1>
        <p>
          {notFound
            ? 'The page you are looking for does not exist.'
            : 'Please refresh the page. If it keeps happening, try again in a few minutes.'}
        </p>
      </main>
    </Document>
  );
}
