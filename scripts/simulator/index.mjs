// @ts-check
// The local Shopify simulator (docs/design.md, section 6): one origin that plays the shop's storefront (with the
// app proxy and customer accounts), the merchant admin that embeds the app, and the Admin API.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import compression from 'compression';
import { Readable } from 'node:stream';
import { appProxySignature, hostParam, sessionToken } from './signing.mjs';
import { adminApiPage, homePage, loginPage, mailboxPage, messagePage, webhooksPage } from './pages.mjs';
import { FAILURE_KINDS, adminGraphqlMiddleware, createAdminApiSimulator } from './admin-graphql.mjs';
import { createCheckout } from './checkout.mjs';
import { heldScopes } from './admin-store.mjs';
import { createWebhookDispatcher, readAppConfig } from './webhooks.mjs';

export const PROXY_PREFIX = '/apps/group-order';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {Awaited<ReturnType<typeof import('./mailbox.mjs').startMailbox>>} Mailbox
 */
const CUSTOMER_COOKIE = 'sim_customer';
// What the simulator relays from the app reaches the browser compressed, as it does from Shopify's edge:
// `fetch` hands the simulator the app's answer decoded, and sending that on as it is made every proxied
// page several times its real size (an 84 KB menu page in place of 22 KB) in Lighthouse's slow-4G runs.
const compressRelayed = compression();
const HOP_HEADERS = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'host',
  'cookie',
];

/**
 * `appUrls` (optional) lists several app instances: requests go to them in turn (round-robin), as a
 * load balancer in front of a scaled-out deployment would send them. `appUrl` is the first.
 *
 * Webhooks go to the subscriptions of the app's configuration (`appConfig`, shopify.app.toml by default);
 * `webhookSubscriptions` adds more (tests subscribe the money topics this way), `webhookRetryDelaysMs`
 * shortens Shopify's retry schedule. The app holds the access scopes its configuration asks for, or
 * `accessScopes`: reading orders without `read_orders` is refused as Shopify refuses it.
 *
 * @param {{ port: number, host?: string, appUrl: string, appUrls?: string[], apiKey: string,
 *           apiSecret: string, shop: string, mailbox?: Mailbox | null, log?: (line: string) => void,
 *           appConfig?: string|URL, webhookSubscriptions?: import('./webhooks.mjs').Subscription[],
 *           webhookRetryDelaysMs?: number[], accessScopes?: string[] }} options
 */
