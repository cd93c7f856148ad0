import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, toId, withHttpErrors } from '~/lib/http.server';
import { notFound } from '~/models/groupOrder/hosting.server';
import { consumeOrRefuse, countMiss } from '~/models/limits/hostRateLimits.server';
import { getKitchenProgress } from '~/models/kitchen/kitchen.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// GET /api/group-orders/{id}/kitchen: where a submitted order is in the kitchen, for the host dashboard
// and the guest's confirmed screen (polled while the page is visible). Who moved it is not shown here.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  await consumeOrRefuse('orderReads', clientKey(storefront.shop, request));
  const id = toId(params.id);
  const progress = id === null ? null : await getKitchenProgress(storefront.shop, id);
  if (!progress) {
    await countMiss(clientKey(storefront.shop, request));
    throw notFound();
  }
  const { canUndo: _canUndo, next: _next, nextLabel: _nextLabel, ...shown } = progress;
  return Response.json(shown);
});

// Only the merchant moves an order, from the Shopify admin; hosts and guests cannot.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Only the shop can change where an order is in the kitchen.');
});
