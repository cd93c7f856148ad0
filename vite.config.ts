import { vitePlugin as remix } from '@remix-run/dev';
import path from 'node:path';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { compression } from 'vite-plugin-compression2';
import license from 'rollup-plugin-license';
import remixConfig from './remix.config.js';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// Storefront pages are served from the shop's domain through the app proxy while their scripts and
// styles come from the app's own origin, so asset URLs must be absolute (docs/design.md, section 1). That holds
// for the dev server too (`shopify app dev`): Remix takes its module URLs from `base`, so with a bare
// '/' a proxied page asks the shop's domain for /@vite/client and never hydrates. The dev server
// answers those cross-origin module requests (cors) and writes absolute URLs for CSS assets (origin).
const appUrl = process.env.SHOPIFY_APP_URL ?? 'http://localhost:3001';
const isLocal = ['localhost', '127.0.0.1'].includes(new URL(appUrl).hostname);
// Pages that load the dev server's modules: proxied storefront pages and the local simulator.
const storefrontOrigins: (string | RegExp)[] = [
  /^https:\/\/[a-z0-9][a-z0-9-]*\.myshopify\.com$/,
  /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/,
  ...(process.env.SHOP_CUSTOM_DOMAIN ? [`https://${process.env.SHOP_CUSTOM_DOMAIN}`] : []),
];

// Browser chunks: Rollup gives every set of pages that shares some modules a file of its own, and each file
// costs a storefront page gzip's fresh start, its own import and export lists and a request. One group is
// named here instead (docs/decisions/2026-11-28-storefront-in-framework-file.md):
// what every page loads (React, Remix, Lingui's core, the client entry, the root route and the app's i18n,
// paths, money and language helpers) and what every storefront page loads (the storefront layout and its
// language picker, buttons and cards, toasts, API calls, the guest token, page states, the money rules) in
// one file. The few KB of storefront code cost an admin page, beside Polaris, less than a storefront page's
// second file cost it. Code only some pages use keeps Rollup's own split.
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream|@lingui\/core)\//;
const FRAMEWORK_FILE = [
  '/app/components/i18n.tsx',
  '/app/lib/paths.ts',
  '/app/lib/money.ts',
  '/app/lib/language.ts',
  '/app/entry.client.tsx',
  '/app/root.tsx',
  '/app/routes/apps.group-order.tsx',
  '/app/components/storefront/LanguagePicker.tsx',
  '/app/components/storefront/ui.tsx',
  '/app/components/storefront/toast.tsx',
  '/app/components/storefront/api.ts',
  '/app/components/storefront/guest/guestToken.ts',
  '/app/components/storefront/guest/PageStatus.tsx',
  '/app/lib/moneyShares.ts',
  '/app/components/storefront/pageTitle.ts',
  '/app/styles/guest.css?url',
];
function browserChunk(id: string) {
  if (FRAMEWORK.test(id) || FRAMEWORK_FILE.some((end) => id.endsWith(end))) return 'framework';
  return undefined;
}

const buildDirectory = process.env.REMIX_BUILD_DIR ?? 'build';

export default defineConfig(({ isSsrBuild }) => ({
  base: new URL('/', appUrl).href,
  server: {
    port: Number(process.env.PORT ?? 3001),
    host: 'localhost',
    origin: new URL(appUrl).origin,
    cors: { origin: storefrontOrigins },
    // Behind the CLI's HTTPS tunnel the hot-reload socket must use the tunnel's host and port 443.
    hmr: isLocal ? undefined : { protocol: 'wss', host: new URL(appUrl).hostname, clientPort: 443 },
  },
  plugins: [
    process.env.VITEST ? null : remix({ ...remixConfig, buildDirectory }),
    tsconfigPaths(),
    // Browser assets are compressed once, here, at the highest levels (brotli 11, gzip 9), and served as
    // those files (server/app.mjs), not compressed again on every request
    // (docs/decisions/2026-11-27-cheap-dynamic-compression.md).
    // The licences of the packages in the browser files, in one file the app serves beside them
    // (/third-party-licenses.txt), in place of the licence comments terser would otherwise keep in every
    // page's scripts (docs/decisions/2026-11-28-storefront-in-framework-file.md).
    isSsrBuild || process.env.VITEST
      ? null
      : license({
          thirdParty: {
            output: { file: path.join(buildDirectory, 'client', 'third-party-licenses.txt') },
            multipleVersions: true,
          },
        }),
    isSsrBuild || process.env.VITEST
      ? null
      : compression({
          algorithms: ['brotliCompress', 'gzip'],
          include: /\.(js|css|svg|json)$/,
          threshold: 1024,
        }),
  ],
  build: {
    // The server build runs on the Node the project pins (24): its classes keep native private fields
    // and methods, which the default browser target rewrites into WeakMap look-ups on every access.
    ...(isSsrBuild ? { target: 'node24' } : {}),
    // Stylesheets are for browsers in both builds. A page's <link>s are written by the server build and
    // written again by the browser's after its first navigation: the two must name the same file, so both
    // builds process CSS alike (the browsers of Vite's default target) and name assets by their hash.
    // Before, the server's copy (processed for Node) had another name, and every guest downloaded the
    // storefront's stylesheets twice.
    cssTarget: ['chrome87', 'edge88', 'firefox78', 'safari14'],
    // Browser code is minified by terser (two compress passes) rather than esbuild: about 3.4 KB less
    // gzipped script on every storefront page, for a slower build (docs/decisions/2026-11-27-page-weight-budget.md).
    // `ecma: 2020` lets it write the shorter syntax Vite's browser target already requires (0.3 KB a page).
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: { ecma: 2020, compress: { passes: 2 }, module: true, format: { comments: false } },
        }),
    assetsInlineLimit: 0,
    rollupOptions: {
      output: isSsrBuild
        ? { assetFileNames: 'assets/[hash][extname]' }
        : {
            manualChunks: browserChunk,
            // Files are named by their hash alone: Remix's route manifest, loaded by every page, names each
            // of the 72 routes' files, and each chunk names those it imports
            // (docs/decisions/2026-11-27-asset-names.md).
            entryFileNames: 'assets/[hash].js',
            chunkFileNames: 'assets/[hash].js',
            assetFileNames: 'assets/[hash][extname]',
          },
      // Resource routes (the JSON API, webhooks) have no browser code, so their client chunks are empty by
      // design; Rollup's "Generated an empty chunk" line for each of them only alarms a newcomer.
      // Likewise the notice that a module loaded on demand in the browser (the host forms' rules) is also
      // imported statically on the server, where splitting it would gain nothing.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE') return;
        if (warning.plugin === 'vite:reporter' && /dynamic import will not move module/.test(warning.message))
          return;
        warn(warning);
      },
    },
  },
  // date-fns is bundled into the server build (only the functions the app uses): loading the package
  // root at run time pulls in all of its ~250 functions, each a module of its own, and grew the process by ~245 MiB at start.
  ssr: { noExternal: ['date-fns'] },
  optimizeDeps: { include: ['@shopify/app-bridge-react', '@shopify/polaris'] },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
      'server/**/*.test.ts',
      'extensions/**/*.test.ts',
      'prisma/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
}));
