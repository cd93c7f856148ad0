import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { HostTokenBodySchema } from '~/lib/hosting';
import { sendReminderNow } from '~/models/groupOrder/schedule.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import { clientKey, hostTokenFrom } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/remind -> {sent, total}: the host e-mails everyone invited who has not ordered
// and not said "not ordering". One per order every 15 minutes (429 with a sentence and Retry-After).
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to send a reminder.');
  const id = parseId(params.id);
  const body = await parseJson(request, HostTokenBodySchema);
  const client = clientKey(storefront.shop, request);
  const base = await linkBase(storefront);
  const result = await countingMisses(client, () =>
    sendReminderNow(
      storefront.shop,
      id,
      { hostToken: hostTokenFrom(request, body), customerId: storefront.customerId },
      base,
      client,
    ),
  );
  return Response.json(result);
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to send a reminder.');
});
