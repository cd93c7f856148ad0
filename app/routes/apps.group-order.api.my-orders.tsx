import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { ordersOfCustomer } from '~/models/groupOrder/myOrders.server';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/my-orders: the logged-in customer's orders (Shopify signs logged_in_customer_id): those they
// created, and those hosted or joined with the e-mail address Shopify holds for them.
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (!storefront.customerId) throw jsonError(401, 'Log in to your store account to see your orders.');
  const profile = await getCustomerProfile(storefront);
  const orders = await ordersOfCustomer(storefront.shop, storefront.customerId, profile?.email ?? null);
  return Response.json(
    orders.map(({ order }) => serializeGroupOrder(order, undefined, undefined, { revealHostEmail: true })),
  );
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
