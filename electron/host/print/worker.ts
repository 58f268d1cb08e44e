/**
 * The print worker (a worker_threads thread started by print-service.ts): builds the document
 * definition (core/documents) and renders it (render.ts), so the host's event loop — which drives
 * the clock and answers the windows — never waits on a layout of thousands of slips.
 *
 * Messages in: WorkerJob. Out: WorkerReply, the PDF's bytes transferred, not copied.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { buildDocument, type DocDefinition, type DocumentOptions, DOCUMENT_FONT } from '../../../core/documents/index.js';
import { PodiumError } from '../../../core/model/errors.js';
import type { EventState } from '../../../core/model/types.js';
import { renderPdf } from './render.js';

export type WorkerJob = { id: number; fontsDir?: string } & (
  | { kind: 'print'; doc: string; state: EventState; options: DocumentOptions }
  /** Load the modules and fonts and lay out a one-line page, so that the first real print is quick. */
  | { kind: 'warm-up' }
);

export type WorkerReply =
  | { id: number; ok: true; pdf: ArrayBuffer; pages: number; missingCharacters: string[]; threadId: number }
  | { id: number; ok: false; message: string; code?: string };

const port = parentPort;
if (!port) throw new Error('electron/host/print/worker.ts runs as a worker thread (see print-service.ts)');

port.on('message', (job: WorkerJob) => {
  void run(job).then((reply) => {
    if (reply.ok) port.postMessage(reply, [reply.pdf]);
    else port.postMessage(reply);
  });
});

const WARM_UP: DocDefinition = {
  pageSize: 'A4',
  pageOrientation: 'portrait',
  pageMargins: [28, 28, 28, 28],
  info: { title: 'warm-up' },
  content: [{ text: 'Podium', bold: true }, { table: { body: [['Ångström', 'Παπαδόπουλος', 'Шостакович']] }, layout: 'rows' }],
  styles: {},
  defaultStyle: { font: DOCUMENT_FONT },
};

async function run(job: WorkerJob): Promise<WorkerReply> {
  try {
    const definition = job.kind === 'warm-up' ? WARM_UP : buildDocument(job.doc, job.state, job.options);
    const out = await renderPdf(definition, job.fontsDir !== undefined ? { fontsDir: job.fontsDir } : {});
    const pdf = out.pdf.buffer.slice(out.pdf.byteOffset, out.pdf.byteOffset + out.pdf.byteLength) as ArrayBuffer;
    return { id: job.id, ok: true, pdf, pages: out.pages, missingCharacters: out.missingCharacters, threadId };
  } catch (error) {
    if (error instanceof PodiumError) return { id: job.id, ok: false, message: error.message, code: error.code };
    return { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
