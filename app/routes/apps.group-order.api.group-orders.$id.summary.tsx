import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId } from '~/lib/http.server';
import { getHostSummary, notFound } from '~/models/hosting.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/group-orders/{id}/summary: the spec's per-guest summary (guests' e-mail addresses never appear).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const summary = await getHostSummary(storefront.shop, parseId(params.id));
  if (!summary) throw notFound();
  return Response.json(summary.guests);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
}
