import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  return redirect(`/account/logout?return_url=${encodeURIComponent(`${storefront.pathPrefix}/host/create`)}`);
}
