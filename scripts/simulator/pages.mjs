// @ts-check
// HTML for the simulator's own pages (storefront home, customer login, mailbox).

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} value */
export function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * @typedef {{ numericId: string, email: string|null, displayName?: string }} SimCustomer
 * @typedef {{ id?: number, to?: string, subject?: string, text?: string, html?: string, status?: string, createdAt?: string }} Mail
 */

/** @param {string} title @param {string} body */
export function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Demo Coffee (local Shopify simulator)</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#faf7f2;color:#222}
  header{background:#222;color:#fff;padding:12px 20px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
  header a{color:#fff;text-decoration:none;font-weight:600}
  header .sim{margin-left:auto;font-size:12px;opacity:.7}
  main{max-width:860px;margin:0 auto;padding:24px 20px}
  .card{background:#fff;border:1px solid #e5ddd3;border-radius:12px;padding:16px 18px;margin:12px 0}
  .btn{display:inline-block;background:#6f3b1e;color:#fff;border:0;border-radius:10px;padding:10px 16px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
  table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:8px;border-bottom:1px solid #eee;vertical-align:top}
  pre{white-space:pre-wrap;background:#f4f1ec;padding:12px;border-radius:8px}
</style></head><body>
<header><a href="/">Demo Coffee</a><a href="/apps/group-order/host/create">Group order</a><a href="/mailbox">Mailbox</a><a href="/admin">Admin</a><a href="/simulator/admin-api">Admin API switches</a><a href="/simulator/webhooks">Webhooks</a><a href="/account/login">Account</a><span class="sim">Local Shopify simulator</span></header>
<main>${body}</main></body></html>`;
}

/** @param {SimCustomer|null} customer */
export function homePage(customer) {
  return page(
    'Home',
    `<h1>Demo Coffee</h1>
<p>This is the local stand-in for the shop's storefront. Group Order runs under <code>/apps/group-order/</code> through a simulated app proxy, exactly as Shopify forwards it.</p>
<div class="card"><h2>Order together</h2><p><a class="btn" href="/apps/group-order/host/create">Start a group order</a></p>
<form action="/apps/group-order/find-order" method="get"><label>Join with a code <input name="code" maxlength="12" style="text-transform:uppercase"></label> <button class="btn">Find</button></form></div>
<div class="card"><p>${customer ? `Logged in as <strong>${escapeHtml(customer.email)}</strong> · <a href="/account/logout">Log out</a>` : 'Not logged in · <a href="/account/login">Log in</a>'}</p>
<p><a href="/admin">Open the merchant admin</a> (<a href="/admin?locale=fr" lang="fr">en français</a>, <a href="/admin?locale=de" lang="de">auf Deutsch</a>) · <a href="/mailbox">Read e-mails the app sent</a> · <a href="/simulator/admin-api">Make Shopify's Admin API fail</a></p></div>`,
  );
}

/** @param {SimCustomer[]} customers @param {string} returnUrl */
export function loginPage(customers, returnUrl) {
  const rows = customers
    .map(
      (c) => `<form method="post" action="/account/login" class="card">
<input type="hidden" name="customer_id" value="${escapeHtml(c.numericId)}"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<strong>${escapeHtml(c.displayName || c.email)}</strong><br><span>${escapeHtml(c.email)}</span><br><button class="btn" type="submit">Log in as this customer</button></form>`,
    )
    .join('');
  return page('Log in', `<h1>Customer login</h1><p>Choose a simulated customer account.</p>${rows}`);
}

/** @param {Mail[]} messages */
export function mailboxPage(messages) {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td><a href="/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.status)}</td></tr>`,
    )
    .join('');
  return page(
    'Mailbox',
    `<h1>Mailbox</h1><p>E-mails the app sent to the simulator's SMTP server (newest first; kept until the simulator stops).</p>
<table><thead><tr><th>When</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No e-mails yet.</td></tr>'}</tbody></table>
<p>To see what the merchant sees when a hand-off to Shopify fails (and its "Retry now"), use the <a href="/simulator/admin-api">Admin API switches</a>.</p>`,
  );
}

/** @param {Mail} message */
export function messagePage(message) {
  return page(
    message.subject ?? '',
    `<p><a href="/mailbox">← Mailbox</a></p><div class="card"><p><strong>To:</strong> ${escapeHtml(message.to)}<br><strong>Subject:</strong> ${escapeHtml(message.subject)}</p>
${message.html ? `<div class="card" data-testid="mail-html">${message.html}</div>` : ''}<pre data-testid="mail-text">${escapeHtml(message.text)}</pre></div>`,
  );
}

/** What each simulated failure does, in the words the switches page shows. @type {Record<string, string>} */
export const FAILURE_LABELS = {
  http500: 'Shopify answers 500 (nothing runs; the app retries later)',
  throttled: 'Shopify answers THROTTLED (nothing runs; the app retries later)',
  network: 'The connection drops (nothing runs; the app retries later)',
  lostResponse: 'The call runs, then the answer is lost (the retry must not make a second draft order)',
};
const SCOPE_LABELS = { draftOrders: 'draft-order calls (the hand-off)', all: 'Admin API calls of any kind' };

/**
 * The simulator's switches for Shopify's Admin API: "fail the next N calls", so a person can watch the
 * app's retries and the admin's "Retry now" without a real outage.
 * @param {{ kind: string, remaining: number, only: string }[]} pending
 * @param {{ at: string, operationName: string|null, rootFields: string[], status: number, outcome: string }[]} calls
 * @param {string|null} notice
 */
export function adminApiPage(pending, calls, notice) {
  const options = Object.entries(FAILURE_LABELS)
    .map(([kind, label]) => `<option value="${kind}">${escapeHtml(label)}</option>`)
    .join('');
  const waiting = pending.length
    ? `<ul data-testid="pending-failures">${pending
        .map(
          (f) =>
            `<li>The next ${f.remaining} ${escapeHtml(SCOPE_LABELS[/** @type {'all'|'draftOrders'} */ (f.only)] ?? f.only)}: ${escapeHtml(FAILURE_LABELS[f.kind] ?? f.kind)}</li>`,
        )
        .join('')}</ul>
<form method="post" action="/simulator/admin-api"><input type="hidden" name="action" value="clear"><button class="btn" type="submit">Stop failing (clear)</button></form>`
    : '<p data-testid="pending-failures">None: every call is answered normally.</p>';
  const rows = calls
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.at)}</td><td>${escapeHtml(c.operationName ?? c.rootFields.join(', '))}</td><td>${escapeHtml(c.status)}</td><td>${escapeHtml(c.outcome)}</td></tr>`,
    )
    .join('');
  return page(
    'Admin API switches',
    `<h1>Admin API switches</h1>
<p>Make the simulated Shopify Admin API fail on purpose, to see what the app does when Shopify has a bad day: submitted group orders go to Shopify as draft orders through a durable outbox that retries with backoff (about 2 s, 4 s, 8 s … for 8 tries), and the admin's dashboard offers <strong>Retry now</strong> while a hand-off waits for its next try or after it has failed for good.</p>
${notice ? `<p class="card" role="status">${escapeHtml(notice)}</p>` : ''}
<div class="card"><form method="post" action="/simulator/admin-api">
<input type="hidden" name="action" value="fail">
<p><label>Fail the next <input name="count" type="number" min="1" max="50" value="8" required style="width:5em"> calls</label></p>
<p><label>Which calls <select name="only"><option value="draftOrders">${SCOPE_LABELS.draftOrders}</option><option value="all">${SCOPE_LABELS.all}</option></select></label></p>
<p><label>How <select name="kind">${options}</select></label></p>
<p><button class="btn" type="submit">Fail them</button></p></form>
<p>8 calls make the next hand-off fail for good (the order's row in the admin then says why, with Retry now); 1 call shows Retry now while the app waits to try again.</p></div>
<h2>Waiting to fail</h2>${waiting}
<h2>Recent calls</h2>
<table><thead><tr><th>When</th><th>Operation</th><th>Status</th><th>Outcome</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No calls yet.</td></tr>'}</tbody></table>`,
  );
}

