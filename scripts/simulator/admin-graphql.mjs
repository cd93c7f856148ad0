// @ts-check
// Simulated Shopify Admin GraphQL API for the local simulator (docs/design.md, section 6).
//
// These machines cannot reach Shopify, so the app's Admin API calls (draft orders on submit, catalogue import,
// customer look-ups) are answered here. The point is to fail where Shopify would fail: every request is
// parsed, validated and executed by graphql-js over Shopify's own Admin schema for the app's API version
// (scripts/shopify-schema.mjs), variables are coerced with Shopify's error shapes, and mutations check their
// input and answer with `userErrors`. Resolvers exist only for what the app uses (admin-resolvers.mjs).
//
//   admin-graphql.mjs      the simulator: authentication, fault injection, rate limit, HTTP
//   admin-validation.mjs   parse, validate, variables and query cost, in Shopify's error shapes
//   admin-resolvers.mjs    resolvers, pagination, search and the Money/Decimal scalars
//   admin-draft-orders.mjs draft order mutations and their userErrors
//   admin-orders.mjs       orders (from paid drafts), transactions, refunds and cancellation
//   webhook-payloads.mjs   the REST-shaped bodies of the webhooks those changes cause
//   admin-store.mjs        shops, customers and the catalogue (from prisma/demo-data.ts)
import { execute, getOperationAST } from 'graphql';
import { loadAdminSchema } from '../shopify-schema.mjs';
import { makeDraftOrderMutations } from './admin-draft-orders.mjs';
import { makeOrders } from './admin-orders.mjs';
import { webhookPayload } from './webhook-payloads.mjs';
import { defineScalars, fieldResolver } from './admin-resolvers.mjs';
import { DEMO_SHOP, SIMULATED_CUSTOMERS, seedShop } from './admin-store.mjs';
import { parseDocument, requestedCost, validateDocument, variableErrors } from './admin-validation.mjs';

export { DEMO_SHOP, SIMULATED_CUSTOMERS };

/** Shopify rejects a single query whose calculated cost exceeds this, before running it. */
const MAX_QUERY_COST = 1000;
/** Leaky-bucket figures reported in `extensions.cost`; clients should read them, not assume them. */
const BUCKET_MAX = 2000;
const RESTORE_RATE = 100;

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';
const INVALID_TOKEN_MESSAGE = '[API] Invalid API key or access token (unrecognized login or wrong password)';

/** Shopify's schema, loaded and given its scalars once per process. */
let schema = /** @type {import('graphql').GraphQLSchema | null} */ (null);
function adminSchema() {
  if (!schema) {
    schema = loadAdminSchema();
    defineScalars(schema);
  }
  return schema;
}

/**
 * Parsed and validated documents by their text. An app sends the same few documents again and again, and
 * validating against Shopify's large schema costs a few milliseconds each time.
 * @type {Map<string, ReturnType<typeof parseDocument> & { validationErrors: import('graphql').GraphQLFormattedError[] }>}
 */
const checkedDocuments = new Map();
/** @param {import('graphql').GraphQLSchema} schema @param {string} source */
function checkedDocument(schema, source) {
  let checked = checkedDocuments.get(source);
  if (!checked) {
    const parsed = parseDocument(source);
    checked = {
      ...parsed,
      validationErrors: parsed.document ? validateDocument(schema, parsed.document) : [],
    };
    if (checkedDocuments.size >= 500) checkedDocuments.delete(String(checkedDocuments.keys().next().value));
    checkedDocuments.set(source, checked);
  }
  return checked;
}

/**
 * @typedef {import('./admin-store.mjs').ShopConfig} ShopConfig
 * @typedef {import('./admin-store.mjs').ShopStore} ShopStore
 * @typedef {import('./admin-draft-orders.mjs').DraftOrder} DraftOrder
 * @typedef {import('./admin-draft-orders.mjs').InvoiceSent} InvoiceSent
 * @typedef {import('./admin-orders.mjs').Order} Order
 * @typedef {import('./admin-orders.mjs').Payment} Payment
 * @typedef {{ topic: string, shop: string, payload: unknown, triggeredAt: string }} ShopEvent
 * @typedef {import('./admin-draft-orders.mjs').UserError} UserError
 * @typedef {import('./admin-resolvers.mjs').Ctx} Ctx
 * @typedef {'http500'|'throttled'|'network'|'lostResponse'} FailureKind
 * @typedef {'all'|'draftOrders'} FailureScope
 * @typedef {{ status: number, headers: Record<string, string>, body: string, json?: any, dropConnection?: boolean }} SimResponse
 * @typedef {{ shop: string, at: string, operationName: string|null, operationType: string|null, rootFields: string[],
 *   variables: Record<string, unknown>, query: string|null, status: number, outcome: string,
 *   userErrors: UserError[] }} CallRecord
 */

