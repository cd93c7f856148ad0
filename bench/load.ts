// The bench's load generator (autocannon) and the server-CPU meter the page figures are read from.
import { readFileSync } from 'node:fs';
// @ts-expect-error: autocannon ships no type declarations
import autocannon from 'autocannon';
import { signedPath } from './signing.mjs';

export type Load = { connections: number; duration?: number; amount?: number; overallRate?: number };
export type LoadResult = Awaited<ReturnType<typeof run>>;
/** One request autocannon sends, rewritten before each send by `setupRequest`. */
export type CannonRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (req: { path: string; body: string; headers: Record<string, string> }) => unknown;
  onResponse?: (status: number, body: string) => void;
};

/** A client address of its own for request n (reads and confirms are rate-limited per address). */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Percentile q (0..1) of sorted times, to 0.1 ms. */
export const percentile = (sorted: number[], q: number) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);

/** Runs `requests` (in turn, per connection) against `base` and answers rate, latency and errors. */
export async function run(base: string, load: Load, requests: CannonRequest[], seconds = 15) {
  const times: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  // The fields of autocannon's result this report reads.
  type Result = {
    requests: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        requests,
        connections: load.connections,
        ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? seconds }),
        ...(load.overallRate ? { overallRate: load.overallRate } : {}),
        timeout: 30,
      },
      (error: Error | null, value: unknown) => (error ? reject(error) : resolve(value as Result)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      times.push(ms);
      lastAnswer = performance.now();
    });
  });
  times.sort((a, b) => a - b);
  return {
    // autocannon ends a run on its next one-second tick, so its own duration rounds a fixed amount's span
    // up to whole seconds (1,500 pages in 7.1 s read as 188/s); the rate is over the span to the last answer.
    reqPerSec: Math.round(result.requests.total / (Math.max(1, lastAnswer - started) / 1000)),
    mean: +(times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length)).toFixed(2),
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were: connection errors, timeouts, answers other than 2xx.
    errorKinds: { socket: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
  };
}

/**
 * CPU time (user + system, ms) process `pid` and its live child processes (an app of several processes,
 * WEB_CONCURRENCY) have used so far, from /proc (Linux).
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  const ownMs = (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  return children.reduce((sum, child) => sum + childCpuMs(Number(child)), ownMs);
}

/** A child's CPU, or none if it ended between the two reads. */
function childCpuMs(pid: number) {
  try {
    return cpuMs(pid);
  } catch {
    return 0;
  }
}

export type Page = { path: string; query?: Record<string, string> };

/** GETs of a signed storefront page, each from a new client address, compressed as a browser asks. */
export function pageRequest(
  page: Page,
  signing: { shop: string; secret: string },
  next: () => number,
): CannonRequest {
  return {
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-host': signing.shop, 'accept-encoding': 'gzip, br' },
    setupRequest(req) {
      req.path = signedPath(page.path, { ...signing, query: page.query });
      req.headers = { ...req.headers, 'x-forwarded-for': clientAddress(next()) };
      return req;
    },
  };
}

/**
 * A page at 10 connections for `amount` requests, with the server's CPU per request (ms) over the same
 * span: the figure that does not depend on how busy the rest of the machine is.
 */
export async function pageCpu(base: string, pid: number, request: CannonRequest, amount: number) {
  const before = cpuMs(pid);
  const result = await run(base, { connections: 10, amount }, [request]);
  const cpuPerRequest = +((cpuMs(pid) - before) / Math.max(1, result.requests)).toFixed(2);
  return { ...result, cpuMsPerRequest: cpuPerRequest };
}
