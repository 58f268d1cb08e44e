import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Property tests and conformance runs pair whole events; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // The renderer, built once per run for the end-to-end tests in test/e2e (skipped without Chromium).
    globalSetup: ['test/support/e2e-global-setup.ts'],
  },
});
