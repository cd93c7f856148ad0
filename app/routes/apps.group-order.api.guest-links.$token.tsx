import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseJson, withHttpErrors } from '~/lib/http.server';
import {
  GUEST_LINK_GONE,
  GuestLinkRedeemSchema,
  redeemGuestLink,
} from '~/models/groupOrder/guestLinks.server';
import { requireStorefront } from '~/storefront.server';

// POST /api/guest-links/{token} { guestToken, deviceKey? }: uses a guest's one-time link once; this
// browser's guest token now acts for that guest -> { groupOrderId, guestName, initials, email }.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to use the link.');
  const token = params.token ?? '';
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw jsonError(410, GUEST_LINK_GONE);
  const input = await parseJson(request, GuestLinkRedeemSchema);
  return Response.json(await redeemGuestLink(shop, token, input));
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to use the link.');
});
