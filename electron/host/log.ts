/**
 * The support log: what a scorekeeper sends with a support request. The host
 * writes it in the station folder, `logs/podium.log`, one JSON object a line (pino): start-up,
 * opened saves and their notices, refused connections and requests and why, errors with their
 * stacks. Never the station key; of an event, its save's path and name and the words of a
 * refusal (which may name a player), never its results.
 *
 * - Rotation (log-file.ts): at 1 MB `podium.log` becomes `podium.1.log`, and so on; 4 files are
 *   kept in all. After a restart the host goes on appending to `podium.log`.
 * - The event loop never waits for the disk: pino formats the line, log-file.ts appends it
 *   asynchronously. (Not a pino transport in a worker thread: the desktop app is one esbuild bundle
 *   with no node_modules beside it, and a transport loads its module by name in the worker.
 *   pino-roll, tried first as a plain stream, rotates only when its stream goes idle, so a busy
 *   host could run far past the cap.)
 * - The terminal output of browser mode and of the command line is their interface, not logging:
 *   it stays on stdout/stderr (browser mode copies the meaningful lines here too).
 */
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { RotatingFile } from './log-file.js';

/** The support log's folder inside a station folder. */
export function supportLogDir(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

/** The current support log file of a station folder. */
export function supportLogFile(dataDir: string): string {
  return path.join(supportLogDir(dataDir), 'podium.log');
}

export interface SupportLogOptions {
  /** How this host names itself in the start-up line ("browser mode", "the desktop app"). */
  mode?: string;
  /** A file's cap in bytes before the next is started (default 1 MiB). */
  maxBytes?: number;
  /** Files kept in all, the current one included (default 4; at least 2). */
  files?: number;
  /** Told once if the log cannot be written (default: one line on stderr). */
  onFailure?: (error: Error) => void;
}

/** Extra facts for a line: plain JSON values (never event data or the station key). */
export type LogFields = Record<string, unknown>;

export interface SupportLog {
  /** The current file (logs/podium.log in the station folder); older ones are podium.1.log, … */
  readonly file: string;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  /** An error, with its stack (and its cause's) when `error` is an Error. */
  error(message: string, error?: unknown, fields?: LogFields): void;
  /** Resolves once everything logged so far is in the file. */
  flush(): Promise<void>;
  /** Whatever is waiting, written now (a crashing process's last words). */
  flushSync(): void;
  /** Flush and close the file. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_FILES = 4;

/** Open the support log of the station folder `dataDir`, and write the start-up line. */
export function openSupportLog(dataDir: string, options: SupportLogOptions = {}): SupportLog {
  const dir = supportLogDir(dataDir);
  let failed = false;
  const onFailure = options.onFailure ?? ((error: Error) => void process.stderr.write(`podium: the support log in ${dir} cannot be written: ${error.message}\n`));
  const file = new RotatingFile({
    dir,
    name: 'podium.log',
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    files: options.files ?? DEFAULT_FILES,
    onError: (error) => {
      if (failed) return;
      failed = true;
      onFailure(error);
    },
  });
  const logger: Logger = pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => file.write(line) },
  );
  const log: SupportLog = {
    file: file.file,
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, error, fields) => logger.error({ ...fields, ...(error === undefined ? {} : { err: error instanceof Error ? error : { message: String(error) } }) }, message),
    flush: () => file.flush(),
    flushSync: () => file.flushSync(),
    close: () => {
      watched.delete(log);
      return file.close();
    },
  };
  log.info('Podium started', {
    mode: options.mode ?? 'Podium',
    node: process.versions.node,
    ...(process.versions.electron ? { electron: process.versions.electron } : {}),
    platform: `${process.platform} ${process.arch}`,
    stationFolder: dataDir,
  });
  return log;
}

/** The logs that hear about errors nobody caught (logProcessFailures), until they close. */
const watched = new Set<SupportLog>();
let watching = false;

/**
 * Errors nobody caught, logged with their stacks before the process ends as Node ends it (a
 * monitor changes nothing about the crash itself), and the last lines written at exit. The process
 * handlers are installed once; a log hears them until it is closed.
 */
export function logProcessFailures(log: SupportLog): void {
  watched.add(log);
  if (watching) return;
  watching = true;
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    for (const each of watched) {
      each.error(origin === 'unhandledRejection' ? 'A promise was rejected and nothing handled it' : 'An error nobody caught stopped Podium', error);
      each.flushSync();
    }
  });
  process.on('exit', () => {
    for (const each of watched) each.flushSync();
  });
}

/** A log that writes nowhere (hosts assembled without one: tests, tools). */
export const noSupportLog: SupportLog = {
  file: '',
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  flush: async () => undefined,
  flushSync: () => undefined,
  close: async () => undefined,
};
