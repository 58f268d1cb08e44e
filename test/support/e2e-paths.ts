/** Where the end-to-end tests find Chromium and put their screenshots (no imports: globalSetup reads it too). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium (`apt-get install -y chromium`, as .ci/run does); Playwright never downloads one. */
export const CHROMIUM = '/usr/bin/chromium';

export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e', 'screenshots');
