import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { nodeScripts, scratchFiles } from '../test/support/childProcesses';
import { graceMs } from './shutdown.mjs';

// server/shutdown.mjs in real processes: a small HTTP server that answers `/?ms=N` after N ms, stopped by
// a signal while requests are in flight, alone and as the workers of server/workers.mjs.

const { 'server.mjs': serverFile, 'primary.mjs': primaryFile } = scratchFiles('shutdown-', {
  'server.mjs': () => `import http from 'node:http';
import { drainOnStop } from ${JSON.stringify(path.resolve('server/shutdown.mjs'))};
const server = http.createServer((req, res) => {
  const ms = Number(new URL(req.url, 'http://localhost').searchParams.get('ms') ?? 0);
  setTimeout(() => res.end('answered after ' + ms + ' ms'), ms);
});
// Longer than any test: a kept-alive connection is closed by the drain, never by its own timeout.
server.keepAliveTimeout = 60_000;
drainOnStop(server, { grace: Number(process.env.GRACE) });
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`,
  'primary.mjs': (paths) => `import { runWorkers } from ${JSON.stringify(path.resolve('server/workers.mjs'))};
runWorkers(2, { exec: ${JSON.stringify(paths['server.mjs'])} });
`,
});

const runScript = nodeScripts();

/** Runs `file` with GRACE set, once it says it listens (the primary: once both workers do). */
async function start(file: string, grace: number) {
  const script = await runScript(file, { GRACE: String(grace) });
  const listening = file === primaryFile ? 2 : 1;
  for (let i = 0; i < 200 && script.output().split('listening').length <= listening; i++) await sleep(25);
  return script;
}

/** One request on `agent`: its status and body, or the error's code when the connection fails. */
function get(port: number, ms: number, agent: http.Agent | false = false) {
  return new Promise<string>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: `/?ms=${ms}`, agent }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(`${res.statusCode} ${text}`));
        res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('stopping with requests in flight', () => {
  it('answers the requests in flight, refuses new connections, and exits with 0', async () => {
    const { child, port, output } = await start(serverFile, 60_000);
    const slow = get(port, 800);
    await sleep(200);
    child.kill('SIGTERM');
    const exited = once(child, 'exit');
    await sleep(100);
    expect(await get(port, 0)).toBe('ECONNREFUSED');
    expect(await slow).toBe('200 answered after 800 ms');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain(
      'Stopping on SIGTERM: 1 request(s) in flight, waiting up to 60000 ms for them.',
    );
  });

  it('does not wait for idle keep-alive connections, nor keep a busy one after its answer', async () => {
    const { child, port } = await start(serverFile, 60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    // Two connections kept alive: one then idle, the other busy when the signal comes.
    await Promise.all([get(port, 0, agent), get(port, 0, agent)]);
    const busy = get(port, 500, agent);
    await sleep(100);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(await busy).toBe('200 answered after 500 ms');
    agent.destroy();
  });

  it('cuts a request still running after the grace, says so, and exits with 1', async () => {
    const { child, port, output } = await start(serverFile, 300);
    const stuck = get(port, 30_000);
    await sleep(100);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(await stuck).toBe('ECONNRESET');
    expect(output()).toContain('Stopped with 1 request(s) unanswered after 300 ms.');
  });

  it('lets each worker finish its requests when the primary of several processes is stopped', async () => {
    const { child, port } = await start(primaryFile, 60_000);
    // Connections of their own: the primary hands them to the two workers in turn.
    const slow = [get(port, 700), get(port, 700), get(port, 700), get(port, 700)];
    await sleep(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(await Promise.all(slow)).toEqual(Array(4).fill('200 answered after 700 ms'));
  });
});

describe('SHUTDOWN_GRACE_MS', () => {
  it('is 10 s when unset or empty, and takes whole milliseconds up to ten minutes', () => {
    expect(graceMs(undefined)).toBe(10_000);
    expect(graceMs(' ')).toBe(10_000);
    expect(graceMs('0')).toBe(0);
    expect(graceMs('30000')).toBe(30_000);
  });

  it('refuses anything else with a sentence that says what it takes', () => {
    for (const value of ['-1', '1.5', 'ten', '600001'])
      expect(() => graceMs(value)).toThrow(
        `SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000; it is "${value}".`,
      );
  });
});
