import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import {
  GuestLinkRequestSchema,
  guestLinkSent,
  requestGuestLink,
} from '~/models/groupOrder/guestLinks.server';
import { apiLanguage } from '~/lib/language.server';
import { sayIn } from '~/lib/sentences.server';
import { linkBase, requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// POST /api/group-orders/{id}/guest-link { guestName, email }: "same person, new phone". When `email` is
// the address the guest of that name gave, a one-time link goes to it (never to the caller); the answer is
// the same sentence either way: { sent: true, message }.
export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const storefront = await requireStorefront(request);
  if (request.method !== 'POST') throw jsonError(405, 'Use POST to ask for the link.');
  const id = parseId(params.id);
  const input = await parseJson(request, GuestLinkRequestSchema);
  const { sent } = await requestGuestLink(storefront.shop, id, input, await linkBase(storefront), {
    client: clientKey(storefront.shop, request),
  });
  // The same sentence whatever the address, in the page's language (else the shop's).
  const message = sayIn(await apiLanguage(request, storefront.shop))(guestLinkSent(input.guestName).sentence);
  return Response.json({ sent, message });
});

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use POST to ask for the link.');
});
