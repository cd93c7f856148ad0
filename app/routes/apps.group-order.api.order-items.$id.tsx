import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, parseId, parseJson, withHttpErrors } from '~/lib/http.server';
import { findGroupOrder, serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { GuestItemChangeSchema, RemoveItemSchema } from '~/lib/schemas/guestChanges';
import { removeItem, setOwnItemQuantity } from '~/models/groupOrder/guestChanges.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey, guestTokenFrom, hostTokenFrom } from '~/lib/credentials.server';
import { countingMisses } from '~/models/limits/rateLimits.server';
import { requestedLanguage } from '~/lib/language.server';

// One confirmed item, changed until the order closes:
// - PATCH { guestName, quantity } with the guest's token (X-Guest-Token or guestToken): their own items only.
// - DELETE { guestName } with the guest's token, or with the host token (X-Host-Token or hostToken): the host
//   may remove any guest's item. Removing an item that is already gone answers 200 (safe to retry); an
//   id this shop never had answers 404.
// Both answer { groupOrder } with the recomputed totals.

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const { shop, customerId } = await requireStorefront(request);
  // An item id this shop does not have is a look-up that missed (404), counted as one.
  const groupOrderId = await countingMisses(clientKey(shop, request), () =>
    changeItem(request, shop, customerId, parseId(params.id, 'Item')),
  );
  const order = groupOrderId === null ? null : await findGroupOrder(shop, groupOrderId);
  return Response.json({
    removed: request.method === 'DELETE',
    groupOrder: order && serializeGroupOrder(order),
  });
});

async function changeItem(request: Request, shop: string, customerId: string | null, itemId: number) {
  let groupOrderId: number | null;
  if (request.method === 'PATCH') {
    const body = await parseJson(request, GuestItemChangeSchema);
    groupOrderId = await setOwnItemQuantity(shop, itemId, {
      guestName: body.guestName,
      token: guestTokenFrom(request, body),
      quantity: body.quantity,
      language: requestedLanguage(request),
    });
  } else if (request.method === 'DELETE') {
    const body = await parseJson(request, RemoveItemSchema);
    const hostToken = hostTokenFrom(request, body);
    const guestToken = guestTokenFrom(request, body);
    groupOrderId = await removeItem(shop, itemId, {
      guestName: body.guestName,
      guestToken,
      host: hostToken || (!guestToken && customerId) ? { hostToken, customerId } : null,
      language: requestedLanguage(request),
    });
  } else {
    throw jsonError(405, 'Use PATCH to change the quantity or DELETE to remove the item.');
  }
  return groupOrderId;
}

export const loader = withHttpErrors(async function loader({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'Use PATCH to change the quantity or DELETE to remove the item.');
});
