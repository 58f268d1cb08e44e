/**
 * The host of venue-proof.test.ts's crash test: a real browser-mode host in its own process, with its
 * venue network's LAN side on the second loopback address (127.0.0.2, never a real LAN address), so
 * the parent can SIGKILL it mid-round and start it again on the same port, station key and station
 * folder: `node --import tsx venue-proof-child.ts DATA_DIR RENDERER_DIR PORT KEY` (PORT 0: any free
 * port). It prints browser mode's own lines on stdout ("… open http://127.0.0.1:PORT/…", "Reopened
 * the event that was open: …") and runs until its stdin closes or it is killed.
 */
import { writeSync } from 'node:fs';
import { startBrowserMode } from '../../electron/web.js';

const [dataDir, rendererDir, port, key] = process.argv.slice(2);
if (!dataDir || !rendererDir || port === undefined || !/^\d+$/.test(port) || !key) {
  writeSync(2, 'usage: venue-proof-child DATA_DIR RENDERER_DIR PORT KEY\n');
  process.exit(2);
}
try {
  const mode = await startBrowserMode({
    port: Number(port),
    key,
    dataDir,
    rendererDir,
    log: (line) => writeSync(1, `${line}\n`),
    venue: { addresses: () => ['127.0.0.2'] },
  });
  process.stdin.resume();
  process.stdin.on('end', () => {
    void mode.close().finally(() => process.exit(0));
  });
} catch (error) {
  writeSync(1, `error ${error instanceof Error ? error.message : String(error)}\n`.replace(/\n(?!$)/g, ' '));
  process.exit(1);
}
