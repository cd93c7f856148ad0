import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once, updateSessionScopes } from '~/models/shop/webhooks.server';
import { withHttpErrors } from '~/lib/http.server';

// The merchant granted or revoked scopes: stored sessions must say what the token can actually do.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await receiveWebhook(request, 'app/scopes_update');
  await once({ webhookId, shop, topic }, (tx) => updateSessionScopes(tx, shop, payload.current));
  return new Response(null, { status: 200 });
});
