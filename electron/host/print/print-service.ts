/**
 * The print service: `print(state, request)` → a PDF (PrintResult of core/api/contract.ts), built
 * and rendered in a worker thread (worker.ts) so that printing a thousand slips never stalls the
 * host's event loop, which drives the clock and answers every window.
 *
 * One worker, started on the first print and kept for the next ones; jobs are queued in order. A
 * worker that crashes fails the jobs it had and is replaced on the next print. While idle the
 * worker is unref'd, so it never keeps a process alive; `close()` ends it.
 *
 * The worker file: from the TypeScript sources (tsx: npm start, npm test, npm run cli) this module
 * is print-service.ts and the worker starts through worker-dev.mjs, which registers tsx in the
 * thread and loads worker.ts; from the built app (electron/tools/build.ts) it is print-worker.cjs beside
 * the main bundle (or worker.js beside a plain tsc compile).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { threadId as mainThreadId, Worker } from 'node:worker_threads';
import type { NetworkStatus, PrintRequest, PrintResult } from '../../../core/api/contract.js';
import { documentFileName, type DocumentOptions, type ExtensionLogEntry } from '../../../core/documents/index.js';
import { PodiumError, type PodiumErrorCode } from '../../../core/model/errors.js';
import type { EventState } from '../../../core/model/types.js';
import { localTimestamp } from './cli-io.js';
import type { WorkerJob, WorkerReply } from './worker.js';

export interface PrintServiceOptions {
  /** The folder with the fonts (default: assets/fonts found above this file). */
  fontsDir?: string;
  /** The time printed on documents (default: local time, "2026-05-01 14:05"). */
  timestamp?: () => string;
  /** The time zone of times printed from the journal, e.g. the penalty report's (default: this machine's). */
  timeZone?: string;
  /**
   * The deck-check and time-extension entries of a round, for the extensions log. Left to the host
   * to wire from core/clock's per-table extensions; without it the log prints blank.
   */
  extensions?: (state: EventState, round: number | undefined) => ExtensionLogEntry[];
  /**
   * The player page's base URL on the venue network ("http://192.168.1.20:8080/"), asked at each
   * print; undefined while the network is off. Slips and pairing boards then carry QR codes to it
   * (core/documents/qr.ts). See `venuePlayerPage`.
   */
  playerPage?: () => string | undefined;
}

/**
 * The `playerPage` option from the venue network (venue-network.ts): its first address while it
 * is on — the address its join codes and the Venue network panel's player-page QR code use.
 */
export function venuePlayerPage(network: { status(): Pick<NetworkStatus, 'on' | 'urls'> } | undefined): () => string | undefined {
  return () => {
    const status = network?.status();
    return status?.on ? status.urls[0] : undefined;
  };
}

/** A PrintResult plus what tests and the host may want to know about the rendering. */
export interface PrintServiceResult extends PrintResult {
  /** The worker thread that rendered the PDF (never the caller's). */
  renderThreadId: number;
  /** Characters of the document the embedded font lacks (printed as empty boxes). */
  missingCharacters: string[];
}

export interface PrintService {
  print(state: EventState, request: PrintRequest): Promise<PrintServiceResult>;
  /**
   * Start the worker and have it load pdfmake and the fonts now (the host calls this at start-up),
   * so that the first print the scorekeeper asks for does not pay for it. Optional: print() starts
   * the worker itself.
   */
  warmUp(): Promise<void>;
  /** The station service's `Printer` shape: (request, { state }) → PrintResult. */
  printer: (request: PrintRequest, context: { state: EventState }) => Promise<PrintResult>;
  close(): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Pending {
  resolve: (reply: WorkerReply & { ok: true }) => void;
  reject: (error: Error) => void;
}

/**
 * Where the worker is: beside this file in the sources (worker.ts, through worker-dev.mjs) or a
 * plain compile (worker.js); beside the bundle in the app (electron/tools/build.ts builds
 * dist/electron/print-worker.cjs next to main.cjs, which holds this code, without import.meta).
 */
function workerEntry(): { file: URL; workerData?: { entry: string } } {
  const here = (import.meta as { url?: string }).url ?? pathToFileURL(__filename).href;
  if (here.endsWith('.ts')) return { file: new URL('./worker-dev.mjs', here), workerData: { entry: new URL('./worker.ts', here).href } };
  const bundled = new URL('./print-worker.cjs', here);
  return { file: existsSync(bundled) ? bundled : new URL('./worker.js', here) };
}

export function createPrintService(options: PrintServiceOptions = {}): PrintService {
  let worker: Worker | undefined;
  let nextId = 1;
  const fonts = options.fontsDir !== undefined ? { fontsDir: options.fontsDir } : {};
  const pending = new Map<number, Pending>();

  const failAll = (error: Error): void => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    if (worker) return worker;
    const entry = workerEntry();
    const w = new Worker(entry.file, entry.workerData ? { workerData: entry.workerData } : {});
    w.on('message', (reply: WorkerReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if (reply.ok) job.resolve(reply);
      else job.reject(reply.code ? new PodiumError(reply.code as PodiumErrorCode, reply.message) : new Error(`printing failed: ${reply.message}`));
    });
    w.on('error', (error) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`the print worker failed: ${error.message}`));
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      if (pending.size > 0) failAll(new Error(`the print worker stopped (exit code ${code})`));
    });
    worker = w;
    return w;
  };

  const render = (job: DistributiveOmit<WorkerJob, 'id'>): Promise<WorkerReply & { ok: true }> =>
    new Promise((resolve, reject) => {
      const w = start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      w.ref();
      const message: WorkerJob = { ...job, id };
      w.postMessage(message);
    });

  const print = async (state: EventState, request: PrintRequest): Promise<PrintServiceResult> => {
    const documentOptions: DocumentOptions = {
      pageSize: request.pageSize ?? 'A4',
      generatedAt: (options.timestamp ?? localTimestamp)(),
      timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(request.round !== undefined ? { round: request.round } : {}),
      ...(request.splitAtLetter !== undefined ? { splitAtLetter: request.splitAtLetter } : {}),
      ...(request.player !== undefined ? { player: request.player } : {}),
    };
    if (request.doc === 'extensions-log' && options.extensions) documentOptions.extensions = options.extensions(state, request.round);
    const playerPage = options.playerPage?.();
    if (playerPage) documentOptions.playerPage = playerPage;
    const reply = await render({ kind: 'print', doc: request.doc, state, options: documentOptions, ...fonts });
    if (reply.threadId === mainThreadId) throw new Error('the print worker answered from the calling thread');
    return {
      pdfBase64: Buffer.from(reply.pdf).toString('base64'),
      pages: reply.pages,
      fileName: documentFileName(request.doc, state, request.round, request.player),
      renderThreadId: reply.threadId,
      missingCharacters: reply.missingCharacters,
    };
  };

  return {
    print,
    async warmUp() {
      await render({ kind: 'warm-up', ...fonts });
    },
    printer: async (request, context) => {
      const { renderThreadId: _thread, missingCharacters: _missing, ...result } = await print(context.state, request);
      return result;
    },
    async close() {
      const w = worker;
      worker = undefined;
      failAll(new Error('the print service was closed'));
      if (w) await w.terminate();
    },
  };
}
