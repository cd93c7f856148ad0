import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { HostTokenBodySchema } from '~/lib/hosting';
import { missingBoard } from '~/models/groupOrder/schedule.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/missing {hostToken?} -> {invitees: [{email, state, ...}], autoSubmit,
// reminderMinutes, lastReminderAt}: "Who is still missing" for the host only (the addresses are the ones the
// host typed; nobody else sees them). GET works with the X-Host-Token header.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const credentials = { hostToken: hostTokenFrom(request), customerId: storefront.customerId };
  const board = await countingMisses(clientKey(storefront.shop, request), async () =>
    missingBoard(storefront.shop, parseId(params.id), credentials),
  );
  return Response.json(board);
});

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use GET, or POST with {hostToken}.');
  const id = parseId(params.id);
  const body = await parseJson(request, HostTokenBodySchema);
  const credentials = { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId };
  const board = await countingMisses(clientKey(storefront.shop, request), () =>
    missingBoard(storefront.shop, id, credentials),
  );
  return Response.json(board);
});
