// The app process the bench loads: started as `npm start` runs it, and its memory and descriptors.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** What a tsx script of the bench prints, once it exits with 0. */
export function scriptOutput(script: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), [script, ...args], {
      env: { ...process.env, GROUP_ORDER_SKIP_DOTENV: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exit ${code}`))));
  });
}

export async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`Timed out waiting for ${url}`);
}

export function processFigures(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  const fds = readdirSync(`/proc/${child.pid}/fd`).length;
  return { rssMiB: Math.round(rss), fds };
}

/** The process's peak RSS and open descriptors, sampled every 250 ms until stopped. */
export function sampler(child: ChildProcess) {
  const peak = { rssMiB: 0, fds: 0 };
  const timer = setInterval(() => {
    try {
      const now = processFigures(child);
      peak.rssMiB = Math.max(peak.rssMiB, now.rssMiB);
      peak.fds = Math.max(peak.fds, now.fds);
    } catch {
      /* process gone */
    }
  }, 250);
  return { peak, stop: () => clearInterval(timer) };
}
