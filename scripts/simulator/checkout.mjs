// @ts-check
// The checkout at a draft order's invoice URL (`/{shop id}/invoices/{token}` on the shop's domain, here
// the simulator's origin), in Shopify Payments' test mode: the customer enters an e-mail and a test card.
// A payment completes the draft into a paid order exactly once (admin-graphql.mjs `payInvoice` is
// synchronous, so two tabs or a retry cannot both pay); the order's webhooks follow.
import { randomBytes } from 'node:crypto';
import { draftTotals } from './admin-draft-orders.mjs';
import { authenticationPage, checkoutForm, paidPage, unavailablePage } from './checkout-pages.mjs';

/**
 * @typedef {ReturnType<typeof import('./admin-graphql.mjs').createAdminApiSimulator>} AdminApi
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {{ at: string, token: string, attempt: string, last4: string,
 *   outcome: 'paid'|'declined'|'invalid'|'total changed'|'authentication required'|'authentication failed'|'already paid' }} PaymentAttempt
 */

/** Shopify Payments' test cards the simulator knows; any other valid number is not a test card. */
export const TEST_CARDS = Object.freeze({
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002760003184',
});

const PATH = /^\/(\d+)\/(invoices|orders)\/([0-9a-f]{32})(\/authenticate)?$/;
const MAX_FORM_BYTES = 16 * 1024;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The Luhn check every card number passes. @param {string} digits */
function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What is wrong with the form, in the checkout's words, or null.
 * @param {URLSearchParams} form @param {number} nowMs
 */
function formError(form, nowMs) {
  const email = (form.get('email') ?? '').trim();
  if (!EMAIL_RE.test(email)) return 'Enter a valid email.';
  const number = (form.get('number') ?? '').replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return 'Enter a valid card number.';
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.get('expiry') ?? '');
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  const now = new Date(nowMs);
  if (!expiry || month < 1 || month > 12) return 'Enter a valid expiration date.';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return 'The card has expired. Use another card.';
  if (!/^\d{3,4}$/.test((form.get('cvc') ?? '').trim())) return 'Enter the security code from your card.';
  return null;
}

