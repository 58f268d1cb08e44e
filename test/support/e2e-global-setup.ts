/**
 * vitest globalSetup: the renderer is built once per test run (into a temp folder) for every
 * end-to-end file, instead of each file building its own — so `npm test` on a fresh clone needs no
 * `npm run build` first, and several e2e files never race writing the same folder. Skipped where
 * Debian's Chromium is missing (the e2e files skip too). A failed build does not stop the unit tests:
 * the e2e files report it (test/support/e2e.ts).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRenderer } from '../../scripts/build.js';
import { CHROMIUM } from './e2e-paths.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-e2e-renderer-'));
  try {
    await buildRenderer(dir);
    project.provide('e2eRenderer', { dir });
  } catch (error) {
    project.provide('e2eRenderer', { error: error instanceof Error ? error.message : String(error) });
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The renderer built for this run's e2e tests, or why it could not be built. */
    e2eRenderer: { dir: string } | { error: string };
  }
}
