// @ts-check
// Webhook deliveries as Shopify makes them: for each subscription in the app's configuration
// (shopify.app.toml, `[[webhooks.subscriptions]]`, a `uri` relative to the app's URL) a POST of the JSON
// body, signed with the app's API secret (HMAC-SHA256 of the raw body, base64, in X-Shopify-Hmac-Sha256),
// with Shopify's headers. A delivery that does not get a 2xx is retried with the same X-Shopify-Webhook-Id
// (the id an app dedupes on). For the app's tests a person or a test can hold deliveries and release
// them in any order, or deliver one again (a replay).
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * @typedef {{ topics: string[], uri: string }} Subscription
 * @typedef {{ at: string, status: number, error: string|null }} Attempt
 * @typedef {{ id: string, eventId: string, topic: string, shop: string, uri: string|null, body: string,
 *   triggeredAt: string, state: 'held'|'pending'|'delivered'|'failed'|'not subscribed'|'missing scope',
 *   attempts: Attempt[] }} Delivery
 */

/** Shopify tries a failing delivery 8 times (over 4 hours); the simulator keeps the count, not the hours. */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000, 32000, 64000];
const KEEP = 500;

/** The scope a topic's deliveries need (Shopify refuses the subscription without it). @type {Record<string, string>} */
const TOPIC_SCOPES = { orders: 'read_orders', refunds: 'read_orders', draft_orders: 'read_draft_orders' };

/**
 * The app's webhook subscriptions, API version and access scopes from its configuration file.
 * @param {string|URL} path
 * @returns {{ apiVersion: string, subscriptions: Subscription[], scopes: string[] }}
 */
export function readAppConfig(path) {
  const config = /** @type {any} */ (parse(readFileSync(path, 'utf8')));
  const webhooks = config.webhooks ?? {};
  /** @type {Subscription[]} */
  const subscriptions = (webhooks.subscriptions ?? []).map((/** @type {any} */ s) => ({
    topics: [...(s.topics ?? []), ...(s.compliance_topics ?? [])],
    uri: String(s.uri),
  }));
  const scopes = String(config.access_scopes?.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { apiVersion: String(webhooks.api_version ?? 'unstable'), subscriptions, scopes };
}

/** Shopify's signature of a webhook body. @param {string} body @param {string} secret */
export function webhookHmac(body, secret) {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/**
 * `scopes` (the app's, with implied reads) decide which subscribed topics may be delivered: without its
 * scope a topic is recorded as `missing scope` and never sent.
 * @param {{ apiSecret: string, apiVersion: string, subscriptions: Subscription[], scopes?: Set<string>,
 *   appUrl: () => string, retryDelaysMs?: number[], log?: (line: string) => void }} options
 */
export function createWebhookDispatcher(options) {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  /** @type {Delivery[]} */
  const deliveries = [];
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  let holding = false;
  let closed = false;

  /** @param {Delivery} d */
  function headers(d) {
    return {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': d.topic,
      'X-Shopify-Hmac-Sha256': webhookHmac(d.body, options.apiSecret),
      'X-Shopify-Shop-Domain': d.shop,
      'X-Shopify-Webhook-Id': d.id,
      'X-Shopify-Event-Id': d.eventId,
      'X-Shopify-Triggered-At': d.triggeredAt,
      'X-Shopify-API-Version': options.apiVersion,
    };
  }

  /** One try; a failure schedules the next while tries remain. @param {Delivery} d @param {boolean} retry */
  function attempt(d, retry) {
    const url = /^https?:\/\//.test(d.uri ?? '')
      ? String(d.uri)
      : new URL(String(d.uri), options.appUrl()).href;
    const run = (async () => {
      /** @type {Attempt} */
      const record = { at: new Date().toISOString(), status: 0, error: null };
      try {
        // Shopify waits 5 seconds for an answer, then counts the delivery as failed.
        const response = await fetch(url, {
          method: 'POST',
          headers: headers(d),
          body: d.body,
          signal: AbortSignal.timeout(5000),
        });
        record.status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      d.attempts.push(record);
      if (record.status >= 200 && record.status < 300) {
        d.state = 'delivered';
        return;
      }
      // A replay is one try; a delivery gives up after its retries (Shopify then reports it as failed).
      if (!retry) return;
      const tries = d.attempts.length;
      if (tries > delays.length || closed) {
        d.state = 'failed';
        options.log?.(`webhook ${d.topic} ${d.id} failed ${tries} times: ${record.error ?? record.status}`);
        return;
      }
      d.state = 'pending';
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          attempt(d, true);
        },
        delays[tries - 1],
      );
      timers.add(timer);
    })();
    inFlight.add(run);
    run.finally(() => inFlight.delete(run));
    return run;
  }

  return {
    deliveries,
    /**
     * Sends `payload` for `topic` to every subscription to it (or records that the app has none).
     * @param {{ topic: string, shop: string, payload: unknown, triggeredAt?: string }} event
     */
    publish(event) {
      const eventId = randomUUID();
      const body = JSON.stringify(event.payload);
      const triggeredAt = event.triggeredAt ?? new Date().toISOString();
      const targets = options.subscriptions.filter((s) => s.topics.includes(event.topic));
      const needs = TOPIC_SCOPES[event.topic.split('/')[0]];
      const allowed = !needs || !options.scopes || options.scopes.has(needs);
      /** @type {(uri: string|null, state: Delivery['state']) => Delivery} */
      const make = (uri, state) => ({
        id: randomUUID(),
        eventId,
        topic: event.topic,
        shop: event.shop,
        uri,
        body,
        triggeredAt,
        state,
        attempts: [],
      });
      const made = !targets.length
        ? [make(null, 'not subscribed')]
        : !allowed
          ? targets.map((s) => make(s.uri, 'missing scope'))
          : targets.map((s) => make(s.uri, holding ? 'held' : 'pending'));
      deliveries.push(...made);
      if (deliveries.length > KEEP) deliveries.splice(0, deliveries.length - KEEP);
      for (const d of made) if (d.state === 'pending') attempt(d, true);
      return made;
    },
    /** While on, new deliveries wait (state `held`) until released. @param {boolean} on */
    hold(on) {
      holding = on;
    },
    get holding() {
      return holding;
    },
    /**
     * Sends held deliveries: those named, in the order named (to deliver out of order), else all in the
     * order they were made. @param {string[]} [ids]
     */
    release(ids) {
      const held = deliveries.filter((d) => d.state === 'held');
      const chosen = ids ? ids.map((id) => held.find((d) => d.id === id)).filter((d) => !!d) : held;
      for (const d of chosen) {
        d.state = 'pending';
        attempt(d, true);
      }
      return chosen;
    },
    /** Delivers one again with the same webhook id, event id and body: a replay. @param {string} id */
    redeliver(id) {
      const d = deliveries.find((x) => x.id === id && x.uri);
      if (!d) return null;
      attempt(d, false);
      return d;
    },
    /** Resolves once nothing is being sent (retries still waiting on a timer do not count). */
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    /** The headers a delivery is sent with (tests check the signature through them). @param {Delivery} d */
    headers,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