/** @param {Req} req @returns {Promise<URLSearchParams|null>} null when the body is too large */
async function readForm(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** @param {Res} res @param {number} status @param {string} html */
function html(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}
/** @param {Res} res @param {string} location */
function seeOther(res, location) {
  res.writeHead(303, { Location: location });
  res.end();
}

/** @param {AdminApi} adminApi @param {{ now?: () => number }} [options] */
export function createCheckout(adminApi, options = {}) {
  const now = options.now ?? Date.now;
  /** Every card payment tried, newest last: what the tests count charges by. @type {PaymentAttempt[]} */
  const attempts = [];
  /** Payments waiting for the bank's confirmation, by attempt key. @type {Map<string, { token: string, email: string, last4: string }>} */
  const pending = new Map();

  /** @param {string} token @param {string} attempt @param {string} last4 @param {PaymentAttempt['outcome']} outcome */
  const record = (token, attempt, last4, outcome) =>
    attempts.push({ at: new Date(now()).toISOString(), token, attempt, last4, outcome });

  /** @param {string} token @param {string} email @param {string} attempt @param {string} last4 */
  function pay(token, email, attempt, last4) {
    const result = adminApi.payInvoice(token, {
      gateway: 'shopify_payments',
      test: true,
      authorization: `ch_${attempt.slice(0, 24)}`,
      email,
    });
    if (result) record(token, attempt, last4, result.already ? 'already paid' : 'paid');
    return result;
  }

  /**
   * Answers the checkout's paths; false when the path is not the checkout's.
   * @param {Req} req @param {Res} res @param {URL} url
   * @returns {false | Promise<void>}
   */
  function handle(req, res, url) {
    const match = PATH.exec(url.pathname);
    if (!match) return false;
    return (async () => {
      const [, shopId, kind, token, authenticate] = match;
      const found = adminApi.invoice(token);
      const shopStore = Object.values(adminApi.state.shops).find(
        (x) => x.info.id.split('/').pop() === shopId,
      );
      const shopName = shopStore?.info.name ?? 'Shop';
      if (kind === 'orders') {
        const order = adminApi.state.orders.find(
          (o) => o.token === token && o.shop === shopStore?.info.myshopifyDomain,
        );
        return order
          ? html(res, 200, paidPage(shopName, order, false))
          : html(res, 404, unavailablePage(shopName, 'unknown'));
      }
      const { draft, store } = found;
      if (!draft || !store || store !== shopStore)
        return html(res, 404, unavailablePage(shopName, found.status === 'deleted' ? 'deleted' : 'unknown'));
      const base = `/${shopId}/invoices/${token}`;
      /** The checkout form again; a new key unless `attempt` is given (a new try is another payment). */
      const showForm = (
        /** @type {number} */ status,
        /** @type {{ attempt?: string, fields?: import('./checkout-pages.mjs').CardFields, error?: string }} */ extra = {},
      ) =>
        html(
          res,
          status,
          checkoutForm({ shopName, draft, action: base, attempt: randomBytes(12).toString('hex'), ...extra }),
        );
      if (found.order) {
        if (req.method === 'POST') record(token, '', '', 'already paid');
        return html(res, 200, paidPage(shopName, found.order, true));
      }
      if (authenticate) {
        const attempt = url.searchParams.get('attempt') ?? '';
        const waiting = pending.get(attempt);
        if (!waiting || waiting.token !== token) return seeOther(res, base);
        const action = `${base}/authenticate?attempt=${encodeURIComponent(attempt)}`;
        if (req.method !== 'POST') return html(res, 200, authenticationPage(shopName, draft, action));
        const form = await readForm(req);
        pending.delete(attempt);
        if (form?.get('result') !== 'complete') {
          record(token, attempt, waiting.last4, 'authentication failed');
          return showForm(402, {
            fields: { email: waiting.email },
            error:
              'We couldn’t verify your card with your bank. No payment was taken. Try again or use another card.',
          });
        }
        const paid = pay(token, waiting.email, attempt, waiting.last4);
        if (!paid) return html(res, 404, unavailablePage(shopName, 'deleted'));
        if (paid.already) return html(res, 200, paidPage(shopName, paid.order, true));
        return seeOther(res, `/${shopId}/orders/${paid.order.token}`);
      }
      if (req.method !== 'POST') return showForm(200);
      const form = await readForm(req);
      if (!form) return showForm(413, { error: 'The form is too large.' });
      const attempt = /^[0-9a-f]{24}$/.test(form.get('attempt') ?? '')
        ? String(form.get('attempt'))
        : randomBytes(12).toString('hex');
      const fields = {
        email: (form.get('email') ?? '').trim(),
        name: form.get('name') ?? '',
        number: form.get('number') ?? '',
        expiry: form.get('expiry') ?? '',
      };
      const number = fields.number.replace(/[\s-]/g, '');
      const last4 = number.slice(-4);
      // The shop changed the draft since this page showed it: the customer sees the new total first.
      const total = draftTotals(draft).total;
      if (form.get('expected') !== String(total)) {
        record(token, attempt, last4, 'total changed');
        return showForm(409, {
          fields: { ...fields, number: '' },
          error: `The amount to pay is now ${draft.presentmentCurrencyCode} $${(total / 100).toFixed(2)}. Check your order and pay again. No payment was taken.`,
        });
      }
      const invalid = formError(form, now());
      if (invalid) {
        record(token, attempt, last4, 'invalid');
        return showForm(400, { attempt, fields, error: invalid });
      }
      if (number === TEST_CARDS.authentication) {
        record(token, attempt, last4, 'authentication required');
        pending.set(attempt, { token, email: fields.email, last4 });
        return seeOther(res, `${base}/authenticate?attempt=${encodeURIComponent(attempt)}`);
      }
      if (number !== TEST_CARDS.success) {
        record(token, attempt, last4, 'declined');
        const error =
          number === TEST_CARDS.declined
            ? 'Your card was declined. No payment was taken. Try again or use another card.'
            : 'Your card was declined: in test mode only test cards are accepted (see below). No payment was taken.';
        return showForm(402, { fields: { ...fields, number: '' }, error });
      }
      const paid = pay(token, fields.email, attempt, last4);
      if (!paid) return html(res, 404, unavailablePage(shopName, 'deleted'));
      if (paid.already) return html(res, 200, paidPage(shopName, paid.order, true));
      // Post/redirect/get: reloading the thank-you page does not send the payment again.
      return seeOther(res, `/${shopId}/orders/${paid.order.token}`);
    })();
  }

  return { handle, attempts };
}
