import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, toId, withHttpErrors } from '~/lib/http.server';
import { notFound } from '~/models/groupOrder/hostAccess.server';
import { getHostSummary } from '~/models/groupOrder/hosting.server';
import { consumeOrRefuse, countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// GET /api/group-orders/{id}/summary: the spec's per-guest summary (guests' e-mail addresses never appear).
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  await consumeOrRefuse('orderReads', clientKey(storefront.shop, request));
  const id = toId(params.id);
  const summary = id === null ? null : await getHostSummary(storefront.shop, id);
  if (!summary) {
    await countMiss(clientKey(storefront.shop, request));
    throw notFound();
  }
  return Response.json(summary.guests);
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
