import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonError, toId, withHttpErrors } from '~/lib/http.server';
import { getGroupOrderWithItems, serializeGroupOrder } from '~/models/groupOrder/groupOrder.server';
import { consumeOrRefuse, countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { clientKey } from '~/lib/credentials.server';

// GET /api/group-orders/{id}: the group order with its items (guests' e-mails are never included).
// Sub-paths (/summary, /status, /invite) are their own resource routes; Remix runs only the leaf's loader.
export const loader = withHttpErrors(async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  await consumeOrRefuse('orderReads', clientKey(shop, request));
  const id = toId(params.id);
  const order = id === null ? null : await getGroupOrderWithItems(shop, id);
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
