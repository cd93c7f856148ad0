// @ts-check
// HTML of the simulated checkout: the page at a draft order's invoice URL, the card authentication step,
// the thank-you page and the pages for invoices that cannot be paid. Plain forms, no script: it works
// before anything loads and at 390 px wide.
import { draftTotals } from './admin-draft-orders.mjs';
import { escapeHtml } from './pages.mjs';

/**
 * @typedef {import('./admin-draft-orders.mjs').DraftOrder} DraftOrder
 * @typedef {import('./admin-orders.mjs').Order} Order
 * @typedef {{ email?: string, name?: string, number?: string, expiry?: string }} CardFields
 */

/** "$12.40" (the currency is named once, beside the total, as Shopify's checkout does). @param {number} cents */
const amount = (cents) => `$${(cents / 100).toFixed(2)}`;

/** @param {string} shopName @param {string} title @param {string} body */
export function checkoutPage(shopName, title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(shopName)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1a1a1a}
  header{border-bottom:1px solid #e3e3e3;padding:14px 20px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}
  header strong{font-size:20px}header span{margin-left:auto;font-size:12px;color:#707070}
  main{max-width:980px;margin:0 auto;padding:20px;display:grid;gap:24px;grid-template-columns:1fr}
  main.two .summary{order:-1}
  @media(min-width:800px){main.two{grid-template-columns:1.2fr 1fr}main.two .summary{order:0}}
  h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:20px 0 8px}
  .summary{background:#f5f5f5;border-radius:10px;padding:16px;align-self:start}
  .line{display:flex;gap:12px;justify-content:space-between;padding:6px 0}
  .line small{display:block;color:#616161}
  .total{font-size:19px;font-weight:700;border-top:1px solid #ddd;margin-top:8px;padding-top:10px}
  .total .cur{font-size:13px;font-weight:400;color:#616161;margin-right:6px}
  label{display:block;font-size:14px;margin:12px 0 4px;color:#333}
  input{width:100%;font:inherit;padding:12px;border:1px solid #c9c9c9;border-radius:8px}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:12px;align-items:end}
  .pay{width:100%;margin-top:18px;background:#1773b0;color:#fff;border:0;border-radius:8px;padding:15px;font:inherit;font-weight:700;cursor:pointer}
  .secondary{background:#fff;color:#1773b0;border:1px solid #1773b0}
  .error{background:#fff4f4;border:1px solid #e0b3b3;color:#8e1f0b;border-radius:8px;padding:12px;margin:12px 0}
  .ok{background:#f1f8f5;border:1px solid #98c6b4;border-radius:8px;padding:12px;margin:12px 0}
  .hint{font-size:13px;color:#616161;background:#fafafa;border:1px dashed #ccc;border-radius:8px;padding:10px;margin-top:16px}
  code{font-size:13px}
</style></head><body>
<header><strong>${escapeHtml(shopName)}</strong><span>Local Shopify simulator · test mode</span></header>
${body}</body></html>`;
}

/** The order summary: lines, discount, subtotal, shipping, taxes and total. @param {DraftOrder} d */
export function summary(d) {
  const t = draftTotals(d);
  const lines = d.lineItems
    .map((l) => {
      const details = [
        l.variantTitle,
        ...l.customAttributes.filter((a) => !a.key.startsWith('_')).map((a) => `${a.key}: ${a.value}`),
      ].filter(Boolean);
      return `<div class="line" data-testid="checkout-line"><span>${l.quantity} × ${escapeHtml(l.title)}${details.length ? `<small>${escapeHtml(details.join(' · '))}</small>` : ''}</span><span>${amount(l.unitPrice * l.quantity)}</span></div>`;
    })
    .join('');
  const discount = t.discount
    ? `<div class="line" data-testid="checkout-discount"><span>Discount${d.appliedDiscount?.title ? ` (${escapeHtml(d.appliedDiscount.title)})` : ''}</span><span>−${amount(t.discount)}</span></div>`
    : '';
  const shipping = d.shippingLine
    ? `<div class="line"><span>${escapeHtml(d.shippingLine.title)}</span><span>${amount(t.shipping)}</span></div>`
    : '';
  const tax = d.taxesIncluded
    ? `<div class="line"><small>Including ${amount(t.tax)} in taxes</small></div>`
    : `<div class="line"><span>Taxes</span><span>${amount(t.tax)}</span></div>`;
  return `<section class="summary" aria-label="Order summary">
<h2 style="margin-top:0">Order summary · ${escapeHtml(d.name)}</h2>${lines}
${discount}<div class="line"><span>Subtotal</span><span>${amount(t.subtotal)}</span></div>${shipping}
<div class="line total"><span>Total</span><span data-testid="checkout-total"><span class="cur">${escapeHtml(d.presentmentCurrencyCode)}</span>${amount(t.total)}</span></div>${tax}
</section>`;
}

/**
 * The checkout form. `attempt` is this page's payment key: a retry of the same form is the same payment.
 * @param {{ shopName: string, draft: DraftOrder, action: string, attempt: string, fields?: CardFields,
 *   error?: string|null }} p
 */
export function checkoutForm({ shopName, draft, action, attempt, fields = {}, error = null }) {
  const value = (/** @type {keyof CardFields} */ k) => escapeHtml(fields[k] ?? '');
  return checkoutPage(
    shopName,
    `Checkout ${draft.name}`,
    `<main class="two"><div>
<h1>Checkout</h1>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="attempt" value="${escapeHtml(attempt)}">
<input type="hidden" name="expected" value="${draftTotals(draft).total}">
<h2>Contact</h2>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${value('email') || escapeHtml(draft.email ?? '')}">
<h2>Payment</h2>
<p style="margin:0;font-size:14px;color:#616161">All transactions are secure and encrypted.</p>
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required value="${value('number')}">
<div class="row"><div><label for="expiry">Expiration (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required value="${value('expiry')}"></div>
<div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${value('name')}">
<button class="pay" type="submit">Pay now</button>
</form>
<div class="hint">Test cards (any future date, any 3 digits): <code>4242 4242 4242 4242</code> pays · <code>4000 0000 0000 0002</code> is declined · <code>4000 0027 6000 3184</code> asks the bank to confirm first.</div>
</div>${summary(draft)}</main>`,
  );
}

/** The bank's confirmation step (3-D Secure), as a test card that needs it shows. @param {string} shopName @param {DraftOrder} draft @param {string} action */
export function authenticationPage(shopName, draft, action) {
  const t = draftTotals(draft);
  return checkoutPage(
    shopName,
    'Confirm your payment',
    `<main><div>
<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this payment of <strong>${escapeHtml(draft.presentmentCurrencyCode)} ${amount(t.total)}</strong> to ${escapeHtml(shopName)}.</p>
<p class="hint">This stands in for your bank's 3-D Secure page in test mode.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="complete"><button class="pay" type="submit">Complete authentication</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="result" value="fail"><button class="pay secondary" type="submit">Fail authentication</button></form>
</div></main>`,
  );
}

/** After payment (and for a second tab or a retry: "already paid"). @param {string} shopName @param {Order} order @param {boolean} already */
export function paidPage(shopName, order, already) {
  const heading = already ? 'This invoice has already been paid' : 'Thank you!';
  const text = already
    ? `Order ${escapeHtml(order.name)} was paid${order.email ? ` by ${escapeHtml(order.email)}` : ''}. Nothing more was charged.`
    : `Your order ${escapeHtml(order.name)} is confirmed and paid.${order.email ? ` A confirmation goes to ${escapeHtml(order.email)}.` : ''}`;
  return checkoutPage(
    shopName,
    already ? 'Already paid' : `Order ${order.name} confirmed`,
    `<main><div><h1>${heading}</h1><div class="ok" role="status" data-testid="checkout-paid">${text}</div>
<p>Confirmation <strong>${escapeHtml(order.confirmationNumber)}</strong> · Total paid <strong>${escapeHtml(order.currency)} ${amount(order.total)}</strong></p>
${refundList(order)}<p><a href="/">Continue shopping</a></p></div></main>`,
  );
}

/**
 * The order's refunds, as Shopify's order status page lists them: each refund's money back on the card.
 * @param {{ currency: string, refunds: { id: string, note: string|null, transactions: { kind: string, status: string, amount: number }[] }[] }} order
 */
function refundList(order) {
  const rows = order.refunds.flatMap((r) =>
    r.transactions
      .filter((t) => t.kind === 'REFUND' && t.status === 'SUCCESS')
      .map(
        (t) =>
          `<li data-testid="checkout-refund">Refunded ${escapeHtml(order.currency)} ${amount(t.amount)}</li>`,
      ),
  );
  return rows.length ? `<h2>Refunds</h2><ul>${rows.join('')}</ul>` : '';
}

/** An invoice that cannot be paid: the draft was deleted, or the link is wrong. @param {string} shopName @param {'deleted'|'unknown'} why */
export function unavailablePage(shopName, why) {
  const text =
    why === 'deleted'
      ? 'This invoice was cancelled by the shop and can no longer be paid. Nothing was charged.'
      : 'This invoice link is not valid. Check the link in your e-mail, or ask the shop for a new one.';
  return checkoutPage(
    shopName,
    'Invoice unavailable',
    `<main><div><h1>This invoice is no longer available</h1><div class="error" role="alert">${text}</div><p><a href="/">Go to the shop</a></p></div></main>`,
  );
}
