import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { nodeScripts, scratchFiles } from '../test/support/childProcesses';
import { workerCount } from './workers.mjs';

// server/workers.mjs with real processes: a primary that runs a small HTTP server as its workers, each
// answering with its process id, so the test sees which process served each connection.

const { 'primary.mjs': primaryFile } = scratchFiles('workers-', {
  'worker.mjs': () => `import http from 'node:http';
if (process.env.FAIL_AT_START) process.exit(3);
http.createServer((req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1');
`,
  'primary.mjs': (paths) => `import { runWorkers } from ${JSON.stringify(path.resolve('server/workers.mjs'))};
runWorkers(Number(process.env.COUNT), { exec: ${JSON.stringify(paths['worker.mjs'])}, restartDelayMs: 100 });
`,
});

const runScript = nodeScripts();
const startPrimary = (count: number, env: Record<string, string> = {}) =>
  runScript(primaryFile, { COUNT: String(count), ...env });

/** The id of the process that answers a request on a connection of its own. */
function servedBy(port: number) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, agent: false, timeout: 2000 }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(Number(text)));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 2 s')));
    req.on('error', reject);
  });
}

/**
 * The processes that serve connections on `port`, once `expected` of them answer: the port answers as soon
 * as the first worker listens, so connections are tried until the others have joined (at most 10 s).
 */
async function servers(port: number, expected = 2) {
  const pids = new Set<number>();
  for (let i = 0; i < 100 && pids.size < expected; i++) {
    try {
      for (let t = 0; t < 4; t++) pids.add(await servedBy(port));
    } catch {
      // nothing listens yet
    }
    if (pids.size < expected) await sleep(100);
  }
  if (pids.size === 0) throw new Error(`nothing answered on port ${port}`);
  return pids;
}

const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('workerCount (WEB_CONCURRENCY)', () => {
  it('is one process when unset or empty, one per core for auto, else the number given', () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount(' ')).toBe(1);
    expect(workerCount('auto')).toBe(availableParallelism());
    expect(workerCount('3')).toBe(3);
  });

  it('refuses anything else with a sentence that says what is accepted', () => {
    for (const value of ['0', '-2', '1.5', 'two', '65']) {
      expect(() => workerCount(value)).toThrow(
        `WEB_CONCURRENCY must be a whole number from 1 to 64, or "auto" for one process per core; it is "${value}".`,
      );
    }
  });
});

describe('runWorkers', () => {
  it('serves connections from every worker, in turn', async () => {
    const { child, port, output } = await startPrimary(2);
    const pids = await servers(port);
    expect([...pids].sort()).toEqual(children(child.pid!).sort());
    expect(pids.size).toBe(2);
    expect(output()).toContain(`Group Order app listening on http://localhost:${port} (2 processes)`);
  });

  it('replaces a worker that dies, and the others serve meanwhile', async () => {
    const { child, port, output } = await startPrimary(2);
    const before = await servers(port);
    const [killed, kept] = [...before];
    process.kill(killed, 'SIGKILL');
    const notice = `App process ${killed} stopped (signal SIGKILL); starting another.`;
    for (let i = 0; i < 50 && !output().includes(notice); i++) await sleep(20);
    expect(output()).toContain(notice);
    // Until its replacement listens, the one left serves every connection.
    expect(await servedBy(port)).toBe(kept);
    const after = await servers(port);
    expect(after.has(kept)).toBe(true);
    expect(after.has(killed)).toBe(false);
    expect(after.size).toBe(2);
    expect(children(child.pid!).sort()).toEqual([...after].sort());
  });

  it('starts them all again when every worker dies at once', async () => {
    const { child, port, output } = await startPrimary(2);
    const before = await servers(port);
    expect(before.size).toBe(2);
    for (const pid of before) process.kill(pid, 'SIGKILL');
    const notices = [...before].map(
      (pid) => `App process ${pid} stopped (signal SIGKILL); starting another.`,
    );
    for (let i = 0; i < 100 && !notices.every((n) => output().includes(n)); i++) await sleep(20);
    const after = await servers(port);
    expect(child.exitCode).toBeNull();
    expect(after.size).toBe(2);
    for (const pid of after) expect(before.has(pid)).toBe(false);
  });

  it('stops every worker on SIGTERM and exits with 0', async () => {
    const { child, port } = await startPrimary(2);
    const pids = await servers(port);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('leaves no worker behind when the primary is killed outright', async () => {
    const { child, port } = await startPrimary(2);
    const pids = await servers(port);
    child.kill('SIGKILL');
    for (let i = 0; i < 100 && [...pids].some(alive); i++) await sleep(100);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('exits with 1 when a worker stops before it ever served, instead of starting it again and again', async () => {
    const { child, output } = await startPrimary(2, { FAIL_AT_START: '1' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('An app process stopped before it served (code 3); stopping the others.');
  });
});
