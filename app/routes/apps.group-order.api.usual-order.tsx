import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseJson, parseWith, withHttpErrors } from '~/lib/http.server';
import {
  getUsualOrder,
  saveUsualOrder,
  SaveUsualOrderSchema,
  UsualOrderQuerySchema,
} from '~/models/groupOrder/usualOrders.server';
import { requireStorefront } from '~/storefront.server';

// GET /api/usual-order?email=  -> [{ id, name, quantity, selectedModifiers }] still orderable from the menu
// POST /api/usual-order        -> { email, name, orderItems[] } saved per shop + e-mail
export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const { email } = parseWith(UsualOrderQuerySchema, {
    email: new URL(request.url).searchParams.get('email') ?? '',
  });
  return Response.json(await getUsualOrder(shop, email));
});

export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  if (request.method !== 'POST') return jsonError(405, 'Use POST to save a usual order.');
  const input = await parseJson(request, SaveUsualOrderSchema);
  const items = await saveUsualOrder(shop, input);
  return Response.json({ ok: true, email: input.email, items });
});
