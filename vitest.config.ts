import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Property tests and conformance runs pair whole events; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // Once per run: names the browser the end-to-end tests use and checks poppler (under CI=true a
    // missing one fails the run), and builds the renderer for the end-to-end tests in test/e2e.
    globalSetup: ['test/support/e2e-global-setup.ts'],
  },
});
