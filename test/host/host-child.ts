/**
 * A real browser-mode host in its own process, for the one-writer tests (save-lock.test.ts):
 * `node --import tsx host-child.ts DATA_DIR RENDERER_DIR`. It prints browser mode's own lines on
 * stdout ("… open http://127.0.0.1:PORT/…") and runs until its stdin closes or it is killed.
 */
import { writeSync } from 'node:fs';
import { startBrowserMode } from '../../electron/web.js';

const [dataDir, rendererDir] = process.argv.slice(2);
if (!dataDir || !rendererDir) {
  writeSync(2, 'usage: host-child DATA_DIR RENDERER_DIR\n');
  process.exit(2);
}
const mode = await startBrowserMode({ port: 0, dataDir, rendererDir, log: (line) => writeSync(1, `${line}\n`) });
process.stdin.resume();
process.stdin.on('end', () => {
  void mode.close().finally(() => process.exit(0));
});
