import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { HostTokenBodySchema } from '~/lib/hosting';
import { listHostDevices } from '~/models/groupOrder/hostDevices.server';
import { requireHostOrder } from '~/models/groupOrder/hostAccess.server';
import { requireStorefront, type Storefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';
import { countingMisses } from '~/models/limits/rateLimits.server';

// GET /api/group-orders/{id}/host: checks the caller is the host (X-Host-Token or the logged-in creator)
// and returns the host's own details, which the dashboard needs for "Add My Order", and the browsers
// that hold host authority. POST does the same
// with the token in the JSON body, which the dashboard uses: it survives a proxy that drops custom headers.
async function hostDetails(
  request: Request,
  storefront: Storefront,
  id: string | undefined,
  hostToken: string | null,
) {
  const credentials = { hostToken, customerId: storefront.customerId };
  const order = await countingMisses(clientKey(storefront.shop, request), async () =>
    requireHostOrder(storefront.shop, parseId(id), credentials),
  );
  return Response.json({
    isHost: true,
    hostName: order.hostName,
    hostEmail: order.hostEmail,
    hostInitials: order.hostInitials,
    devices: await listHostDevices(storefront.shop, order.id, credentials),
  });
}

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  return hostDetails(request, storefront, params.id, hostTokenFrom(request));
});

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use GET, or POST with {hostToken}.');
  const body = await parseJson(request, HostTokenBodySchema);
  return hostDetails(request, storefront, params.id, hostTokenFrom(request, body));
});
