import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { ExtendSchema } from '~/lib/hosting';
import { serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { extendDeadline } from '~/models/groupOrder/hosting.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/extend {pickupDate?, pickupTime?}: the host moves the deadline up to 15 minutes
// later (never past pickup minus the shop's notice, app/lib/deadline.ts: `capped` says it stopped there,
// `minutes` how much it added), and may move pickup too.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to extend the deadline.');
  const id = parseId(params.id);
  const body = await parseJson(request, ExtendSchema);
  const { order, capped, minutes } = await countingMisses(clientKey(storefront.shop, request), () =>
    extendDeadline(
      storefront.shop,
      id,
      { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId },
      new Date(),
      body,
    ),
  );
  return Response.json({
    ...serializeGroupOrder(order, undefined, undefined, { revealHostEmail: true }),
    capped,
    minutes,
  });
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to extend the deadline.');
});
