import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { deleteShopData, once } from '~/models/shop/webhooks.server';
import { withHttpErrors } from '~/lib/http.server';

// 48 hours after uninstall Shopify asks for the shop's data to be erased: every table, every row.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId } = await receiveWebhook(request, 'shop/redact');
  await once({ webhookId, shop, topic }, (tx) => deleteShopData(tx, shop), { erase: true });
  return new Response(null, { status: 200 });
});
