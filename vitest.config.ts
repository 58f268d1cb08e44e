import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The suites that take most of `npm test`'s time: end-to-end runs in Chromium, property tests over
 * random events, child processes killed or started (crash, save lock, start, the command line),
 * fuzzing, big saves and PDFs. `npm run test:fast` runs everything else (a developer's loop:
 * about four minutes on the 2-core machine); `npm test` runs both.
 */
const SLOW = [
  'test/e2e/**/*.test.ts',
  'test/**/*-properties.test.ts',
  'test/core/pod-policies.test.ts',
  'test/core/transcript-roundtrip.test.ts',
  'test/core/first-seat.test.ts',
  'test/core/conformance*.test.ts',
  'test/cli/**/*.test.ts',
  'test/electron/**/*.test.ts',
  'test/host/crash.test.ts',
  'test/host/fuzz.test.ts',
  'test/host/journal-open-speed.test.ts',
  'test/host/save-lock.test.ts',
  'test/host/start.test.ts',
  'test/host/build-swap.test.ts',
  'test/host/venue-proof.test.ts',
  'test/host/send-buffer.test.ts',
  'test/host/lan-flood.test.ts',
  'test/host/last-open.test.ts',
  'test/host/print-*.test.ts',
  'test/renderer/round-loop.test.tsx',
  'test/renderer/start.test.tsx',
  // They mock a module (vi.mock), which a shared module cache would leak to other files.
  'test/core/pods-playoffs.test.ts',
  'test/core/pods-standings.test.ts',
];
const ALL = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    // Property tests and conformance runs pair whole events; give them room on a 2-core machine.
    testTimeout: 120_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one on the 2-core CI machine,
    // where much of a test's time is spent waiting on a browser, a child process or a socket. Two at
    // least keeps both cores busy (npm test under 15 minutes there).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The fast suites share each worker's modules (no re-import per file): most of their time was imports.
      { extends: true, test: { name: 'fast', include: ALL, exclude: SLOW, isolate: false } },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          // Once per run: names the browser the end-to-end tests use and checks poppler (under
          // CI=true a missing one fails the run), and builds the renderer for test/e2e.
          globalSetup: ['test/support/e2e-global-setup.ts'],
        },
      },
    ],
  },
});
