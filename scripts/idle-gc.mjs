// Gives memory back once the server goes quiet (server.mjs). Under a burst V8 grows its heap to keep up
// with the allocation rate and keeps the growth long after the burst ends. With --expose-gc
// (SERVER_NODE_FLAGS in scripts/prepare.mjs, `npm run serve`), a full collection when no request has
// been in flight for QUIET_MS returns it. It runs only after traffic, only when the heap holds at least
// SLACK_BYTES it does not use or the process has grown by SLACK_BYTES since the last collection, and
// never while a request is being answered; while it stays quiet and there is still room to give back,
// it collects again every QUIET_MS, at most MAX_COLLECTIONS times per burst.
//
// What must stay true:
// - The collection is V8's "last resort" one (memory-reducing, as under memory pressure), not a plain
//   gc(): V8 13 (Node 24) keeps the heap pages a collection frees in a pool, still resident, and only
//   the last-resort collection releases that pool (a plain gc() and V8's own memory reducer shrink
//   heapTotal but leave the pool in RSS).
// - QUIET_MS stays long enough that lulls within a rush (the next office's orders, a host chasing the
//   last guests) do not trigger it: a full collection on an idle server throws away the request path's
//   optimized code (its object shapes die with no request alive), and the next burst runs slower until
//   V8 has compiled it again. Until the server has really gone quiet the process stays at its
//   high-water mark, which the page path no longer inflates (app/lib/streamDocument.server.ts).
// The measurements behind both: docs/decisions/2026-11-24-server-heap-flags-and-idle-collector.md.

import { getHeapStatistics } from 'node:v8';

export const QUIET_MS = 30_000;
export const SLACK_BYTES = 32 * 1024 * 1024;
export const MAX_COLLECTIONS = 6;
const CHECK_MS = 500;

/** A full, memory-reducing collection that also releases V8's pool of free pages. */
const lastResortGc = (gc) => () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });

/**
 * Express middleware that counts requests in flight; with a `gc` function (globalThis.gc under
 * --expose-gc) it also collects once after each burst. Returns the middleware and a stop function.
 */
export function idleHeapCollector({
  gc = globalThis.gc,
  quietMs = QUIET_MS,
  slackBytes = SLACK_BYTES,
  heap = getHeapStatistics,
  rss = process.memoryUsage.rss,
  now = Date.now,
} = {}) {
  let inFlight = 0;
  let lastDone = now();
  /** Collections still owed since the last traffic. */
  let owed = 0;
  /** RSS just after the last collection (none yet: the first burst is always collected after). */
  let rssAfterCollection = 0;
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
  const collect = lastResortGc(gc);
  const timer = setInterval(() => {
    if (owed === 0 || inFlight > 0 || now() - lastDone < quietMs) return;
    lastDone = now();
    const { total_heap_size: total, used_heap_size: used } = heap();
    // Pooled pages are outside total_heap_size, so growth of the process counts as room too.
    if (total - used < slackBytes && rss() - rssAfterCollection < slackBytes) {
      owed = 0;
      return;
    }
    owed -= 1;
    collect();
    rssAfterCollection = rss();
  }, CHECK_MS);
  timer.unref();
  return { track, stop: () => clearInterval(timer) };
}
