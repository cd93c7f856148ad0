// Production server: Express serves the built Remix app. Built assets are fetched cross-origin by
// storefront pages (they live on the shop's domain, the assets on ours), so /assets carries CORS headers.
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { isStorefrontPath, storefrontHeaders, withSafeStorefrontErrors } from './server-safety.mjs';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '0.0.0.0';

const buildDir = process.env.REMIX_BUILD_DIR ?? 'build';
const build = withSafeStorefrontErrors(await import(`./${buildDir}/server/index.js`));
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', true);

app.use(
  '/assets',
  (_req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  },
  express.static(`${buildDir}/client/assets`, { immutable: true, maxAge: '1y' }),
);
app.use(express.static(`${buildDir}/client`, { maxAge: '1h' }));
app.get('/healthz', (_req, res) => res.type('text/plain').send('ok'));
// Storefront pages and the storefront API are answered in production mode whatever NODE_ENV says:
// shoppers never see error messages, stack traces or file paths (they are logged instead).
const storefrontHandler = createRequestHandler({ build, mode: 'production' });
const appHandler = createRequestHandler({ build, mode: process.env.NODE_ENV });
app.use(storefrontHeaders);
app.all('*', (req, res, next) =>
  (isStorefrontPath(req.path) ? storefrontHandler : appHandler)(req, res, next),
);

app.listen(port, host, () => {
  console.log(`Group Order app listening on http://localhost:${port}`);
});
