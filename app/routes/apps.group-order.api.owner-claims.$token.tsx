import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import { redeemOwnerClaim } from '~/models/groupOrder/hostDevices.server';
import { linkBase, requireStorefront } from '~/storefront.server';

// POST /api/owner-claims/{token}: uses a one-time claim link and adds this browser as a host (a token of its
// own); the host's address is told which device was added.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to use the link.');
  const token = params.token ?? '';
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) {
    throw jsonError(
      410,
      'This link has expired or has already been used. Ask for a new one from the order dashboard.',
    );
  }
  return Response.json(
    await redeemOwnerClaim(storefront.shop, token, new Date(), {
      userAgent: request.headers.get('user-agent'),
      siteBase: await linkBase(storefront),
    }),
  );
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to use the link.');
});
