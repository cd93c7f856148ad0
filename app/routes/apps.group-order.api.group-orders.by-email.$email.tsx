import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { INVALID_EMAIL, isValidEmail } from '~/lib/hosting';
import { serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { consumeOrRefuse } from '~/models/limits/rateLimits.server';
import { findOrdersByHostEmail } from '~/models/groupOrder/findOrder.server';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// GET /api/group-orders/by-email/{email}: the host's active and recent orders (rate-limited per client).
// An address proves nothing, so the list is only given to the logged-in customer whose e-mail Shopify
// reports as that address; everyone else gets the same empty list whether or not the address hosts
// anything (docs/decisions/2026-11-26-host-links.md). Find order → Your Email e-mails host links instead.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  const email = (params.email ?? '').trim();
  if (!isValidEmail(email)) throw jsonError(400, INVALID_EMAIL);
  await consumeOrRefuse('lookups', clientKey(storefront.shop, request));
  const customer = storefront.customerId ? await getCustomerProfile(storefront) : null;
  if (!customer?.email || customer.email.trim().toLowerCase() !== email.toLowerCase()) {
    return Response.json([]);
  }
  const orders = await findOrdersByHostEmail(storefront.shop, email);
  return Response.json(
    orders.map((order) => serializeGroupOrder(order, undefined, undefined, { revealHostEmail: true })),
  );
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
