import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once } from '~/models/shop/webhooks.server';
import { recordShareOrderCancelled, shopifyRefundOf } from '~/models/groupOrder/shareWebhooks.server';
import { getShopSettings } from '~/models/shop/settings.server';
import { withHttpErrors } from '~/lib/http.server';

// orders/cancelled (issue 25): the merchant cancelled a guest share's order in Shopify. The share is
// marked cancelled (the host's dashboard says so) and the refunds the order lists are counted by their id,
// so it does not matter whether refunds/create came first. Once per delivery id; another shop's or a
// non-share order: nothing.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'orders/cancelled');
  const settings = await getShopSettings(shop);
  const at = new Date(payload.cancelled_at);
  if (Number.isNaN(at.getTime()))
    return new Response('The cancelled_at time is not a date.', { status: 400 });
  await once({ webhookId, shop, topic }, (tx) =>
    recordShareOrderCancelled(
      tx,
      shop,
      { orderId: payload.admin_graphql_api_id, at, refunds: payload.refunds.map(shopifyRefundOf) },
      settings,
    ),
  );
  return new Response(null, { status: 200 });
});
