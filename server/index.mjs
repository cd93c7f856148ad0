// `npm run serve`: the production server (server/app.mjs), as one process, or with WEB_CONCURRENCY as
// that many processes sharing the port (server/workers.mjs).
import cluster from 'node:cluster';
import { runWorkers, workerCount } from './workers.mjs';

const processes = workerCount(process.env.WEB_CONCURRENCY);
if (cluster.isPrimary && processes > 1) runWorkers(processes);
else await import('./app.mjs');
