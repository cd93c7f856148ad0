import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonError } from '~/lib/http.server';
import { requireStorefront } from '~/storefront.server';

// The spec's admin order list is answered only inside the Shopify admin (authenticate.admin), never to
// a storefront visitor: the storefront path says so with a 401, as the spec's client expects.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(
    401,
    'Unauthorized: the order overview is in the Shopify admin, under Apps > Group Order.',
  );
}
