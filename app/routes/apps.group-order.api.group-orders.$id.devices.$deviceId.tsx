import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { HostTokenBodySchema } from '~/lib/hosting';
import { revokeHostDevice } from '~/models/groupOrder/hostDevices.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/devices/{deviceId} (or DELETE): a host removes a browser that was added by a
// claim link; answers with the devices that still manage the order.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST' && request.method !== 'DELETE')
    throw jsonError(405, 'Use POST to remove a device.');
  const id = parseId(params.id);
  const deviceId = parseId(params.deviceId, 'Device');
  const body = await parseJson(request, HostTokenBodySchema);
  const devices = await countingMisses(clientKey(storefront.shop, request), () =>
    revokeHostDevice(storefront.shop, id, deviceId, {
      hostToken: hostTokenFrom(request, body),
      customerId: storefront.customerId,
    }),
  );
  return Response.json({ devices });
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to remove a device.');
});
