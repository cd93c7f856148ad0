import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { GuestNoteSchema } from '~/lib/schemas/guestChanges';
import { setOwnNote } from '~/models/groupOrder/guestChanges.server';
import { getOwnGuest } from '~/models/groupOrder/ownGuest.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, guestTokenFrom } from '~/lib/credentials.server';
import { countingMisses } from '~/models/limits/rateLimits.server';

// A guest's own order in a group order, for the browser that holds their token (X-Guest-Token):
// - GET: { mine: true, guest, items, totalCents, acceptingOrders } for the guest's own browser, or
//   { mine: false, message } for anyone else or an unknown name (the order itself unknown: 404).
// - PATCH { specialInstructions }: replace or clear the note while the order accepts changes.

export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const guest = await countingMisses(clientKey(shop, request), () =>
    getOwnGuest(shop, parseId(params.id), params.guestName ?? '', guestTokenFrom(request)),
  );
  return Response.json(guest);
});

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'PATCH') throw jsonError(405, 'Use PATCH with {specialInstructions}.');
  const id = parseId(params.id);
  const body = await parseJson(request, GuestNoteSchema);
  const guestName = params.guestName ?? '';
  await countingMisses(clientKey(shop, request), () =>
    setOwnNote(shop, id, {
      guestName,
      token: guestTokenFrom(request, body),
      specialInstructions: body.specialInstructions,
    }),
  );
  return Response.json(await getOwnGuest(shop, id, guestName, guestTokenFrom(request, body)));
});
