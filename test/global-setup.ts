import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// Migrate once per run into a template file; every test file then works on its own copy
// (test/setup.ts). The folder is per run, so parallel runs on one machine do not collide.
export default function setup(project: TestProject) {
  const dir = path.resolve(`data/test/run-${process.pid}`);
  const template = path.join(dir, 'template.sqlite');
  mkdirSync(dir, { recursive: true });
  execFileSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: `file:${template}` },
    stdio: 'pipe',
  });
  project.provide('testDbDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbDir: string;
  }
}
