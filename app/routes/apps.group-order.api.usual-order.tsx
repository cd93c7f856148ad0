import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseJson, parseWith, withHttpErrors } from '~/lib/http.server';
import {
  getUsualOrder,
  saveUsualOrder,
  SaveUsualOrderSchema,
  UsualOrderQuerySchema,
} from '~/models/groupOrder/usualOrders.server';
import { requireStorefront } from '~/storefront.server';
import { guestTokenFrom } from '~/lib/credentials.server';
import { GUEST_TOKEN_PATTERN } from '~/lib/guests';

// GET /api/usual-order?email=  -> [{ id, name, quantity, selectedModifiers }] still orderable from the menu,
//   only for a browser that proves the address (its device key in X-Device-Key; see usualOrders.server.ts),
//   else 403. The storefront's own pages never put an address in a URL: they use POST /api/usual-order/load.
// POST /api/usual-order        -> { email, name, orderItems[], deviceKey?, groupOrderId?, guestToken? } saved
//   per shop + e-mail; replacing a saved one needs the same proof (403 otherwise).
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const { email } = parseWith(UsualOrderQuerySchema, {
    email: new URL(request.url).searchParams.get('email') ?? '',
  });
  const header = request.headers.get('x-device-key')?.trim() ?? '';
  const deviceKey = GUEST_TOKEN_PATTERN.test(header) ? header : null;
  return Response.json((await getUsualOrder(shop, email, { deviceKey })).items);
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'POST') return jsonError(405, 'Use POST to save a usual order.');
  const input = await parseJson(request, SaveUsualOrderSchema);
  const items = await saveUsualOrder(shop, input, {
    deviceKey: input.deviceKey,
    groupOrderId: input.groupOrderId,
    guestToken: guestTokenFrom(request, input),
  });
  return Response.json({ ok: true, email: input.email, items });
});
