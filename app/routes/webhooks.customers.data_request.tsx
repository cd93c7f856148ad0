import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { authenticateWebhook, collectCustomerData, once } from '~/models/webhooks.server';

const PayloadSchema = z.object({
  customer: z.object({ id: z.union([z.number(), z.string()]).nullish(), email: z.string().nullish() }),
  data_request: z
    .object({ id: z.union([z.number(), z.string()]) })
    .partial()
    .optional(),
});

// Shopify asks what the app holds about a customer; the merchant forwards it. The export is logged (the
// record the merchant's support can retrieve) and returned.
export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId, payload } = await authenticateWebhook(request);
  const parsed = PayloadSchema.safeParse(payload);
  if (!parsed.success) return new Response('The payload names no customer.', { status: 400 });
  const done = await once({ webhookId, shop, topic }, (tx) =>
    collectCustomerData(tx, shop, parsed.data.customer),
  );
  if (!done) return Response.json({ duplicate: true });
  console.info(
    `customers/data_request ${parsed.data.data_request?.id ?? ''} for ${shop}: ${JSON.stringify(done.result)}`,
  );
  return Response.json(done.result);
}
