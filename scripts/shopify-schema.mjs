// @ts-check
// Shopify's own Admin GraphQL schema for the app's API version (docs/design.md, section 1).
//
// Shopify publishes it, as an introspection result, inside the npm package @shopify/dev-mcp. That package is
// NOT a dependency (it would pull React Router 7, zod 4 and more into the tree): `ensureAdminSchema()` packs
// the pinned version with `npm pack`, takes the one file out of the tarball, checks its digest and keeps it in
// the git-ignored `.cache/shopify-schema/`. It runs on demand (`npm run setup`, the test setup, the
// simulator) and does nothing when the file is already there. `node scripts/shopify-schema.mjs` runs it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema } from 'graphql';

/** The Admin API version the app calls (ApiVersion.October26 in app/shopify.server.ts). */
export const ADMIN_API_VERSION = '2026-10';
const PACKAGE = '@shopify/dev-mcp@1.16.0';
const FILE_IN_PACKAGE = `package/dist/data/admin_${ADMIN_API_VERSION}.json.gz`;
/** sha256 of that file in that package version: a changed download is refused, not used. */
const SHA256 = 'f3b522f264556925eada700e795e4a002a9cba83444ebcc6c0d724254a0c6593';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_SCHEMA_FILE = path.join(
  root,
  '.cache',
  'shopify-schema',
  `admin_${ADMIN_API_VERSION}.json.gz`,
);

const sha256 = (/** @type {Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/** Makes sure the schema file is in the cache; returns its path. Idempotent. */
export function ensureAdminSchema() {
  if (existsSync(ADMIN_SCHEMA_FILE)) return ADMIN_SCHEMA_FILE;
  const work = mkdtempSync(path.join(tmpdir(), 'shopify-schema-'));
  try {
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', path.join(work, String(tarball)), '-C', work, FILE_IN_PACKAGE]);
    const extracted = path.join(work, FILE_IN_PACKAGE);
    const digest = sha256(readFileSync(extracted));
    if (digest !== SHA256)
      throw new Error(`${PACKAGE} ${FILE_IN_PACKAGE} has sha256 ${digest}, expected ${SHA256}`);
    mkdirSync(path.dirname(ADMIN_SCHEMA_FILE), { recursive: true });
    // Rename is atomic: a parallel run sees either no file or the whole file.
    renameSync(extracted, ADMIN_SCHEMA_FILE);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return ADMIN_SCHEMA_FILE;
}

/** @type {import('graphql').GraphQLSchema | undefined} */
let schema;

/**
 * Shopify's Admin schema as a graphql-js schema, built once per process (about a quarter of a second).
 * The schema has no resolvers; callers execute with their own `fieldResolver`.
 */
export function loadAdminSchema() {
  if (schema) return schema;
  const json = JSON.parse(gunzipSync(readFileSync(ensureAdminSchema())).toString('utf8'));
  schema = buildClientSchema(json.data ?? json);
  return schema;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = ensureAdminSchema();
  console.log(`Shopify Admin schema ${ADMIN_API_VERSION}: ${path.relative(root, file)}`);
}
