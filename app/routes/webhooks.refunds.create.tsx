import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once } from '~/models/shop/webhooks.server';
import { recordShareRefund } from '~/models/groupOrder/shareWebhooks.server';
import { decimalToCents } from '~/lib/money';
import { withHttpErrors } from '~/lib/http.server';

// refunds/create (issue 25): money back on a paid share's order makes the share partly refunded, or
// refunded once all it paid is back. Once per delivery id; another shop's or a non-share order: nothing.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'refunds/create');
  const refundedCents = payload.transactions
    .filter((t) => t.kind === 'refund' && t.status === 'success')
    .reduce((sum, t) => sum + (decimalToCents(t.amount) ?? 0), 0);
  await once({ webhookId, shop, topic }, (tx) =>
    recordShareRefund(tx, shop, { orderId: `gid://shopify/Order/${payload.order_id}`, refundedCents }),
  );
  return new Response(null, { status: 200 });
});
