/**
 * A real browser-mode host in its own process that can be killed for real and started again on the
 * same port and station folder (the hall-screen restart test, test/e2e/host-restart.test.ts):
 * `node --import tsx restart-host-child.ts DATA_DIR RENDERER_DIR PORT [KEY]`. Without KEY it uses the
 * station key kept in the station folder (station-key.ts), as `npm run start:web` does. It prints
 * browser mode's own lines on stdout ("Reopened the event that was open: …", "… open
 * http://127.0.0.1:PORT/…") and runs until its stdin closes or it is killed.
 */
import { writeSync } from 'node:fs';
import { startBrowserMode } from '../../electron/web.js';

const [dataDir, rendererDir, port, key] = process.argv.slice(2);
if (!dataDir || !rendererDir || port === undefined || !/^\d+$/.test(port)) {
  writeSync(2, 'usage: restart-host-child DATA_DIR RENDERER_DIR PORT [KEY]\n');
  process.exit(2);
}
const mode = await startBrowserMode({ port: Number(port), ...(key ? { key } : {}), dataDir, rendererDir, log: (line) => writeSync(1, `${line}\n`) });
process.stdin.resume();
process.stdin.on('end', () => {
  void mode.close().finally(() => process.exit(0));
});
