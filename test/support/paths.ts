/** Where things are, from any test file. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The hand-computed transcript cases shared with the other Podium implementations. */
export const conformanceCasesDir = path.resolve(repoRoot, '../shared/conformance/cases');
