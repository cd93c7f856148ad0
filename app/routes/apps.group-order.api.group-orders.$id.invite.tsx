import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, parseWith, withHttpErrors } from '~/lib/http.server';
import { InviteSchema, RequestKeySchema } from '~/lib/hosting';
import { sendInvitations } from '~/models/groupOrder/invitations.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/invite {emails[], requestKey?} -> {sent, total, invalid, skipped, undelivered}: one e-mail
// per address, rate-limited. The request key (body, or an Idempotency-Key header) makes a retry send
// nothing twice; an address invited to the order within the last hour is skipped, not e-mailed again.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to send invitations.');
  const id = parseId(params.id);
  const body = await parseJson(request, InviteSchema);
  const header = request.headers.get('Idempotency-Key');
  const requestKey = body.requestKey ?? (header === null ? undefined : parseWith(RequestKeySchema, header));
  const client = clientKey(storefront.shop, request);
  const base = await linkBase(storefront);
  const result = await countingMisses(client, () =>
    sendInvitations(
      storefront.shop,
      id,
      body.emails,
      { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId },
      base,
      { requestKey, client },
    ),
  );
  return Response.json(result);
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST with {emails} to send invitations.');
});
