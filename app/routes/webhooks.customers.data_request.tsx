import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { collectCustomerData, once } from '~/models/shop/webhooks.server';
import { withHttpErrors } from '~/lib/http.server';

// Shopify asks what the app holds about a customer; the merchant forwards it. The export is logged (the
// record the merchant's support can retrieve) and returned.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'customers/data_request');
  const done = await once({ webhookId, shop, topic }, (tx) =>
    collectCustomerData(tx, shop, payload.customer),
  );
  if (!done) return Response.json({ duplicate: true });
  console.info(
    `customers/data_request ${payload.data_request.id} for ${shop}: ${JSON.stringify(done.result)}`,
  );
  return Response.json(done.result);
});
