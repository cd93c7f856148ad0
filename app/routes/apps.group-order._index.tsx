import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';
import { sfPath } from '~/lib/paths';

// "/" and "/host/create" are the same screen. The create screen lives at /host/create because Remix's
// data URL for this index path ("/apps/group-order.data") falls outside the proxied prefix.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return redirect(sfPath('/host/create'));
}
