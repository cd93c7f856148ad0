import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once, redactCustomer } from '~/models/shop/webhooks.server';
import { withHttpErrors } from '~/lib/http.server';

// Erase one customer's names, e-mail addresses and notes in this shop's group orders and usual orders.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'customers/redact');
  await once({ webhookId, shop, topic }, (tx) => redactCustomer(tx, shop, payload.customer), {
    erase: true,
  });
  return new Response(null, { status: 200 });
});
