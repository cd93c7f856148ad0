// Stopping without dropping a request: when the platform asks an app process to stop (SIGTERM on a deploy
// or a scale-down, SIGINT from a terminal), it stops accepting connections, lets the requests already in
// flight finish (a guest's confirm half-way through its transaction, a page half-rendered), and exits once
// they have. Idle keep-alive connections are closed at once (Node's server.close() does so since Node 19),
// and a connection that carried a request is closed once its answer is sent. A request still unanswered
// after SHUTDOWN_GRACE_MS is cut, and the process exits with 1 and says so
// (docs/decisions/2026-11-29-stopping-without-dropping-requests.md).

import { wholeNumberSetting } from './settings.mjs';

const DEFAULT_GRACE_MS = 10_000;
const LONGEST_GRACE_MS = 600_000;

/**
 * How long SHUTDOWN_GRACE_MS lets requests in flight run after a stop signal: unset or empty is 10 s, else
 * a whole number of milliseconds from 0 to 600,000. Anything else is refused with a sentence that says what
 * is accepted.
 * @param {string | undefined} value
 */
export function graceMs(value) {
  return wholeNumberSetting('SHUTDOWN_GRACE_MS', value, {
    fallback: DEFAULT_GRACE_MS,
    min: 0,
    max: LONGEST_GRACE_MS,
    accepted: `a whole number of milliseconds from 0 to ${LONGEST_GRACE_MS}`,
  });
}

/**
 * On SIGTERM or SIGINT (the first one; a second is ignored while draining), `server` stops accepting and
 * the process exits with 0 once every request in flight has been answered, or with 1 after `grace` ms.
 * @param {import('node:http').Server} server
 * @param {{ grace: number, log?: (line: string) => void }} options
 */
export function drainOnStop(server, { grace, log = console.error }) {
  let inFlight = 0;
  let stopping = false;
  server.on('request', (_req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      // Once stopping, a keep-alive connection is closed as soon as its answer is sent.
      if (stopping) server.closeIdleConnections();
    });
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log(`Stopping on ${signal}: ${inFlight} request(s) in flight, waiting up to ${grace} ms for them.`);
    server.close(() => process.exit(0));
    setTimeout(() => {
      log(`Stopped with ${inFlight} request(s) unanswered after ${grace} ms.`);
      server.closeAllConnections();
      process.exit(1);
    }, grace).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stop);
}
