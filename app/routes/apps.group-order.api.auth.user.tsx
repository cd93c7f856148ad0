import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { getCustomerProfile } from '~/models/shop/customerProfile.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/auth/user: the spec's User {firstName, email, profileImageUrl} for the logged-in customer.
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (!storefront.customerId) throw jsonError(401, 'Not logged in.');
  const profile = await getCustomerProfile(storefront);
  return Response.json({
    id: storefront.customerId,
    firstName: profile?.firstName ?? null,
    email: profile?.email ?? null,
    profileImageUrl: profile?.imageUrl ?? null,
  });
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
