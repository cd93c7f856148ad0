// Remix options shared by the build, the dev server and the tests (vite.config.ts imports this file).
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.css'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Single fetch requests loader data as `/path.data?<query>`: the query Shopify's app proxy signed
    // reaches the loader untouched. The older `?_data=` requests fail the signature on dynamic routes.
    v3_singleFetch: true,
    // Lazy route discovery fetches `/__manifest` at the shop's root, which the app proxy never forwards,
    // so storefront navigations would break. The full manifest ships with the first page instead.
    v3_lazyRouteDiscovery: false,
    v3_routeConfig: false,
  },
};
