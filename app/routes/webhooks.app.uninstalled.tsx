import type { ActionFunctionArgs } from '@remix-run/node';
import { receiveWebhook } from '~/webhooks.server';
import { once, removeSessions } from '~/models/shop/webhooks.server';
import { withHttpErrors } from '~/lib/http.server';

// The app was removed: its access tokens are void, so the sessions go. Shop data stays until shop/redact.
export const action = withHttpErrors(async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId } = await receiveWebhook(request, 'app/uninstalled');
  await once({ webhookId, shop, topic }, (tx) => removeSessions(tx, shop));
  return new Response(null, { status: 200 });
});
