/** Where things are, from any test file. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The hand-computed transcript cases shared with the other Podium implementations: the project's own
 * copy (test/fixtures/conformance), so a clone alone passes; `test/core/conformance.test.ts` checks
 * it still matches ../shared/conformance/cases when that folder is beside the clone.
 */
export const conformanceCasesDir = path.resolve(repoRoot, 'test/fixtures/conformance');
export const sharedConformanceCasesDir = path.resolve(repoRoot, '../shared/conformance/cases');