export async function startSimulator(options) {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The local Shopify simulator refuses to run with NODE_ENV=production.');
  }
  const { appUrl, apiKey, apiSecret, shop } = options;
  const upstreams = options.appUrls?.length ? options.appUrls : [appUrl];
  let turn = 0;
  const nextUpstream = () => upstreams[turn++ % upstreams.length];
  const app = readAppConfig(options.appConfig ?? new URL('../../shopify.app.toml', import.meta.url));
  // The app holds the scopes its configuration asks for (`accessScopes` overrides them in tests).
  const scopes = options.accessScopes ?? app.scopes;
  const webhooks = createWebhookDispatcher({
    apiSecret,
    apiVersion: app.apiVersion,
    subscriptions: withExtraSubscriptions(app.subscriptions, options.webhookSubscriptions ?? []),
    scopes: heldScopes(scopes),
    // Shopify posts to the app's URL, which a load balancer spreads over the instances.
    appUrl: nextUpstream,
    retryDelaysMs: options.webhookRetryDelaysMs,
    log: options.log,
  });
  // The simulator is the shop's storefront, so the Admin API reports this origin as its primary domain
  // (with port 0, the port is known once listening; see below).
  const shopConfig = {
    domain: shop,
    primaryDomainUrl: `http://localhost:${options.port}`,
    accessScopes: scopes,
  };
  const adminApi = createAdminApiSimulator({
    shops: [shopConfig],
    onEvent: (event) => webhooks.publish(event),
  });
  const checkout = createCheckout(adminApi);
  const graphql = adminGraphqlMiddleware(adminApi, {
    shopFromRequest: (req) => String(req.headers['x-shopify-shop-domain'] ?? shop),
  });
  const mailbox = options.mailbox ?? null;
  const standIn = await readFile(new URL('./app-bridge-standin.js', import.meta.url), 'utf8');
  const customers = simulatedCustomers(adminApi);

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      if (url.pathname.startsWith('/admin/api/') && (await graphql(req, res)) !== false) return;
      const paying = checkout.handle(req, res, url);
      if (paying) return await paying;
      if (url.pathname === PROXY_PREFIX || url.pathname.startsWith(`${PROXY_PREFIX}/`)) {
        return await forwardAppProxy(req, res, url);
      }
      if (url.pathname === '/admin' || url.pathname === '/admin/') return openEmbeddedAdmin(res, url);
      if (/^\/(app|auth)(\/|$|\.data)/.test(url.pathname)) return await forwardAdmin(req, res, url);
      if (url.pathname === '/__sim/app-bridge.js') return send(res, 200, standIn, 'text/javascript');
      if (url.pathname === '/__sim/id-token')
        return send(res, 200, sessionToken({ shop, apiKey, apiSecret }), 'text/plain');
      if (url.pathname === '/account/login') return await customerLogin(req, res, url);
      if (url.pathname === '/account/logout') return customerLogout(res, url);
      if (url.pathname === '/simulator/admin-api') return await adminApiSwitches(req, res, url);
      if (url.pathname === '/simulator/webhooks') return await webhookSwitches(req, res, url);
      if (url.pathname === '/simulator/webhooks.json') return sendJson(res, 200, webhookList());
      if (url.pathname === '/mailbox') return send(res, 200, mailboxPage(mailbox?.list() ?? []), 'text/html');
      const mail = /^\/mailbox\/(\d+)$/.exec(url.pathname);
      if (mail) {
        const message = mailbox?.read(Number(mail[1])) ?? null;
        return message
          ? send(res, 200, messagePage(message), 'text/html')
          : send(res, 404, 'Not found', 'text/plain');
      }
      if (url.pathname === '/') return send(res, 200, homePage(currentCustomer(req)), 'text/html');
      if (url.pathname === '/favicon.ico') return send(res, 204, '', 'image/x-icon');
      // Like a real shop: paths outside the proxy prefix never reach the app.
      return send(res, 404, 'This page does not exist on the simulated storefront.', 'text/plain');
    } catch (error) {
      options.log?.(`simulator error: ${error instanceof Error ? error.stack : error}`);
      if (!res.headersSent) send(res, 502, 'The app did not answer. Is it running?', 'text/plain');
      else res.destroy();
    }
  });

  /** @param {Req} req */
  function currentCustomer(req) {
    const id = parseCookies(req.headers.cookie)[CUSTOMER_COOKIE];
    return customers.find((c) => c.numericId === id) ?? null;
  }

  /** Shopify's app proxy: sign, forward, strip cookies both ways. @param {Req} req @param {Res} res @param {URL} url */
  async function forwardAppProxy(req, res, url) {
    const target = new URL(url.pathname, nextUpstream());
    const params = new URLSearchParams();
    for (const [key, value] of url.searchParams) {
      // Shopify sets these itself; a shopper cannot smuggle them in.
      if (!['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature'].includes(key)) {
        params.append(key, value);
      }
    }
    params.set('shop', shop);
    params.set('logged_in_customer_id', currentCustomer(req)?.numericId ?? '');
    params.set('path_prefix', PROXY_PREFIX);
    params.set('timestamp', String(Math.floor(Date.now() / 1000)));
    params.set('signature', appProxySignature(params, apiSecret));
    target.search = params.toString();
    const headers = forwardHeaders(req);
    headers.set('x-forwarded-host', String(req.headers.host));
    headers.set('x-forwarded-proto', 'http');
    // Like Shopify's edge (and any standard proxy), append the address the request came from to whatever
    // X-Forwarded-For the client sent: only the last entry is trustworthy.
    const claimed = req.headers['x-forwarded-for'];
    const seen = req.socket.remoteAddress ?? '127.0.0.1';
    headers.set('x-forwarded-for', claimed ? `${claimed}, ${seen}` : seen);
    await relay(req, res, target, headers, { stripCookies: true });
  }

  /** A BCP 47 tag as Shopify passes the admin's language ('fr', 'pt-BR'); English otherwise. @param {string|null} tag */
  function adminLocale(tag) {
    return tag && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(tag) ? tag : 'en';
  }

  /** @param {Res} res @param {URL} url */
  function openEmbeddedAdmin(res, url) {
    const target = new URL('/app', url);
    target.searchParams.set('embedded', '1');
    target.searchParams.set('shop', shop);
    target.searchParams.set('host', hostParam(shop));
    target.searchParams.set('id_token', sessionToken({ shop, apiKey, apiSecret }));
    // Shopify adds the merchant's admin language to the app's URL; here `/admin?locale=fr` chooses it.
    target.searchParams.set('locale', adminLocale(url.searchParams.get('locale')));
    res.writeHead(302, { Location: target.pathname + target.search });
    res.end();
  }

  /** The embedded admin, served through this origin with App Bridge pointed at the local stand-in. @param {Req} req @param {Res} res @param {URL} url */
  async function forwardAdmin(req, res, url) {
    const target = new URL(url.pathname + url.search, nextUpstream());
    const headers = forwardHeaders(req);
    headers.set('x-forwarded-host', String(req.headers.host));
    headers.set('x-forwarded-proto', 'http');
    await relay(req, res, target, headers, {
      rewriteHtml: (html) =>
        html.replaceAll('https://cdn.shopify.com/shopifycloud/app-bridge.js', '/__sim/app-bridge.js'),
    });
  }

  /**
   * @param {Req} req @param {Res} res @param {URL} target @param {Headers} headers
   * @param {{ stripCookies?: boolean, rewriteHtml?: (html: string) => string }} [options]
   */
  async function relay(req, res, target, headers, { stripCookies = false, rewriteHtml } = {}) {
    const hasBody = !['GET', 'HEAD'].includes(req.method ?? 'GET');
    const body = hasBody ? new Uint8Array(await readBody(req)) : undefined;
    const response = await fetch(target, { method: req.method, headers, body, redirect: 'manual' });
    /** @type {Record<string, string>} */
    const outHeaders = {};
    response.headers.forEach((value, key) => {
      if (['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key)) return;
      if (stripCookies && key === 'set-cookie') return;
      outHeaders[key] = value;
    });
    // Shopify's admin would preload App Bridge from its CDN; offline, the stand-in replaces it.
    if (outHeaders.link?.includes('cdn.shopify.com')) delete outHeaders.link;
    const location = response.headers.get('location');
    const upstream = location && upstreams.find((origin) => location.startsWith(origin));
    if (location) outHeaders.location = upstream ? location.slice(new URL(upstream).origin.length) : location;
    const type = response.headers.get('content-type') ?? '';
    if (rewriteHtml && type.includes('text/html')) {
      const text = rewriteHtml(await response.text());
      res.writeHead(response.status, outHeaders);
      return res.end(text);
    }
    await new Promise((resolve) =>
      compressRelayed(/** @type {any} */ (req), /** @type {any} */ (res), resolve),
    );
    res.writeHead(response.status, outHeaders);
    if (!response.body) return res.end();
    // Each piece as it comes (a streamed page stays streamed): the compressor is flushed after every one.
    for await (const chunk of Readable.fromWeb(
      /** @type {import('node:stream/web').ReadableStream} */ (response.body),
    )) {
      res.write(chunk);
      /** @type {any} */ (res).flush();
    }
    res.end();
  }

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function customerLogin(req, res, url) {
    if (req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString());
      const customer = customers.find((c) => c.numericId === form.get('customer_id'));
      const back = safeReturn(form.get('return_url'));
      res.writeHead(302, {
        Location: back,
        'Set-Cookie': `${CUSTOMER_COOKIE}=${customer?.numericId ?? ''}; Path=/; HttpOnly; SameSite=Lax`,
      });
      return res.end();
    }
    return send(res, 200, loginPage(customers, safeReturn(url.searchParams.get('return_url'))), 'text/html');
  }

  /**
   * "Fail the next N Admin API calls", flipped by a person from the simulator's own page (POST, then back
   * to the page with what was set).
   * @param {Req} req @param {Res} res @param {URL} url
   */
  async function adminApiSwitches(req, res, url) {
    if (req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString());
      let notice = 'Every call is answered normally again.';
      if (form.get('action') === 'clear') adminApi.clearFailures();
      else {
        const count = Number(form.get('count'));
        const kind = String(form.get('kind'));
        const only = form.get('only') === 'all' ? 'all' : 'draftOrders';
        if (!Number.isInteger(count) || count < 1 || count > 50 || !FAILURE_KINDS.includes(kind)) {
          return send(
            res,
            400,
            adminApiPage(adminApi.pendingFailures(), [], 'Choose 1 to 50 calls and how they fail.'),
            'text/html',
          );
        }
        adminApi.failNext(/** @type {import('./admin-graphql.mjs').FailureKind} */ (kind), count, { only });
        notice = `The next ${count} ${only === 'all' ? 'Admin API calls' : 'draft-order calls'} will fail.`;
      }
      res.writeHead(303, { Location: `/simulator/admin-api?notice=${encodeURIComponent(notice)}` });
      return res.end();
    }
    const calls = adminApi.state.calls.slice(-10).reverse();
    return send(
      res,
      200,
      adminApiPage(adminApi.pendingFailures(), calls, url.searchParams.get('notice')),
      'text/html',
    );
  }

  /** The deliveries with their bodies and signed headers, for an app's tests. */
  function webhookList() {
    return {
      holding: webhooks.holding,
      deliveries: webhooks.deliveries.map((d) => ({ ...d, headers: d.uri ? webhooks.headers(d) : null })),
    };
  }

  /**
   * Hold, release (ids in the order to deliver), deliver again (a replay with the same id). A form gets
   * the page back; `Accept: application/json` gets the list.
   * @param {Req} req @param {Res} res @param {URL} url
   */
  async function webhookSwitches(req, res, url) {
    if (req.method !== 'POST') {
      return send(
        res,
        200,
        webhooksPage(webhooks.deliveries, webhooks.holding, url.searchParams.get('notice')),
        'text/html',
      );
    }
    const form = new URLSearchParams((await readBody(req)).toString());
    const action = form.get('action');
    const ids = (form.get('id') ?? form.get('ids') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    let notice = '';
    if (action === 'hold') {
      webhooks.hold(true);
      notice = 'New deliveries are held until released.';
    } else if (action === 'deliver') {
      webhooks.hold(false);
      notice = `Released ${webhooks.release().length} held deliveries; new ones are sent at once.`;
    } else if (action === 'release') {
      notice = `Released ${webhooks.release(ids.length ? ids : undefined).length} deliveries.`;
    } else if (action === 'redeliver' && ids.length) {
      const sent = ids.map((id) => webhooks.redeliver(id)).filter(Boolean).length;
      notice = `Sent ${sent} deliveries again with their ids.`;
    } else {
      return send(res, 400, 'Choose hold, deliver, release or redeliver (with id).', 'text/plain');
    }
    await webhooks.idle();
    if (String(req.headers.accept ?? '').includes('application/json'))
      return sendJson(res, 200, webhookList());
    res.writeHead(303, { Location: `/simulator/webhooks?notice=${encodeURIComponent(notice)}` });
    return res.end();
  }

  /** @param {Res} res @param {URL} url */
  function customerLogout(res, url) {
    res.writeHead(302, {
      Location: safeReturn(url.searchParams.get('return_url')),
      'Set-Cookie': `${CUSTOMER_COOKIE}=; Path=/; Max-Age=0`,
    });
    res.end();
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? 'localhost', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  if (port !== options.port) {
    // Port 0 chose a free port: invoice URLs must name it.
    shopConfig.primaryDomainUrl = `http://localhost:${port}`;
    const info = adminApi.shop(shop)?.info;
    if (info)
      info.primaryDomain = {
        ...info.primaryDomain,
        url: shopConfig.primaryDomainUrl,
        host: `localhost:${port}`,
      };
  }
  return {
    server,
    adminApi,
    webhooks,
    checkout,
    url: `http://localhost:${port}`,
    async close() {
      webhooks.close();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/** @param {ReturnType<typeof createAdminApiSimulator>} adminApi */
function simulatedCustomers(adminApi) {
  return adminApi.state.customers.map((c) => ({
    ...c,
    numericId: c.legacyResourceId,
  }));
}

/** @param {Req} req */
function forwardHeaders(req) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_HEADERS.includes(key) || key.startsWith('x-forwarded-')) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** @param {string|null} value */
function safeReturn(value) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** @param {string} [header] @returns {Record<string, string>} */
function parseCookies(header = '') {
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([key]) => key)
      .map(([key, ...rest]) => [key, decodeURIComponent(rest.join('='))]),
  );
}

/** @param {Req} req @returns {Promise<Buffer>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** @param {Res} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** @param {Res} res @param {number} status @param {string} body @param {string} type */
function send(res, status, body, type) {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
  res.end(body);
}

/**
 * The app's subscriptions plus a test's extra ones. Shopify keeps one subscription per topic and address,
 * so a topic the test adds at an address the app already subscribes it to is not delivered twice.
 * @param {import('./webhooks.mjs').Subscription[]} app
 * @param {import('./webhooks.mjs').Subscription[]} extra
 */
function withExtraSubscriptions(app, extra) {
  const held = new Set(app.flatMap((s) => s.topics.map((topic) => `${topic} ${s.uri}`)));
  const added = extra
    .map((s) => ({ ...s, topics: s.topics.filter((topic) => !held.has(`${topic} ${s.uri}`)) }))
    .filter((s) => s.topics.length > 0);
  return [...app, ...added];
}
