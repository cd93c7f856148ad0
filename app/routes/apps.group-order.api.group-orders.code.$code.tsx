import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, withHttpErrors } from '~/lib/http.server';
import {
  findGroupOrderByCode,
  getGroupOrderWithItems,
  serializeGroupOrder,
} from '~/models/groupOrder/groupOrder.server';
import { consumeOrRefuse, countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// GET /api/group-orders/code/{code}: codes match case-insensitively, only within the signed shop.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  await consumeOrRefuse('orderReads', clientKey(shop, request));
  const found = await findGroupOrderByCode(shop, params.code ?? '');
  const order = found && (await getGroupOrderWithItems(shop, found.id));
  if (!order) {
    await countMiss(clientKey(shop, request));
    throw jsonError(404, 'Group order not found');
  }
  return Response.json(serializeGroupOrder(order, order.items));
});

export const action = withHttpErrors(async function action({ request }: LoaderFunctionArgs) {
  await requireStorefront(request);
  return jsonError(405, 'This address only answers GET requests.');
});
