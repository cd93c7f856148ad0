// Gives memory back once the server goes quiet (server.mjs). Under a burst V8 grows its heap to keep up
// with the allocation rate and, measured here, keeps the growth long after the burst ends (RSS stayed at
// its peak for a minute and more; the live heap was a fraction of it). With --expose-gc
// (SERVER_NODE_FLAGS in scripts/prepare.mjs, `npm run serve`), one full collection when no request has
// been in flight for QUIET_MS returns the unused heap. It runs only after traffic, only when the heap
// holds at least SLACK_BYTES it does not use, and never while a request is being answered. V8 gives
// the heap back a step per collection (measured after SSR load: 187 -> 159 -> ... MB; after confirms
// 138 -> 73 -> 37 MB), so while it stays quiet and the slack is still there, it collects again every
// QUIET_MS, at most MAX_COLLECTIONS times per burst.

import { getHeapStatistics } from 'node:v8';

export const QUIET_MS = 2_000;
export const SLACK_BYTES = 32 * 1024 * 1024;
export const MAX_COLLECTIONS = 6;
const CHECK_MS = 500;

/**
 * Express middleware that counts requests in flight; with a `gc` function (globalThis.gc under
 * --expose-gc) it also collects once after each burst. Returns the middleware and a stop function.
 */
export function idleHeapCollector({
  gc = globalThis.gc,
  quietMs = QUIET_MS,
  slackBytes = SLACK_BYTES,
  heap = getHeapStatistics,
  now = Date.now,
} = {}) {
  let inFlight = 0;
  let lastDone = now();
  /** Collections still owed since the last traffic. */
  let owed = 0;
  const track = (_req, res, next) => {
    inFlight += 1;
    owed = MAX_COLLECTIONS;
    res.once('close', () => {
      inFlight -= 1;
      lastDone = now();
    });
    next();
  };
  if (typeof gc !== 'function') return { track, stop() {} };
  const timer = setInterval(() => {
    if (owed === 0 || inFlight > 0 || now() - lastDone < quietMs) return;
    lastDone = now();
    const { total_heap_size: total, used_heap_size: used } = heap();
    if (total - used < slackBytes) {
      owed = 0;
      return;
    }
    owed -= 1;
    gc();
  }, CHECK_MS);
  timer.unref();
  return { track, stop: () => clearInterval(timer) };
}
