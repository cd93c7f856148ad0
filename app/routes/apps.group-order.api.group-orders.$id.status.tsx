import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { StatusSchema } from '~/lib/hosting';
import { serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { setGroupOrderStatus } from '~/models/groupOrder/submitOrder.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { publicKitchenProgress } from '~/models/kitchen/publicProgress.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// PATCH /api/group-orders/{id}/status {status}: submit or reopen; the host token travels in X-Host-Token.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'PATCH' && request.method !== 'POST')
    throw jsonError(405, 'Use PATCH to change the status.');
  const id = parseId(params.id);
  const body = await parseJson(request, StatusSchema);
  const order = await countingMisses(clientKey(storefront.shop, request), () =>
    setGroupOrderStatus(storefront.shop, id, body.status, {
      hostToken: hostTokenFrom(request, body),
      customerId: storefront.customerId,
    }),
  );
  return Response.json(serializeGroupOrder(order, undefined, undefined, { revealHostEmail: true }));
});

// GET /api/group-orders/{id}/status: the order's live state for open guest and host pages (polled while
// they are visible; the app proxy has no push): active or submitted, the deadline, why it is closed, and
// where it is in the kitchen. Small and read-only, with the order-read limit of the other order reads.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const shown = await publicKitchenProgress(request, params.id);
  return Response.json(shown, { headers: { 'Cache-Control': 'no-store' } });
});
