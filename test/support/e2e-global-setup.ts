/**
 * vitest globalSetup, once per run, before any test file:
 *
 * - Says which browser the end-to-end tests use (e2e-paths.ts finds Chromium or Chrome, or takes
 *   PODIUM_BROWSER), and whether poppler-utils is there for the printing tests.
 * - Under `CI=true` a missing browser or poppler fails the run here, in words, instead of letting
 *   those tests skip; so does a PODIUM_BROWSER that names no file, anywhere.
 * - Builds the renderer once (into a temp folder) for every end-to-end file, instead of each file
 *   building its own — so `npm test` on a fresh clone needs no `npm run build` first, and several
 *   e2e files never race writing the same folder. A failed build does not stop the unit tests: the
 *   e2e files report it (test/support/e2e.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRenderer } from '../../electron/tools/build.js';
import { BROWSER, missingPopplerTools, toolReport } from './e2e-paths.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const report = toolReport(BROWSER, missingPopplerTools());
  for (const note of report.notes) console.log(`podium tests: ${note}`);
  if (report.failure) throw new Error(report.failure);
  for (const warning of report.warnings) console.warn(`podium tests: ${warning}`);
  if (!('found' in BROWSER)) return undefined;
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
