import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  createDatabase,
  dropDatabase,
  migratePostgres,
  migrationFolders,
  postgresLag,
  postgresSchemaText,
  withDatabase,
} from './postgres.mjs';

describe('PostgreSQL schema and migrations', () => {
  it('keep up with prisma/schema.prisma (else: run npm run db:pg:diff)', () => {
    // Fails with the sentence telling which command writes the missing PostgreSQL migration.
    expect(postgresLag(), postgresLag() ?? '').toBeNull();
  });

  it('derive the PostgreSQL schema from the SQLite one: same models, other provider and client', () => {
    const sqlite = readFileSync('prisma/schema.prisma', 'utf8');
    const text = postgresSchemaText(sqlite);
    expect(text).toMatch(/provider\s*=\s*"postgresql"/);
    expect(text).not.toMatch(/provider\s*=\s*"sqlite"/);
    expect(text).toContain('output          = "../../node_modules/.prisma/client-pg"');
    const models = (schema: string) => [...schema.matchAll(/^model (\w+)/gm)].map((m) => m[1]);
    expect(models(text)).toEqual(models(sqlite));
  });

  const testDb = inject('testDb');
  it.skipIf(testDb.kind !== 'postgresql')(
    'apply every migration once when two instances start at the same moment',
    async () => {
      if (testDb.kind !== 'postgresql') return;
      const name = `${testDb.prefix}_mig_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await createDatabase(testDb.adminUrl, name);
      const url = withDatabase(testDb.adminUrl, name);
      try {
        const quiet = { log: () => {} };
        const [first, second] = await Promise.all([migratePostgres(url, quiet), migratePostgres(url, quiet)]);
        // One of them applied everything, the other waited on the lock and found nothing left to do.
        expect([...first, ...second]).toEqual(migrationFolders());
        expect(await migratePostgres(url, quiet)).toEqual([]);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'GroupOrder'`,
        );
        const history = await client.query('SELECT migration_name FROM "_prisma_migrations"');
        await client.end();
        expect(rows[0].n).toBe(1);
        expect(history.rows.map((row) => row.migration_name)).toEqual(migrationFolders());
      } finally {
        await dropDatabase(testDb.adminUrl, name);
      }
    },
  );
});
