import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { authenticateWebhook, once, updateSessionScopes } from '~/models/webhooks.server';

const PayloadSchema = z.object({ current: z.array(z.string()) });

// The merchant granted or revoked scopes: stored sessions must say what the token can actually do.
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticateWebhook(request);
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return new Response('The payload has no current scopes.', { status: 400 });
  await once({ webhookId, shop, topic }, (tx) => updateSessionScopes(tx, shop, parsed.data.current));
  return new Response(null, { status: 200 });
}
