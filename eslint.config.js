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
      'import-x/resolver-next': [createNodeResolver()],
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
    files: [...TEST_FILES, 'test/**', 'scripts/**', 'e2e/**'],
    // Test helpers named use* are Vitest lifecycle helpers, not React hooks.
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
