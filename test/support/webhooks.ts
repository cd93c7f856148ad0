import { randomUUID } from 'node:crypto';
import { API_SECRET_KEY, getHmac } from '@shopify/shopify-api/test-helpers';
import { TEST_SHOP } from './requests';

/** A webhook delivery as Shopify sends it: raw JSON body, HMAC of that body with the app secret, headers. */
export function webhook(
  topic: string,
  payload: unknown,
  options: { shop?: string; id?: string; secret?: string; topicHeader?: string } = {},
) {
  const body = JSON.stringify(payload);
  return new Request(`https://app.test/webhooks/${topic}`, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': options.topicHeader ?? topic,
      'X-Shopify-Hmac-Sha256': getHmac(body, options.secret ?? API_SECRET_KEY),
      'X-Shopify-Shop-Domain': options.shop ?? TEST_SHOP,
      'X-Shopify-Webhook-Id': options.id ?? randomUUID(),
      'X-Shopify-API-Version': '2026-10',
      'X-Shopify-Event-Id': randomUUID(),
      'X-Shopify-Triggered-At': new Date().toISOString(),
    },
  });
}
