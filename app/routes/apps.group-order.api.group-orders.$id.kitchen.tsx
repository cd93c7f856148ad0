import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { publicKitchenProgress } from '~/models/kitchen/publicProgress.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/group-orders/{id}/kitchen: where a submitted order is in the kitchen, for the host dashboard
// and the guest's confirmed screen (polled while the page is visible). Who moved it is not shown here.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  return Response.json(await publicKitchenProgress(request, params.id));
});

// Only the merchant moves an order, from the Shopify admin; hosts and guests cannot.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Only the shop can change where an order is in the kitchen.');
});
