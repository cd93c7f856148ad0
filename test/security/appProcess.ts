import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The app's routes and outbox worker in a child process on the test's database (crash-app.ts), for the
 * tests that kill it mid-write (crash.test.ts, moneyCrash.test.ts) and start it again.
 */
export function appProcess() {
  let app: ChildProcess | undefined;

  /** Starts the app process on the test's database; resolves with its base URL once it listens. */
  async function startApp(): Promise<string> {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    for (const [key, value] of Object.entries(process.env))
      if (value !== undefined && !key.startsWith('VITEST')) env[key] = value;
    Object.assign(env, { NODE_ENV: 'development', OUTBOX_POLL_MS: '100', PORT: '0' });
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/security/crash-app.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app = child;
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk.toString()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The app did not start: ${errors}`)), 150_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        const port = /ready (\d+)/.exec(chunk.toString())?.[1];
        if (port) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      });
      child.on('exit', (code: number | null) => reject(new Error(`The app exited (${code}): ${errors}`)));
    });
  }

  async function stopApp(signal: NodeJS.Signals) {
    const child = app;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  return { startApp, stopApp };
}
