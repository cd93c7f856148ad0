import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once } from '~/models/shop/webhooks.server';
import { recordSharePaid } from '~/models/groupOrder/shareWebhooks.server';
import { decimalToCents } from '~/lib/money';
import { withHttpErrors } from '~/lib/http.server';

// orders/paid (issue 25): a guest paid their share's invoice checkout, so its share is marked paid, once
// per delivery id and once per share (a replay, a retry or a late duplicate changes nothing). Orders that
// are not a share of this shop's group orders are acknowledged and left alone.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'orders/paid');
  const outcome = await once({ webhookId, shop, topic }, (tx) =>
    recordSharePaid(tx, shop, {
      orderId: payload.admin_graphql_api_id,
      totalCents: decimalToCents(payload.total_price) ?? 0,
      subtotalCents: decimalToCents(payload.subtotal_price ?? payload.total_price) ?? 0,
      tags: payload.tags.split(',').map((tag) => tag.trim()),
      attributes: payload.note_attributes,
      at: payload.processed_at ? new Date(payload.processed_at) : new Date(),
    }),
  );
  if (outcome?.result === 'second-payment') {
    console.warn(`orders/paid: ${payload.admin_graphql_api_id} pays a share that is already paid (${shop})`);
  }
  return new Response(null, { status: 200 });
});
