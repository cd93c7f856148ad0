// The production server's app, as server/index.mjs starts it (`npm run serve`, and `npm start`, the browser
// tests and the benchmark through scripts/prepare.mjs): Express serves the built Remix app. Built assets
// are fetched cross-origin by storefront pages (they live on the shop's domain, the assets on ours), so
// /assets carries CORS headers. Responses are compressed (gzip, or brotli when the client accepts it):
// built assets as the build compressed them, everything else by the `compression` middleware.
import cluster from 'node:cluster';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { directApiRoutes } from './api-routes.mjs';
import { answerUnexpectedErrors } from './errors.mjs';
import { bodyLimitErrors, limitBody } from './limit-body.mjs';
import { drainOnStop, graceMs } from './shutdown.mjs';
import { isStorefrontPath, storefrontHeaders, withSafeStorefrontErrors } from './storefront.mjs';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '0.0.0.0';
const grace = graceMs(process.env.SHUTDOWN_GRACE_MS);

const buildDir = process.env.REMIX_BUILD_DIR ?? 'build';
// Paths are the working directory's, as `npm run serve` runs from the project's root.
const build = withSafeStorefrontErrors(
  await import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href),
);
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', true);
// Nothing here reads req.query (Remix and the direct path read the URL itself): skip parsing it (qs).
app.set('query parser', false);
// First, so every storefront answer carries the safe headers, refusals made before Remix included (a 413
// from limitBody below, a malformed URL, a 500 from the direct path).
app.use(storefrontHeaders);
// Pages and API answers, brotli or gzip (docs/decisions/2026-11-23-compressed-responses.md), brotli at
// quality 4: about half a millisecond of CPU for a 30 KB page, where quality 5 cost about 1.5 ms for
// the same size (docs/decisions/2026-11-27-cheap-dynamic-compression.md). Brotli's window is 256 KB
// (LGWIN 18), not the default 4 MB: each response's encoder allocates its whole window in native memory,
// so the window stays small while pages and API answers are of about its size or smaller.
// Remix's Node adapter calls res.flush() after every chunk it writes, so streamed single-fetch and
// deferred responses still reach the browser chunk by chunk (app/streamDocument.server.ts hands it a
// page's HTML in the pieces one turn of the event loop produced, not in React's 2 KB writes).
app.use(
  compression({
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
    threshold: 1024,
  }),
);

// Built assets: the .br and .gz files the build wrote beside each (vite.config.ts) are sent as they are
// (the middleware above leaves an answer that already has a Content-Encoding alone).
app.use(
  '/assets',
  (_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  },
  expressStaticGzip(`${buildDir}/client/assets`, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    serveStatic: { immutable: true, maxAge: '1y' },
  }),
);
// Files from public/ (the favicon), which the build copies beside the assets: not fingerprinted, so cached
// for an hour rather than for ever. Only their own paths reach the file system: any other request (every
// page) would otherwise cost a stat of a file that is not there.
const publicFiles = readdirSync(`${buildDir}/client`, { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => `/${entry.name}`);
if (publicFiles.length) app.get(publicFiles, express.static(`${buildDir}/client`, { maxAge: '1h' }));
app.get('/healthz', (_req, res) => res.type('text/plain').send('ok'));
// Bodies over 64 KB are refused before they are read (server/limit-body.mjs).
app.use(limitBody());
// Storefront pages and the storefront API are answered in production mode whatever NODE_ENV says:
// shoppers never see error messages, stack traces or file paths (they are logged instead).
// Each request's loaders share a load context: a document's loaders read the shop's settings once between
// them (requestShopSettings, app/models/shop/settings.server.ts).
const getLoadContext = () => ({ shopSettings: new Map() });
const storefrontHandler = createRequestHandler({ build, mode: 'production', getLoadContext });
const appHandler = createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext });
// The storefront API's fixed paths (the guest confirm among them) skip Remix's route matching.
app.use(directApiRoutes(build));
app.all('*', (req, res, next) =>
  (isStorefrontPath(req.path) ? storefrontHandler : appHandler)(req, res, next),
);
app.use(bodyLimitErrors);
app.use(answerUnexpectedErrors);

const server = app.listen(port, host, () => {
  // With several processes the primary says where they listen (server/workers.mjs).
  if (cluster.isPrimary) console.log(`Group Order app listening on http://localhost:${port}`);
});
// A stop signal lets the requests in flight finish before the process exits (server/shutdown.mjs).
drainOnStop(server, { grace });
