import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code that runs in production (`npm run serve`, `npm run db:migrate` on each instance): it may import
// only `dependencies`. Everything else (tests, browser tests, bench, the simulator, build and setup
// scripts, configs) may import `devDependencies` too. Type-only imports run nothing and are not checked.
const RUNTIME_FILES = ['app/**', 'server/**', 'scripts/db/migrate.mjs', 'scripts/db/postgres.mjs'];
const TEST_FILES = ['**/*.test.{ts,tsx}'];
// The app's own source, held to the size and shape rules below; tests, browser tests and the simulator
// (a stand-in for Shopify, not the app) are not.
const SOURCE_FILES = ['app/**/*.{ts,tsx}', 'server/**/*.{ts,tsx,js,mjs}'];
const NOT_SOURCE = [...TEST_FILES, 'e2e/**', 'scripts/simulator/**'];
// What app/lib may not import. app/*.server.ts: the database, Shopify, the environment, the routes' helpers.
const NOT_FOR_LIB = [
  './app/*.server.{ts,tsx}',
  './app/models/**',
  './app/routes/**',
  './app/components/**',
  './server/**',
  './server*.mjs',
  './scripts/**',
];
const LIB_MESSAGE = 'app/lib stays pure: move this code out of app/lib, or pass in what it needs.';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      'node_modules/',
      'data/',
      '.shopify/',
      'extensions/**/assets/*.js',
      'public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, shopify: 'readonly' } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      'react/react-in-jsx-scope': 'off',
      'react/prop-types': 'off',
      'react/no-unescaped-entities': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every import is a declared package: never one that only arrives as another package's dependency.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The app's TypeScript modules and the `~/` alias resolve as the compiler resolves them (tsconfig.json)
      // and are parsed as TypeScript, so the rules that follow imports (no-cycle, no-restricted-paths)
      // see the app's own modules.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.node'],
          // An absolute path: with a relative one, aliased imports resolve to relative paths.
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
      // Not packages: `~/…` is the app's own folder (tsconfig paths); `.prisma/…` is the Prisma client
      // our own `npm run db:generate` writes into node_modules (as @prisma/client does for `.prisma/client`).
      'import-x/internal-regex': '^(~/|\\.prisma/)',
    },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: true, optionalDependencies: false, peerDependencies: false },
      ],
    },
  },
  {
    // No import loop in the app: a module that needs another's code sits below it, never beside it.
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: RUNTIME_FILES,
    ignores: TEST_FILES,
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, optionalDependencies: false, peerDependencies: false },
      ],
    },
  },
  {
    // app/lib is pure: rules, texts and shapes any layer may use, with no database, no request handling
    // and no server runtime behind them. What reads the database or answers requests lives in app/models,
    // beside the routes (app/*.server.ts) or in server/.
    files: ['app/lib/**'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './app/lib/**', from: NOT_FOR_LIB, message: LIB_MESSAGE }],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            // Row types describe data, so a type-only import is allowed; the client itself is the database.
            {
              name: '@prisma/client',
              allowTypeImports: true,
              message: 'app/lib does not reach the database.',
            },
          ],
          patterns: [
            {
              group: [
                '@prisma/adapter-*',
                '@prisma/client/*',
                '.prisma/*',
                'pg',
                'libsql',
                '@libsql/*',
                'kysely',
                'kysely/*',
              ],
              message: 'app/lib does not reach the database.',
            },
            {
              group: [
                '@remix-run/node',
                '@remix-run/server-runtime',
                '@remix-run/express',
                '@shopify/shopify-app-remix',
                '@shopify/shopify-app-remix/*',
              ],
              message: 'app/lib holds no request handling: put it beside the routes (app/*.server.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // No source file over 300 lines, no function over ~80, no import loop
    // (docs/decisions/2026-11-26-layers-and-size-rules.md).
    files: SOURCE_FILES,
    ignores: NOT_SOURCE,
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: [...TEST_FILES, 'test/**', 'scripts/**', 'e2e/**'],
    // Test helpers named use* are Vitest lifecycle helpers, not React hooks.
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
