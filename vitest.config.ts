import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Property tests and conformance runs pair whole events; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one on the 2-core CI machine,
    // where much of a test's time is spent waiting on a browser, a child process or a socket. Two at
    // least keeps both cores busy (npm test under 15 minutes there).
    maxWorkers: Math.max(2, availableParallelism()),
    // Once per run: names the browser the end-to-end tests use and checks poppler (under CI=true a
    // missing one fails the run), and builds the renderer for the end-to-end tests in test/e2e.
    globalSetup: ['test/support/e2e-global-setup.ts'],
  },
});
