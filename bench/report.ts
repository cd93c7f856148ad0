// The bench's table (bench/run.ts writes the same figures to bench/results*.json).
import type { databaseRate } from './database-rate';
import type { LoadResult } from './load';
import type { measurePages } from './pages';
import { RUSH_P95_MS, type rushSearch } from './lunch-rush';
import type { pageWeight } from './weights';

type Saturation = {
  confirm: LoadResult;
  appFloor: LoadResult;
  database: Awaited<ReturnType<typeof databaseRate>>;
  confirmPercentOfAppFloor: number;
  confirmPercentOfDatabase: number;
};
type Figures = { rssMiB: number; fds: number };
type Rush = Awaited<ReturnType<typeof rushSearch>>;
export type Results = {
  when: string;
  database: string;
  quick: boolean;
  confirmAt50PerSecond: LoadResult;
  confirmSaturation: Record<string, Saturation>;
  confirmMsByOrderSize: Record<string, number>;
  ssr: Awaited<ReturnType<typeof measurePages>>;
  lunchRush: Rush;
  /** The same rush on two processes: one instance of two on SQLite, two instances on PostgreSQL. */
  lunchRushTwoProcesses: Rush;
  /** The pages of `ssr` on one instance of two processes (WEB_CONCURRENCY=2); CPU sums both and the primary. */
  ssrTwoProcesses: Awaited<ReturnType<typeof measurePages>>;
  pages: Record<string, Awaited<ReturnType<typeof pageWeight>>>;
  appProcess: { atStart: Figures; peak: Figures; afterLoad: Figures; after60s: Figures };
  dashboard: { cases: Record<string, { median: number; p95: number }> };
};

const pad = (value: unknown, width: number) => String(value).padStart(width);
const row = (label: string, ...cells: unknown[]) =>
  console.log(`${label.padEnd(44)}${cells.map((c) => pad(c, 12)).join('')}`);

function printRush(rush: Rush) {
  const instances =
    (rush.instances === 1 ? 'one instance' : `${rush.instances} instances`) +
    (rush.processes > rush.instances ? ` of ${rush.processes / rush.instances} processes` : '');
  row('guests/minute', 'guests', 'errors', 'page p50', 'page p95', 'confirm p95', 'CPU/guest');
  for (const s of rush.steps) {
    row(
      `${s.perMinute}${s.sustained ? '' : ' (failed)'}`,
      s.guests,
      s.errors,
      s.pageP50,
      s.pageP95,
      s.confirmP95,
      s.cpuMsPerGuest,
    );
  }
  console.log(
    `   sustained (page p95 ≤ ${RUSH_P95_MS} ms, 0 errors): ${rush.sustainedGuestsPerMinute} guests/minute on ${instances}; ${rush.cpuMsPerGuest} ms of server CPU per guest${rush.processes === 1 ? '' : ' (all processes)'} = ${rush.guestsPerMinutePerCore} guests/minute per core`,
  );
}

function printPages(pages: Results['ssr'], indent: string) {
  for (const [name, r] of Object.entries(pages)) {
    // The 404 page answers 404 by design: its "errors" are its answers.
    const errors = name === 'notFound' ? '-' : r.errors;
    row(`${indent}${name}`, r.cpuMsPerRequest, r.ofNotFound, r.reqPerSec, r.p50, r.p95, errors);
  }
}

export function printReport(results: Results, sizes: readonly number[], resultsFile: string) {
  const onPostgres = results.database === 'postgresql';
  console.log(
    `\nGroup Order benchmark (${results.database}${results.quick ? ', quick' : ''}) — ${results.when}`,
  );
  console.log('\n1-2. Guest confirm, 3-item cart, through the signed app-proxy path');
  row('', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors');
  const rate = results.confirmAt50PerSecond;
  row('offered 50/s — confirm', rate.reqPerSec, rate.p50, rate.p95, rate.p99, rate.errors);
  for (const [connections, s] of Object.entries(results.confirmSaturation)) {
    const c = s.confirm;
    row(`${connections} conn. — confirm`, c.reqPerSec, c.p50, c.p95, c.p99, c.errors);
    const f = s.appFloor;
    row(`${connections} conn. — app floor (signed ping)`, f.reqPerSec, f.p50, f.p95, f.p99, f.errors);
    const d = s.database;
    row(`${connections} conn. — database's own rate`, d.reqPerSec, d.p50, d.p95, d.p99, d.errors);
    console.log(
      `   ${connections} connections: confirm = ${s.confirmPercentOfAppFloor} % of the app floor, ${s.confirmPercentOfDatabase} % of the database's own rate`,
    );
  }
  console.log('\n3. Confirm latency by items already in the order (mean ms per request, one at a time)');
  const bySize = results.confirmMsByOrderSize;
  const ratio = Object.keys(bySize).find((key) => key.startsWith('ratio'))!;
  row('', ...sizes.map(String), 'ratio');
  row('app', ...sizes.map((size) => bySize[size]), bySize[ratio]);
  console.log(
    '\n4. SSR pages at 10 connections, server CPU per request (× the plain 404 page of the same run)',
  );
  row('', 'CPU ms', '× 404', 'req/s', 'p50 ms', 'p95 ms', 'errors');
  printPages(results.ssr, '');
  console.log(
    '   The same on one instance of two processes (WEB_CONCURRENCY=2), as a 2-core machine runs it:',
  );
  printPages(results.ssrTwoProcesses, '   ');
  console.log(
    onPostgres
      ? '   Admin dashboard loader: measured on SQLite only (bench/dashboard.ts; see the SQLite run)'
      : '   Admin dashboard loader (in-process), 10,000 orders / 100,000 items',
  );
  for (const [name, s] of Object.entries(results.dashboard.cases)) {
    row(`   ${name}`.slice(0, 44), `${s.median.toFixed(1)} med`, `${s.p95.toFixed(1)} p95`);
  }
  const rush = results.lunchRush;
  console.log(
    `\n4b. Lunch rush: ${rush.shops} shops, guests in bursts every second, join → menu → review → confirm → confirmed`,
  );
  printRush(rush);
  const two = results.lunchRushTwoProcesses;
  console.log(
    two.instances === 1
      ? '   The same on one instance of two processes (WEB_CONCURRENCY=2), which take connections in turn:'
      : '   The same with two instances on the database, the guests alternately on each:',
  );
  printRush(two);
  console.log('\n5. Storefront pages: JS and CSS on first load, the HTML, and the words (once per browser)');
  row(
    '',
    'status',
    'JS KB',
    'JS gz KB',
    'CSS gz KB',
    'HTML gz KB',
    'words gz KB',
    'HTML enc.',
    'assets enc.',
  );
  // assets enc.: compressed / assets of 1 KB or more
  for (const [name, w] of Object.entries(results.pages)) {
    const { jsKB, jsGzKB, cssGzKB, htmlGzKB, wordsGzKB } = w;
    row(name, w.status, jsKB, jsGzKB, cssGzKB, htmlGzKB, wordsGzKB, w.htmlCompressed, w.assetsCompressed);
  }
  console.log('\n6. App process');
  const p = results.appProcess;
  row('', 'RSS MiB', 'open fds');
  row('at start', p.atStart.rssMiB, p.atStart.fds);
  row('peak under load', p.peak.rssMiB, p.peak.fds);
  row('after load', p.afterLoad.rssMiB, p.afterLoad.fds);
  row('60 s later', p.after60s.rssMiB, p.after60s.fds);
  console.log(`\nWritten to ${resultsFile}`);
}