/**
 * The webhooks the simulator sent to the app, newest first, with the switches an app's tests need: hold
 * new deliveries, release them (in the order given), deliver one again with the same id.
 * @param {{ id: string, topic: string, shop: string, uri: string|null, state: string,
 *   attempts: { status: number, error: string|null }[] }[]} deliveries
 * @param {boolean} holding @param {string|null} notice
 */
export function webhooksPage(deliveries, holding, notice) {
  const rows = [...deliveries]
    .reverse()
    .map((d) => {
      const last = d.attempts[d.attempts.length - 1];
      const outcome = last ? (last.error ?? String(last.status)) : '';
      const again = d.uri
        ? `<form method="post" action="/simulator/webhooks"><input type="hidden" name="action" value="${d.state === 'held' ? 'release' : 'redeliver'}"><input type="hidden" name="id" value="${escapeHtml(d.id)}"><button class="btn" type="submit">${d.state === 'held' ? 'Release' : 'Send again'}</button></form>`
        : '';
      return `<tr><td>${escapeHtml(d.topic)}<br><small>${escapeHtml(d.id)}</small></td><td>${escapeHtml(d.uri ?? '—')}</td><td>${escapeHtml(d.state)}</td><td>${d.attempts.length} ${escapeHtml(outcome)}</td><td>${again}</td></tr>`;
    })
    .join('');
  return page(
    'Webhooks',
    `<h1>Webhooks</h1>
<p>What the simulated Shopify told the app: each delivery is signed with the app's secret and sent to the URL its subscription in <code>shopify.app.toml</code> names; one that does not get a 2xx is tried again with the same <code>X-Shopify-Webhook-Id</code>. A topic the app does not subscribe to is listed as <em>not subscribed</em>, one whose access scope the app lacks (<code>read_orders</code> for orders and refunds) as <em>missing scope</em>; neither is sent.</p>
${notice ? `<p class="card" role="status">${escapeHtml(notice)}</p>` : ''}
<div class="card"><form method="post" action="/simulator/webhooks"><input type="hidden" name="action" value="${holding ? 'deliver' : 'hold'}">
<p>${holding ? 'New deliveries are <strong>held</strong> until released.' : 'New deliveries are sent at once.'}</p><button class="btn" type="submit">${holding ? 'Send at once again (releases the held ones)' : 'Hold new deliveries'}</button></form></div>
<table><thead><tr><th>Topic</th><th>To</th><th>State</th><th>Tries</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</tbody></table>`,
  );
}
