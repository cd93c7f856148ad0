// Production server: Express serves the built Remix app. Built assets are fetched cross-origin by
// storefront pages (they live on the shop's domain, the assets on ours), so /assets carries CORS headers.
import { createRequestHandler } from '@remix-run/express';
import express from 'express';
import { bodyLimitErrors, limitBody } from './scripts/limit-body.mjs';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '0.0.0.0';

const buildDir = process.env.REMIX_BUILD_DIR ?? 'build';
const build = await import(`./${buildDir}/server/index.js`);
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
// Bodies over 64 KB are refused before they are read (scripts/limit-body.mjs).
app.use(limitBody());
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));
app.use(bodyLimitErrors);

app.listen(port, host, () => {
  console.log(`Group Order app listening on http://localhost:${port}`);
});
