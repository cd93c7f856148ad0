import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { authenticateWebhook, once, redactCustomer } from '~/models/webhooks.server';

const PayloadSchema = z.object({
  customer: z.object({ id: z.union([z.number(), z.string()]).nullish(), email: z.string().nullish() }),
});

// Erase one customer's names, e-mail addresses and notes in this shop's group orders and usual orders.
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticateWebhook(request);
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return new Response('The payload names no customer.', { status: 400 });
  await once({ webhookId, shop, topic }, (tx) => redactCustomer(tx, shop, parsed.data.customer), {
    erase: true,
  });
  return new Response(null, { status: 200 });
}
