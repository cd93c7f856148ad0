// Local stand-in for Shopify's App Bridge script (cdn.shopify.com is unreachable here). It provides what
// the embedded admin uses: shopify.idToken(), the Authorization header on the app's own fetches, toasts,
// the nav menu and the title bar. It is served only by the local simulator.
(function () {
  const script = document.currentScript;
  const apiKey = script && script.getAttribute('data-api-key');
  const params = new URLSearchParams(location.search);
  let cached = null;

  /** When the token stops being valid, read from its own `exp` claim (the simulator can shorten it). */
  function expiresAt(token) {
    try {
      const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return payload.exp * 1000;
    } catch {
      return 0;
    }
  }

  async function idToken() {
    if (cached && cached.expires > Date.now() + 5000) return cached.token;
    const response = await originalFetch('/__sim/id-token', { credentials: 'same-origin' });
    const token = await response.text();
    cached = { token, expires: expiresAt(token) };
    return token;
  }

  const originalFetch = window.fetch.bind(window);

  // The session-token bounce page: authenticate.admin sends a document request whose id_token expired (a
  // reload after a minute, a bookmarked URL) to /auth/session-token?shopify-reload=<the page>. Shopify's
  // App Bridge answers it with a fresh token and reloads that page with it; so does this stand-in. Only the
  // path and query of shopify-reload are used, so it never leaves this origin.
  const reload = params.get('shopify-reload');
  if (reload) {
    const target = new URL(reload, location.href);
    idToken().then((token) => {
      const next = new URL(target.pathname + target.search, location.origin);
      next.searchParams.set('id_token', token);
      location.replace(next.pathname + next.search);
    });
  }
  window.fetch = async function (input, init) {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    if (url.origin === location.origin && !url.pathname.startsWith('/__sim/')) {
      const headers = new Headers(
        (init && init.headers) || (input instanceof Request ? input.headers : undefined),
      );
      const own = !headers.has('Authorization');
      if (own) headers.set('Authorization', `Bearer ${await idToken()}`);
      const response = await originalFetch(input, { ...init, headers });
      // Like App Bridge: a token the app refused with the retry header is replaced and the request sent
      // once more (reads only, so no body is sent twice).
      const method = (
        (init && init.method) ||
        (input instanceof Request ? input.method : 'GET')
      ).toUpperCase();
      if (
        own &&
        method === 'GET' &&
        response.status === 401 &&
        response.headers.get('X-Shopify-Retry-Invalid-Session-Request') === '1'
      ) {
        cached = null;
        headers.set('Authorization', `Bearer ${await idToken()}`);
        return originalFetch(input, { ...init, headers });
      }
      return response;
    }
    return originalFetch(input, init);
  };

  function toastRegion() {
    let region = document.getElementById('sim-toasts');
    if (!region) {
      region = document.createElement('div');
      region.id = 'sim-toasts';
      region.setAttribute('role', 'status');
      region.setAttribute('aria-live', 'polite');
      region.style.cssText =
        'position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:99999;display:flex;flex-direction:column;gap:8px;align-items:center';
      document.body.appendChild(region);
    }
    return region;
  }

  window.shopify = {
    config: { apiKey, shop: params.get('shop'), host: params.get('host'), locale: 'en' },
    environment: { embedded: true, mobile: false, pos: false },
    idToken,
    toast: {
      show(message, options = {}) {
        const el = document.createElement('div');
        el.className = 'sim-toast';
        el.textContent = message;
        el.style.cssText = `background:${options.isError ? '#8e1f0b' : '#1a1a1a'};color:#fff;padding:10px 16px;border-radius:10px;font:14px system-ui;box-shadow:0 4px 16px rgba(0,0,0,.25)`;
        toastRegion().appendChild(el);
        setTimeout(() => el.remove(), options.duration || 5000);
        return String(Date.now());
      },
      hide() {},
    },
    loading() {},
    modal: {
      show(id) {
        const el = document.getElementById(id);
        if (el && el.show) el.show();
      },
      hide(id) {
        const el = document.getElementById(id);
        if (el && el.hide) el.hide();
      },
    },
  };

  const style = document.createElement('style');
  style.textContent = `
    ui-nav-menu { display:flex; flex-wrap:wrap; gap:4px; padding:8px 16px; background:#1a1a1a; position:sticky; top:0; z-index:500; }
    ui-nav-menu a { color:#e3e3e3; text-decoration:none; font:600 14px system-ui; padding:6px 12px; border-radius:8px; }
    ui-nav-menu a:hover { background:#303030; color:#fff; }
    ui-nav-menu a[aria-current="page"], ui-nav-menu a.active { background:#fff; color:#1a1a1a; }
    ui-title-bar { display:none; }
    ui-modal { display:none; }
    ui-modal[open] { display:flex; position:fixed; inset:0; background:rgba(0,0,0,.5); z-index:1000; align-items:center; justify-content:center; }
    ui-modal[open] > .sim-modal-body { background:#fff; border-radius:12px; max-width:min(720px,94vw); max-height:90vh; overflow:auto; padding:16px; }
  `;
  document.head.appendChild(style);

  if (!customElements.get('ui-modal')) {
    customElements.define(
      'ui-modal',
      class extends HTMLElement {
        show() {
          this.setAttribute('open', '');
          this.dispatchEvent(new Event('show'));
        }
        hide() {
          this.removeAttribute('open');
          this.dispatchEvent(new Event('hide'));
        }
        toggle() {
          return this.hasAttribute('open') ? this.hide() : this.show();
        }
      },
    );
  }
})();
