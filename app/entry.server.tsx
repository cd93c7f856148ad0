import { randomBytes } from 'node:crypto';
import { type ActionFunctionArgs, type EntryContext, type LoaderFunctionArgs } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { logUnexpectedError } from '../server/errors.mjs';
import { streamDocument } from './streamDocument.server';
import { addDocumentResponseHeaders } from './shopify.server';
import { NonceContext } from './lib/nonce';
import { PROXY_BASE } from './lib/paths';
import { env } from './env.server';
import { startOutboxWorker } from './models/outbox/outbox.server';
import './models/outbox/outbox-handlers.server';

export const streamTimeout = 5000;

startOutboxWorker();

/** The query parameters Shopify's app proxy adds and signs. The shopper's browser never has them. */
const SIGNED_PROXY_PARAMS = ['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature'];

function isStorefront(url: URL) {
  return url.pathname === PROXY_BASE || url.pathname.startsWith(`${PROXY_BASE}/`);
}

/**
 * Scripts a storefront page may run: its own inline scripts (by nonce) and the built modules from the
 * app's origin. The page lives on the shop's domain, so 'self' would be the shop, not us.
 */
function storefrontCsp(nonce: string) {
  const appOrigin = new URL(env.SHOPIFY_APP_URL).origin;
  return [
    `script-src 'nonce-${nonce}' ${appOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Headers for every storefront answer: nothing sniffed, no full URLs in Referer, nothing cached. */
function setStorefrontHeaders(headers: Headers) {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'same-origin');
  headers.set('Cache-Control', 'no-store');
}

/**
 * The page is rendered for the address the shopper's browser shows, without the signed query Shopify
 * appended: otherwise form actions and links would carry `signature` and `logged_in_customer_id` into
 * the HTML, where they could be copied and replayed. Every request the page makes goes through the app
 * proxy again, which signs it afresh.
 */
function withoutSignedQuery(context: EntryContext) {
  const location = context.staticHandlerContext.location;
  const search = new URLSearchParams(location.search);
  for (const key of SIGNED_PROXY_PARAMS) search.delete(key);
  const rest = search.toString();
  context.staticHandlerContext.location = { ...location, search: rest ? `?${rest}` : '' };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const url = new URL(request.url);
  const storefront = isStorefront(url);
  let nonce: string | undefined;
  if (storefront) {
    nonce = randomBytes(16).toString('base64');
    withoutSignedQuery(remixContext);
    setStorefrontHeaders(responseHeaders);
    responseHeaders.set('Content-Security-Policy', storefrontCsp(nonce));
  } else {
    addDocumentResponseHeaders(request, responseHeaders);
  }
  const userAgent = request.headers.get('user-agent');

  return streamDocument(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      status: responseStatusCode,
      headers: responseHeaders,
      nonce,
      waitForAll: Boolean(userAgent && isbot(userAgent)),
      timeoutMs: streamTimeout + 1000,
      onError: (error) =>
        logUnexpectedError(error, { method: request.method, path: url.pathname, where: 'render' }),
    },
  );
}

/** Storefront data requests (`/path.data`) get the same headers as the pages. */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!isStorefront(new URL(request.url))) return response;
  try {
    setStorefrontHeaders(response.headers);
    return response;
  } catch {
    // Headers of a Response.redirect() are immutable: answer with a copy.
    const copy = new Response(response.body, response);
    setStorefrontHeaders(copy.headers);
    return copy;
  }
}

/**
 * Errors a loader, action or render throws, handed on to the one logger (server/errors.mjs: the path,
 * never the query). Answers never carry them (server/storefront.mjs). A request the client gave up on
 * is not an error.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  logUnexpectedError(error, { method: request.method, path: new URL(request.url).pathname });
}
