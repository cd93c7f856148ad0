import { readFileSync } from 'node:fs';
import { parseEnv as parseDotEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

const valid = {
  SHOPIFY_API_KEY: 'key',
  SHOPIFY_API_SECRET: 'secret',
  SHOPIFY_APP_URL: 'https://app.example.com',
};

describe('environment parsing at start-up', () => {
  it('accepts a complete environment and fills defaults', () => {
    const env = parseEnv(valid);
    expect(env.DATABASE_URL).toBe('file:./data/group-order.sqlite');
    expect(env.SCOPES).toContain('write_draft_orders');
  });

  it('names a missing variable', () => {
    expect(() => parseEnv({ ...valid, SHOPIFY_API_SECRET: '' })).toThrow(/SHOPIFY_API_SECRET/);
  });

  it('names a malformed variable', () => {
    expect(() => parseEnv({ ...valid, SHOPIFY_APP_URL: 'not a url' })).toThrow(
      /SHOPIFY_APP_URL: must be the absolute URL/,
    );
    expect(() => parseEnv({ ...valid, SMTP_URL: 'mail server' })).toThrow(/SMTP_URL/);
  });

  it('takes a SQLite file or PostgreSQL, not a remote libSQL server (the query layer has no driver for it)', () => {
    expect(parseEnv({ ...valid, DATABASE_URL: 'postgresql://db.example/app' }).DATABASE_URL).toMatch(
      /^postgresql/,
    );
    expect(() => parseEnv({ ...valid, DATABASE_URL: 'libsql://db.example.turso.io' })).toThrow(
      /DATABASE_URL: must be a SQLite file URL/,
    );
  });

  it('refuses the simulator override in production unless it points at this machine', () => {
    expect(() =>
      parseEnv({ ...valid, NODE_ENV: 'production', SHOPIFY_ADMIN_API_ORIGIN: 'https://admin-proxy.example' }),
    ).toThrow(/SHOPIFY_ADMIN_API_ORIGIN/);
    // npm start: the production build behind the local simulator.
    expect(
      parseEnv({ ...valid, NODE_ENV: 'production', SHOPIFY_ADMIN_API_ORIGIN: 'http://localhost:3000' })
        .SHOPIFY_ADMIN_API_ORIGIN,
    ).toBe('http://localhost:3000');
  });
});

describe('access scopes', () => {
  // The app's default, Shopify's app config, .env.example and the local environment ask for the same scopes;
  // read_locales (the shop's primary language) and read_customers (My Orders) among them.
  const listOf = (text: string) =>
    text
      .split(',')
      .map((scope) => scope.trim())
      .sort();
  it('lists the same scopes everywhere they are named', () => {
    const fromToml = /^scopes = "([^"]+)"/m.exec(readFileSync('shopify.app.toml', 'utf8'))?.[1] ?? '';
    const fromExample = parseDotEnv(readFileSync('.env.example', 'utf8')).SCOPES ?? '';
    const fromLocal = /SCOPES: '([^']+)'/.exec(readFileSync('scripts/local-env.mjs', 'utf8'))?.[1] ?? '';
    const defaults = listOf(parseEnv(valid).SCOPES);
    expect(defaults).toEqual(
      expect.arrayContaining(['read_locales', 'read_customers', 'write_draft_orders']),
    );
    expect({ toml: listOf(fromToml), example: listOf(fromExample), local: listOf(fromLocal) }).toEqual({
      toml: defaults,
      example: defaults,
      local: defaults,
    });
  });
});

describe('.env.example', () => {
  const example = readFileSync('.env.example', 'utf8');
  // Active lines and documented (commented-out) ones both count as listed.
  const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it('lists every variable the app, the server and the scripts read', () => {
    const schemaKeys = [
      ...readFileSync('app/env.server.ts', 'utf8')
        .split('const EnvSchema')[1]
        .split('});')[0]
        .matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm),
    ].map((m) => m[1]);
    expect(schemaKeys).toContain('SHOPIFY_API_SECRET');
    const readers = [
      'server/index.mjs',
      'server/app.mjs',
      'vite.config.ts',
      'prisma.config.ts',
      'prisma/seed.ts',
      'scripts/start.mjs',
      'scripts/local-env.mjs',
      'scripts/prepare.mjs',
      'scripts/simulator/index.mjs',
      'e2e/support.ts',
      'e2e/global-setup.ts',
      'test/global-setup.ts',
      'scripts/db/postgres.mjs',
      'scripts/db/pg-diff.mjs',
      'scripts/db/migrate.mjs',
      'scripts/db/test-postgres.mjs',
    ];
    // GROUP_ORDER_SKIP_DOTENV and TEST_DATABASE are set by the test harnesses themselves, never by a person.
    const internal = new Set(['GROUP_ORDER_SKIP_DOTENV', 'VITEST', 'TEST_DATABASE']);
    const read = readers.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
    );
    const missing = [...new Set([...schemaKeys, ...read])].filter((k) => !listed.has(k) && !internal.has(k));
    expect(missing).toEqual([]);
  });

  it('holds values the app accepts', () => {
    expect(() => parseEnv(parseDotEnv(example))).not.toThrow();
  });
});
