import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';

// Customer identity belongs to the store: send the shopper to its login page and back to My Orders.
export async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const back = new URL(request.url).searchParams.get('return_to');
  const returnTo =
    back && back.startsWith(storefront.pathPrefix) ? back : `${storefront.pathPrefix}/my-orders`;
  return redirect(`/account/login?return_url=${encodeURIComponent(returnTo)}`);
}
