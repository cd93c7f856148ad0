// One instance on every core: with WEB_CONCURRENCY above 1, `npm run serve` (server/index.mjs) runs that
// many processes of the app (node:cluster), which share its port; the cluster's primary only hands them
// connections, in turn. The app keeps no state in memory apart from caches (sessions, rate limits and the
// outbox live in the database), so its processes are as safe together as instances behind a load balancer
// (docs/deploying.md, docs/decisions/2026-11-28-one-process-per-core.md).
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { wholeNumberSetting } from './settings.mjs';

const MOST_WORKERS = 64;

/**
 * How many processes WEB_CONCURRENCY asks for: unset or empty is 1, `auto` one per core, else a whole
 * number from 1 to 64. Anything else is refused with a sentence that says what is accepted.
 * @param {string | undefined} value
 */
export function workerCount(value) {
  if (value?.trim() === 'auto') return availableParallelism();
  return wholeNumberSetting('WEB_CONCURRENCY', value, {
    fallback: 1,
    min: 1,
    max: MOST_WORKERS,
    accepted: `a whole number from 1 to ${MOST_WORKERS}, or "auto" for one process per core`,
  });
}

/**
 * The primary: starts `count` workers and keeps that many running. A worker that stops after it began
 * serving is replaced a second later (a crash is logged, its requests fail, the others go on). One that
 * stops before it ever listened (a missing build, a bad setting) would only fail again: then every worker
 * is stopped and the primary exits with 1. SIGTERM or SIGINT stops the workers, and the primary exits
 * once they are gone.
 * @param {number} count
 * @param {{ exec?: string, restartDelayMs?: number }} [options] exec: the workers' script (default: this process's)
 */
export function runWorkers(count, { exec, restartDelayMs = 1000 } = {}) {
  if (exec) cluster.setupPrimary({ exec });
  let stopping = false;
  const listened = new Set();
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on('listening', (worker, address) => {
    if (listened.size === 0)
      console.log(`Group Order app listening on http://localhost:${address.port} (${count} processes)`);
    listened.add(worker.id);
  });
  cluster.on('exit', (worker, code, signal) => {
    const running = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (running === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listened.has(worker.id)) {
      console.error(`An app process stopped before it served (${how}); stopping the others.`);
      process.exitCode = 1;
      stopAll('SIGTERM');
      if (running === 0) process.exit(1);
      return;
    }
    listened.delete(worker.id);
    console.error(`App process ${worker.process.pid} stopped (${how}); starting another.`);
    setTimeout(() => stopping || cluster.fork(), restartDelayMs);
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stopAll(signal));
  for (let i = 0; i < count; i++) cluster.fork();
}
