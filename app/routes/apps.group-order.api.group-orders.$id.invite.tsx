import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson } from '~/lib/http.server';
import { InviteSchema } from '~/lib/hosting';
import { sendInvitations } from '~/models/hostMail.server';
import { hostTokenFrom } from '~/models/hosting.server';
import { clientKey } from '~/models/hostRateLimits.server';
import { requireStorefront } from '~/storefront.server';

// POST /api/group-orders/{id}/invite {emails[]} -> {sent, total}: one e-mail per address, rate-limited.
export async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to send invitations.');
  const id = parseId(params.id);
  const body = await parseJson(request, InviteSchema);
  const result = await sendInvitations(
    storefront.shop,
    id,
    body.emails,
    { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId },
    `${storefront.origin}${storefront.pathPrefix}`,
    clientKey(storefront.shop, request),
  );
  return Response.json(result);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST with {emails} to send invitations.');
}
