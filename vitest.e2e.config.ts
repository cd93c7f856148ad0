import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium through the local Shopify simulator, one app instance for the run.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    retry: 0,
  },
});
