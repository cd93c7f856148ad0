import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

/** A TCP port on 127.0.0.1 that was free a moment ago (bound, read and released). */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Runs Node scripts for a test file, each with a free port in PORT (and `env`), its output collected;
 * any still running when a test ends is killed (SIGKILL), so a failed test leaves no server behind.
 */
export function nodeScripts() {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });
  return async function run(file: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, [file], {
      env: { ...process.env, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return { child, port, output: () => output };
  };
}

/**
 * Writes each file of `files` (name → text; a text may name another file by its path, given as a
 * function of the folder) into a new temporary folder, removed once the test file is done; their paths.
 */
export function scratchFiles<Name extends string>(
  prefix: string,
  files: Record<Name, (paths: Record<Name, string>) => string>,
) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = Object.keys(files) as Name[];
  const paths = Object.fromEntries(names.map((name) => [name, path.join(dir, name)])) as Record<Name, string>;
  for (const name of names) writeFileSync(paths[name], files[name](paths));
  return paths;
}
