import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';

// Any storefront path no route claims: checked for a signature first, then a 404 page (or JSON for /api).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  const url = new URL(request.url);
  if (url.pathname.includes('/api/')) {
    throw Response.json({ error: 'Not found', message: 'Not found' }, { status: 404 });
  }
  throw new Response('404 Page Not Found', { status: 404, statusText: 'Not Found' });
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function NotFound() {
  return null;
}
