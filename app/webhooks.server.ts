import { z } from 'zod';
import { authenticate } from './shopify.server';

// Receiving a Shopify webhook. The HMAC covers only the body: the X-Shopify-Shop-Domain and X-Shopify-Topic
// headers are not signed, so a genuine body for one shop (or one topic) could be replayed with another
// shop's header. Each route therefore acts only on what the signed body itself names: the body must have
// the shape of the route's topic, and the shop it names must be the shop in the header.

const ShopDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9.-]*$/);
const ShopifyId = z.union([z.number(), z.string()]);
const Customer = z.object({
  id: ShopifyId.nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});
/** A REST money amount ("5.20"). */
const Money = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/);
/** A key that belongs to another topic's body: present, it says the body was sent to the wrong route. */
const absent = z.undefined().optional();
/** A REST Refund (refunds/create, and each of an order's refunds): its id, note and money transactions. */
const Refund = z.object({
  id: ShopifyId,
  order_id: ShopifyId,
  note: z.string().nullish(),
  transactions: z.array(z.object({ kind: z.string(), status: z.string(), amount: Money })).default([]),
});

export const WEBHOOK_BODIES = {
  'customers/data_request': z.object({
    shop_id: ShopifyId.optional(),
    shop_domain: ShopDomain,
    customer: Customer,
    orders_requested: z.array(ShopifyId).optional(),
    data_request: z.object({ id: ShopifyId }),
    orders_to_redact: absent,
  }),
  'customers/redact': z.object({
    shop_id: ShopifyId.optional(),
    shop_domain: ShopDomain,
    customer: Customer,
    orders_to_redact: z.array(ShopifyId).optional(),
    data_request: absent,
    orders_requested: absent,
  }),
  'shop/redact': z.object({
    shop_id: ShopifyId.optional(),
    shop_domain: ShopDomain,
    customer: absent,
    data_request: absent,
    orders_requested: absent,
    orders_to_redact: absent,
  }),
  // The body is the shop itself (the REST Shop resource).
  'app/uninstalled': z.object({
    id: ShopifyId,
    myshopify_domain: ShopDomain,
    shop_domain: absent,
    customer: absent,
  }),
  // Names no shop domain (only, since 2025-07, a numeric shop_id), so it cannot be bound to the header's
  // shop. What a replay could change is bounded: the stored scope list of the header's shop, which the app
  // only records (nothing reads it to grant or refuse anything), and the next genuine delivery corrects.
  'app/scopes_update': z.object({
    id: ShopifyId.optional(),
    previous: z.array(z.string()),
    current: z.array(z.string()),
    updated_at: z.string().optional(),
    shop_domain: absent,
    myshopify_domain: absent,
    customer: absent,
  }),
  // The REST Order (issue 25: a guest share's order was paid). Names no shop domain: the share is looked
  // up in the header's shop only (shareWebhooks.server.ts), so a body replayed for another shop finds nothing.
  'orders/paid': z.object({
    id: ShopifyId,
    admin_graphql_api_id: z.string().startsWith('gid://shopify/Order/'),
    total_price: Money,
    // Lines less discounts (tax included where the shop's prices include it): what the share's draft asked.
    subtotal_price: Money.optional(),
    currency: z.string(),
    tags: z.string().default(''),
    note_attributes: z.array(z.object({ name: z.string(), value: z.string().nullable() })).default([]),
    processed_at: z.string().nullish(),
    shop_domain: absent,
  }),
  // The REST Refund: money back on an order (kind refund transactions that succeeded).
  'refunds/create': Refund.extend({ shop_domain: absent }),
  // The REST Order, cancelled (issue 25: the merchant cancelled a guest share's order), with its refunds.
  'orders/cancelled': z.object({
    id: ShopifyId,
    admin_graphql_api_id: z.string().startsWith('gid://shopify/Order/'),
    // Always set on a cancelled order: it tells this body from another order topic's.
    cancelled_at: z.string().min(1),
    refunds: z.array(Refund).default([]),
    shop_domain: absent,
  }),
} as const;

export type WebhookTopic = keyof typeof WEBHOOK_BODIES;
type Body<T extends WebhookTopic> = z.infer<(typeof WEBHOOK_BODIES)[T]>;

function shopNamedBy(topic: WebhookTopic, body: Record<string, unknown>): string | null {
  if (typeof body.shop_domain === 'string') return body.shop_domain;
  if (topic === 'app/uninstalled' && typeof body.myshopify_domain === 'string') return body.myshopify_domain;
  return null;
}

const refuse = (status: number, message: string) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Verifies the HMAC (401 when missing or wrong), then binds the delivery to its route: the topic header
 * must be the route's topic (400), the body must have that topic's shape (400), and the shop the body
 * names must be the shop in the header (401). Only then is anything returned to act on.
 */
export async function receiveWebhook<T extends WebhookTopic>(
  request: Request,
  topic: T,
): Promise<{ shop: string; webhookId: string; topic: T; payload: Body<T> }> {
  if (!request.headers.get('X-Shopify-Hmac-Sha256')) throw refuse(401, 'The webhook is not signed.');
  let context: Awaited<ReturnType<typeof authenticate.webhook>>;
  try {
    context = await authenticate.webhook(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Signed, but not JSON (authenticate.webhook parses the body after the HMAC check).
    throw refuse(400, 'The webhook body is not JSON.');
  }
  const headerTopic = request.headers.get('X-Shopify-Topic')?.trim().toLowerCase();
  if (headerTopic !== topic) {
    throw refuse(400, `This address receives ${topic} webhooks, not ${headerTopic || 'an unnamed topic'}.`);
  }
  const parsed = WEBHOOK_BODIES[topic].safeParse(context.payload);
  if (!parsed.success) throw refuse(400, `The body is not a ${topic} webhook body.`);
  const payload = parsed.data as Body<T>;
  const shop = context.shop.toLowerCase();
  const named = shopNamedBy(topic, payload as Record<string, unknown>);
  if (named !== null && named !== shop) {
    throw refuse(401, 'The webhook body is for another shop than the one it was sent for.');
  }
  return { shop, webhookId: context.webhookId, topic, payload };
}
