import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseJson, withHttpErrors } from '~/lib/http.server';
import { getUsualOrder, LoadUsualOrderSchema } from '~/models/groupOrder/usualOrders.server';
import { requireStorefront } from '~/storefront.server';
import { guestTokenFrom } from '~/lib/credentials.server';

// POST /api/usual-order/load { email, deviceKey?, groupOrderId?, guestToken? } -> { items, avoids }: the
// usual order's items as GET /api/usual-order answers them, and what the guest avoids (allergen and diet
// keys), with the address in the body rather than in a URL. 403 with
// reason "proof-needed" when this browser has not proven the address (usualOrders.server.ts).
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'POST') return jsonError(405, 'Use POST to load a usual order.');
  const input = await parseJson(request, LoadUsualOrderSchema);
  return Response.json(
    await getUsualOrder(shop, input.email, {
      deviceKey: input.deviceKey,
      groupOrderId: input.groupOrderId,
      guestToken: guestTokenFrom(request, input),
    }),
  );
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to load a usual order.');
});
