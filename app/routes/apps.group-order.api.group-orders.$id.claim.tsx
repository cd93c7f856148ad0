import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, withHttpErrors } from '~/lib/http.server';
import { requestOwnerClaim } from '~/models/groupOrder/hostDevices.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';
import { countingMisses } from '~/models/limits/rateLimits.server';

// POST /api/group-orders/{id}/claim: "I Created This Order - Submit It" e-mails a one-time link to the
// host's address (never to the caller), so only the real host can take over in this browser.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to request the link.');
  const client = clientKey(storefront.shop, request);
  const base = await linkBase(storefront);
  const result = await countingMisses(client, async () =>
    requestOwnerClaim(storefront.shop, parseId(params.id), base, undefined, client),
  );
  return Response.json(result);
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to request the link.');
});
