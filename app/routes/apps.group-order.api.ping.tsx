import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireStorefront } from '~/storefront.server';

// GET or POST /api/ping: an empty 204 once Shopify's app-proxy signature checks, 401 otherwise. It reads
// nothing (not even a POST's body), writes nothing and names nothing, so a signed ping costs what any
// storefront request costs before its route does its own work. `npm run bench` loads it beside the guest
// confirm (the same server, the same signed path, the same direct route) as the app's floor
// (docs/decisions/2026-11-26-bench-references.md).
// No rate limit: a counter would be a database write, more than the route itself, and a stranger gets
// the same work out of the app with an unsigned request to any storefront route, which is refused at the
// same check.
async function ping({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  await requireStorefront(request);
  return new Response(null, { status: 204 });
}

export const loader = ping;
export const action = ping;