export const FAILURE_KINDS = ['http500', 'throttled', 'network', 'lostResponse'];

/** @param {unknown} body @param {number} [status] @returns {SimResponse} */
function jsonResponse(body, status = 200) {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: text,
    json: JSON.parse(text),
  };
}

/** @param {number} requested @param {number} available */
const throttledResponse = (requested, available) =>
  jsonResponse({
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
    extensions: {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: null,
        throttleStatus: {
          maximumAvailable: BUCKET_MAX,
          currentlyAvailable: available,
          restoreRate: RESTORE_RATE,
        },
      },
    },
  });

const SERVER_ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>There was a problem loading this page.</p></body></html>';

/** The request body's variables, or null when they are not valid JSON. @param {unknown} raw */
function readVariables(raw) {
  if (typeof raw !== 'string')
    return raw && typeof raw === 'object' ? /** @type {Record<string, unknown>} */ (raw) : {};
  try {
    const parsed = JSON.parse(raw || '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return null;
  }
}

/**
 * Creates the simulated Admin API for one or more shops.
 *
 * `failNext` kinds: 'http500' (500 with an HTML page, nothing runs), 'throttled' (200 with Shopify's THROTTLED
 * body, nothing runs), 'network' (nothing runs; the response says `dropConnection`, `status: 0`, and the HTTP
 * layer destroys the socket), 'lostResponse' (the operation runs and is stored, then the connection drops: the
 * case where a retry must not create a second draft order).
 *
 * Changes Shopify sends webhooks for (draft orders, orders, refunds) go to `onEvent` with their REST-shaped
 * body (webhooks.mjs delivers them) and are kept in `state.events`.
 *
 * @param {{ shops?: (string|ShopConfig)[], now?: () => number, enforceRateLimit?: boolean,
 *   isValidToken?: (shop: string, token: string) => boolean, onEvent?: (event: ShopEvent) => void }} [options]
 */
export function createAdminApiSimulator(options = {}) {
  adminSchema(); // loaded now, so the first request is not the slow one
  const shopConfigs = (options.shops ?? [DEMO_SHOP]).map((s) => (typeof s === 'string' ? { domain: s } : s));
  const now = options.now ?? Date.now;
  const counters = { lineItemSeq: 0, requestSeq: 0 };
  const ids = { seq: 0 };
  /** @type {Map<string, ShopStore>} */
  const stores = new Map();
  /** @type {{ kind: FailureKind, remaining: number, only: FailureScope }[]} */
  const failures = [];

  const state = {
    /** @type {CallRecord[]} */
    calls: [],
    /** Draft orders of every shop, each with its `shop` domain; amounts in integer cents. @type {DraftOrder[]} */
    draftOrders: [],
    /** @type {InvoiceSent[]} */
    invoicesSent: [],
    /** Orders of every shop (paid or completed drafts), each with its `shop`; amounts in cents. @type {Order[]} */
    orders: [],
    /** Invoice tokens of deleted drafts: their checkout says so instead of "not found". @type {Set<string>} */
    deletedInvoiceTokens: new Set(),
    /** Every event a webhook is sent for, oldest first. @type {ShopEvent[]} */
    events: [],
    /** Per-shop catalogue and customers, keyed by myshopify domain. @type {Record<string, ShopStore>} */
    shops: {},
    /** The first shop's products and customers, for convenience. @type {ShopStore['products']} */
    products: [],
    /** @type {ShopStore['customers']} */
    customers: [],
    /** @type {ShopStore['collections']} */
    collections: [],
  };

  function seedAll() {
    stores.clear();
    for (const key of Object.keys(state.shops)) delete state.shops[key];
    shopConfigs.forEach((cfg, i) => {
      const store = seedShop(cfg, i);
      store.bucket = { available: BUCKET_MAX, at: now() };
      stores.set(store.info.myshopifyDomain, store);
      state.shops[store.info.myshopifyDomain] = store;
    });
    const first = stores.values().next().value;
    // Arrays are refilled in place so references a test took before reset() stay live.
    state.products.splice(0, Infinity, ...(first?.products ?? []));
    state.customers.splice(0, Infinity, ...(first?.customers ?? []));
    state.collections.splice(0, Infinity, ...(first?.collections ?? []));
  }
  seedAll();

  /** The draft and order operations of one shop, reporting their events. @param {ShopStore} store */
  function operations(store) {
    const shop = store.info.myshopifyDomain;
    /** @param {string} topic @param {any} resource */
    const emit = (topic, resource) => {
      const payload = webhookPayload(
        topic,
        store,
        resource,
        (id) => state.orders.find((o) => o.id === id) ?? null,
      );
      /** @type {ShopEvent} */
      const event = { topic, shop, payload, triggeredAt: new Date(now()).toISOString() };
      state.events.push(event);
      if (state.events.length > 1000) state.events.shift();
      options.onEvent?.(event);
    };
    const orders = makeOrders(store, state, now, ids, emit);
    return { orders, mutations: makeDraftOrderMutations(store, state, now, counters, orders, emit) };
  }

  /**
   * The draft behind an invoice URL's token, with its shop, or why there is none.
   * @param {string} token
   * @returns {{ status: 'open'|'completed'|'deleted'|'unknown', draft: DraftOrder|null, store: ShopStore|null,
   *   order: Order|null }}
   */
  function invoice(token) {
    const draft = state.draftOrders.find((d) => d.invoiceToken === token);
    if (!draft)
      return {
        status: state.deletedInvoiceTokens.has(token) ? 'deleted' : 'unknown',
        draft: null,
        store: null,
        order: null,
      };
    const store = /** @type {ShopStore} */ (stores.get(draft.shop));
    const order = draft.orderId ? (state.orders.find((o) => o.id === draft.orderId) ?? null) : null;
    return { status: draft.status === 'COMPLETED' ? 'completed' : 'open', draft, store, order };
  }

  /**
   * Pays the draft behind `token` (the checkout's successful card): completes it into a paid order exactly
   * once. Synchronous, so two payments racing in one process cannot both see the draft open.
   * @param {string} token @param {Payment} payment
   * @returns {{ order: Order, already: boolean } | null} null when the draft is gone
   */
  function payInvoice(token, payment) {
    const found = invoice(token);
    if (!found.draft || !found.store) return null;
    if (found.order) return { order: found.order, already: true };
    const order = operations(found.store).orders.fromDraft(found.draft, payment);
    return { order, already: false };
  }

  /** @param {ShopStore} store */
  function refill(store) {
    const t = now();
    store.bucket.available = Math.min(
      BUCKET_MAX,
      store.bucket.available + ((t - store.bucket.at) / 1000) * RESTORE_RATE,
    );
    store.bucket.at = t;
  }

  /**
   * Answers one Admin GraphQL request for `shop`, as Shopify would.
   * @param {string} shop myshopify domain
   * @param {{ query?: string, variables?: Record<string, unknown>|string|null, operationName?: string|null }|string} requestBody
   * @param {Record<string, string|string[]|undefined>} [headers] request headers (any case); X-Shopify-Access-Token is required
   * @returns {Promise<SimResponse>}
   */
  async function handle(shop, requestBody, headers = {}) {
    const lower = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
    );
    const domain = String(shop ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '');
    /** @type {CallRecord} */
    const call = {
      shop: domain,
      at: new Date(now()).toISOString(),
      operationName: null,
      operationType: null,
      rootFields: [],
      variables: {},
      query: null,
      status: 0,
      outcome: 'ok',
      userErrors: [],
    };
    state.calls.push(call);
    /** @param {SimResponse} res @param {string} outcome */
    const done = (res, outcome) => {
      call.status = res.status;
      call.outcome = outcome;
      res.headers['x-request-id'] = `sim-${++counters.requestSeq}`;
      return res;
    };

    const token = lower['x-shopify-access-token'];
    const store = stores.get(domain);
    if (
      !token ||
      !String(token).trim() ||
      (store && options.isValidToken && !options.isValidToken(domain, String(token)))
    ) {
      return done(jsonResponse({ errors: INVALID_TOKEN_MESSAGE }, 401), 'unauthorized');
    }
    if (!store) return done(jsonResponse({ errors: 'Not Found' }, 404), 'unknownShop');

    /** @type {{ query?: unknown, variables?: unknown, operationName?: unknown }} */
    let body;
    try {
      body = typeof requestBody === 'string' ? JSON.parse(requestBody) : requestBody;
    } catch {
      return done(
        jsonResponse({ errors: 'Bad Request: the request body is not valid JSON' }, 400),
        'badRequest',
      );
    }
    const variables = readVariables(body?.variables);
    call.query = typeof body?.query === 'string' ? body.query : null;
    call.variables = variables ?? {};
    if (!call.query || !call.query.trim()) {
      return done(
        jsonResponse({ errors: { query: 'Required parameter missing or invalid' } }, 400),
        'badRequest',
      );
    }
    const operationName =
      typeof body.operationName === 'string' && body.operationName ? body.operationName : null;

    const schema = adminSchema();
    const parsed = checkedDocument(schema, call.query);
    const document = parsed.document;
    const op = document ? getOperationAST(document, operationName) : null;
    if (op) {
      call.operationName = op.name?.value ?? null;
      call.operationType = op.operation;
      call.rootFields = op.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
    }

    // The first pending failure this call matches ("draftOrders": only calls that touch draft orders,
    // so a person can fail the hand-off without failing the admin's other reads).
    const index = failures.findIndex(
      (f) => f.only !== 'draftOrders' || call.rootFields.some((field) => field.startsWith('draftOrder')),
    );
    const failure = index >= 0 ? failures[index] : undefined;
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) failures.splice(index, 1);
    }
    if (failure?.kind === 'network')
      return done({ status: 0, headers: {}, body: '', dropConnection: true }, 'network');
    if (failure?.kind === 'http500') {
      return done(
        { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' }, body: SERVER_ERROR_PAGE },
        'http500',
      );
    }
    if (failure?.kind === 'throttled') {
      // Shopify still reports what the query would have cost; an invalid one costs nothing.
      const valid = op && document && !parsed.validationErrors.length;
      return done(
        throttledResponse(valid ? requestedCost(schema, document, op, call.variables) : 0, 0),
        'throttled',
      );
    }

    if (!document) return done(jsonResponse({ errors: [parsed.error] }), 'errors');
    const validationErrors = [...parsed.validationErrors];
    if (!validationErrors.length && !op) {
      validationErrors.push(
        operationName
          ? { message: `No operation named "${operationName}"`, extensions: { code: 'operationNotFound' } }
          : { message: 'An operation name is required', extensions: { code: 'operationNameRequired' } },
      );
    }
    if (validationErrors.length || !op) return done(jsonResponse({ errors: validationErrors }), 'errors');

    // Bad variables stop the whole request with top-level errors, before any resolver runs (as on Shopify).
    const badVariables =
      variables === null
        ? [{ message: 'Variables are invalid JSON', extensions: { code: 'INVALID_VARIABLES' } }]
        : variableErrors(schema, op, variables);
    if (badVariables.length) return done(jsonResponse({ errors: badVariables }), 'errors');

    const requested = requestedCost(schema, document, op, call.variables);
    refill(store);
    if (options.enforceRateLimit && requested > store.bucket.available) {
      return done(throttledResponse(requested, Math.floor(store.bucket.available)), 'throttled');
    }
    if (requested > MAX_QUERY_COST) {
      return done(
        jsonResponse({
          errors: [
            {
              message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}). Ask for fewer items per page (first/last) or use a bulk operation.`,
              extensions: {
                code: 'MAX_COST_EXCEEDED',
                cost: requested,
                maxCost: MAX_QUERY_COST,
                documentation: RATE_LIMIT_DOCS,
              },
            },
          ],
        }),
        'errors',
      );
    }

    /** @type {Ctx} */
    const ctx = {
      store,
      now,
      actualCost: 0,
      draftOrders: () => state.draftOrders.filter((d) => d.shop === domain),
      ...operations(store),
      // Kept on the call record so tests can see refused mutations even when the query did not select userErrors.
      recordUserErrors: (payload) => {
        call.userErrors.push(...payload.userErrors);
        return payload;
      },
    };
    const result = await execute({
      schema,
      document,
      operationName,
      variableValues: variables ?? {},
      contextValue: ctx,
      rootValue: {},
      fieldResolver,
    });
    const actual = op.operation === 'mutation' ? requested : ctx.actualCost;
    store.bucket.available -= actual;
    const out = {
      ...(result.errors?.length ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
      data: result.data ?? null,
      extensions: {
        cost: {
          requestedQueryCost: requested,
          actualQueryCost: actual,
          throttleStatus: {
            maximumAvailable: BUCKET_MAX,
            currentlyAvailable: Math.max(0, Math.floor(store.bucket.available)),
            restoreRate: RESTORE_RATE,
          },
        },
      },
    };
    if (failure?.kind === 'lostResponse')
      return done({ status: 0, headers: {}, body: '', dropConnection: true }, 'lostResponse');
    return done(jsonResponse(out), out.errors ? 'errors' : call.userErrors.length ? 'userErrors' : 'ok');
  }

  return {
    handle,
    state,
    invoice,
    payInvoice,
    /** Shop records by domain (catalogue, customers, shop info). @param {string} domain */
    shop: (domain) => stores.get(domain.toLowerCase()),
    /**
     * Makes the next `count` requests (after authentication) fail in the given way; with
     * `{ only: 'draftOrders' }` only requests whose root fields are draft-order fields count.
     * @param {FailureKind} kind @param {number} [count] @param {{ only?: FailureScope }} [options]
     */
    failNext(kind, count = 1, options = {}) {
      if (!FAILURE_KINDS.includes(kind))
        throw new Error(`Unknown failure kind ${kind}; use one of ${FAILURE_KINDS.join(', ')}`);
      if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
      failures.push({ kind, remaining: count, only: options.only ?? 'all' });
    },
    /** The failures still waiting for a request, first first (the simulator's switches page lists them). */
    pendingFailures() {
      return failures.map((f) => ({ ...f }));
    },
    /** Forgets every pending failure. */
    clearFailures() {
      failures.length = 0;
    },
    /** Drops draft orders, invoices, calls and pending failures, and restores the seeded catalogue. */
    reset() {
      state.calls.length = 0;
      state.draftOrders.length = 0;
      state.invoicesSent.length = 0;
      state.orders.length = 0;
      state.deletedInvoiceTokens.clear();
      state.events.length = 0;
      failures.length = 0;
      ids.seq = 0;
      counters.lineItemSeq = 0;
      counters.requestSeq = 0;
      seedAll();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------------

const GRAPHQL_PATH = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/;
const MAX_BODY_BYTES = 1024 * 1024;

/** @param {import('node:http').IncomingMessage} req */
function defaultShopFromRequest(req) {
  const explicit = req.headers['x-shopify-shop-domain'];
  return String((Array.isArray(explicit) ? explicit[0] : explicit) ?? req.headers.host ?? '');
}

/**
 * A request handler for `POST /admin/api/:version/graphql.json`. It returns `false` at once when the path is
 * not its own, so a parent server can try its other routes; otherwise it returns a promise of `true` once the
 * response has been sent (or the socket destroyed, for simulated network failures).
 *
 * @param {ReturnType<typeof createAdminApiSimulator>} sim
 * @param {{ shopFromRequest?: (req: import('node:http').IncomingMessage) => string }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => false | Promise<true>}
 */
export function adminGraphqlMiddleware(sim, options = {}) {
  const shopFromRequest = options.shopFromRequest ?? defaultShopFromRequest;
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://simulator.invalid').pathname;
    const match = GRAPHQL_PATH.exec(path);
    if (!match) return false;
    const version = match[1];
    return (async () => {
      /** @param {number} status @param {Record<string, string>} headers @param {string} body */
      const send = (status, headers, body) => {
        res.writeHead(status, { ...headers, 'x-shopify-api-version': version });
        res.end(body);
        return /** @type {true} */ (true);
      };
      if (req.method !== 'POST') {
        return send(
          405,
          { 'content-type': 'application/json; charset=utf-8', allow: 'POST' },
          JSON.stringify({ errors: 'Method Not Allowed' }),
        );
      }
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          return send(
            413,
            { 'content-type': 'application/json; charset=utf-8' },
            JSON.stringify({ errors: 'Request body too large' }),
          );
        }
        chunks.push(chunk);
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const contentType = String(req.headers['content-type'] ?? '');
      const body = contentType.includes('application/graphql') ? { query: raw } : raw;
      const result = await sim.handle(shopFromRequest(req), body, /** @type {any} */ (req.headers));
      if (result.dropConnection) {
        req.socket.destroy();
        return /** @type {true} */ (true);
      }
      return send(result.status, result.headers, result.body);
    })();
  };
}
