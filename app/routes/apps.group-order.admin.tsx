import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';

// The spec's /admin lives in the Shopify admin (embedded app). On the storefront it only points
// there and never shows data: the store's /admin asks the merchant to log in to Shopify.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return redirect('/admin');
}
