/**
 * The entry of `npm run cli -- ...` (tsx electron/host/cli.ts): process values in, exit code out.
 * The commands are core/cli/commands/ (one file each, pure); this host-side entry gives them the
 * argument parser (cli/args.ts, `node:util` parseArgs), files (cli/file-io.ts), the journal store
 * for `.podium` saves and the PDF renderer, so core never imports the host or Node.
 */
import { performance } from 'node:perf_hooks';
import type { CliIo } from '../../core/cli/io.js';
import { fileIo } from './cli/file-io.js';
import { runCliAsync } from './cli/run.js';

// `podium standings big.json | head` closes the pipe early: that is not an error worth a trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const argv = process.argv.slice(2);
// `print` renders with the host's print renderer (pdfmake, fonts from assets/): loaded only for
// `print`, so the other commands start without it and core's static imports stay pure.
const printIo: Partial<CliIo> = argv[0] === 'print' ? (await import('./print/cli-io.js')).printIo : {};
// `.podium` event saves: read (verified, never changed) and written by the host's event store.
const { saveIo } = await import('./save-cli-io.js');

process.exitCode = await runCliAsync(argv, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  ...fileIo,
  now: () => performance.now(),
  ...saveIo,
  ...printIo,
});
