import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once } from '~/models/shop/webhooks.server';
import { recordShopifyRefund } from '~/models/groupOrder/shareRefunds.server';
import { shopifyRefundOf } from '~/models/groupOrder/shareWebhooks.server';
import { getShopSettings } from '~/models/shop/settings.server';
import { withHttpErrors } from '~/lib/http.server';

// refunds/create (issue 25): money back on a paid share's order makes the share partly refunded, or
// refunded once all it paid is back. Counted once by the refund's id: the app's own refund (its note
// names it) completes that refund, and a replay or the app's own answer never counts it twice. Once per
// delivery id; another shop's or a non-share order: nothing.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'refunds/create');
  const settings = await getShopSettings(shop);
  await once({ webhookId, shop, topic }, (tx) =>
    recordShopifyRefund(tx, shop, shopifyRefundOf(payload), settings, new Date()),
  );
  return new Response(null, { status: 200 });
});
