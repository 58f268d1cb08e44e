/**
 * The print service (electron/host/print/print-service.ts): documents are built and rendered in a
 * worker thread, never on the host's own thread (which drives the clock), and come back as the
 * contract's PrintResult. Tests never time anything: the worker's threadId is the evidence.
 */
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../core/api/contract.js';
import { buildDocument } from '../../core/documents/index.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { createPrintService } from '../../electron/host/print/print-service.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { conformanceCase, pdfInfo, pdfText } from '../support/print.js';

const service = createPrintService({ timestamp: () => '2026-05-01 14:05' });
afterAll(() => service.close());

const mtr = (conformanceCase('mtr') as { state: EventState }).state;

describe('createPrintService', () => {
  it('renders every document in another thread, as the contract’s PrintResult', async () => {
    for (const doc of DOCUMENT_NAMES) {
      const result = await service.print(mtr, { doc });
      expect(result.renderThreadId).not.toBe(threadId);
      const pdf = Buffer.from(result.pdfBase64, 'base64');
      expect(Number(pdfInfo(pdf).Pages)).toBe(result.pages);
      // Asked without a round: the bracket, the event's penalty report, every player's list and the player cards are no round's.
      const roundless = doc === 'bracket' || doc === 'penalty-report' || doc === 'decklist' || doc === 'player-cards';
      expect(result.fileName).toBe(roundless ? `mtr-9-players-${doc}.pdf` : `mtr-9-players-round-4-${doc}.pdf`);
      // The same document as an in-process rendering: same pages, bytes of the same order.
      const local = await renderPdf(buildDocument(doc, mtr, { pageSize: 'A4', generatedAt: '2026-05-01 14:05' }));
      expect(result.pages).toBe(local.pages);
      expect(pdf.length).toBeGreaterThan(local.pdf.length / 3);
      expect(pdf.length).toBeLessThan(local.pdf.length * 3);
    }
  });

  it('a thousand match slips come back from the worker', async () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 2000, rounds: 1, seed: 4 });
    const result = await service.print(state, { doc: 'match-slips', pageSize: 'LETTER' });
    expect(result.renderThreadId).not.toBe(threadId);
    expect(result.pages).toBe(250);
    const text = pdfText(Buffer.from(result.pdfBase64, 'base64'));
    expect(text.match(/^TABLE$/gm)?.length).toBe(1000);
  });

  it('passes the round, page size and split through', async () => {
    const result = await service.print(mtr, { doc: 'pairings-by-name', round: 2, pageSize: 'LETTER', splitAtLetter: 'L' });
    const pdf = Buffer.from(result.pdfBase64, 'base64');
    expect(pdfInfo(pdf)['Page size']).toMatch(/^612 x 792/);
    const text = pdfText(pdf);
    expect(text).toContain('Round 2');
    expect(text).toContain('A–K');
    expect(text).toContain('L–Z');
    expect(result.pages).toBe(2);
  });

  it('a problem with the request is a PodiumError in words; the service goes on', async () => {
    await expect(service.print(mtr, { doc: 'standings', round: 12 })).rejects.toThrow(PodiumError);
    await expect(service.print(mtr, { doc: 'standings', round: 12 })).rejects.toThrow(/no round 12/);
    expect((await service.print(mtr, { doc: 'standings' })).pages).toBe(1);
  });

  it('serves several prints at once, each its own', async () => {
    const docs = ['standings', 'match-slips', 'seating', 'bracket'] as const;
    const results = await Promise.all(docs.map((doc) => service.print(mtr, { doc })));
    results.forEach((r, i) => expect(r.fileName).toContain(docs[i] as string));
  });

  it('fits the station service’s Printer: (request, { state }) → PrintResult', async () => {
    const result = await service.printer({ doc: 'pairings-by-table' }, { state: mtr });
    expect(Object.keys(result).sort()).toEqual(['fileName', 'pages', 'pdfBase64']);
  });

  it('hands the extensions log the entries the host gives it', async () => {
    const withLog = createPrintService({
      timestamp: () => 'now',
      extensions: (_state, round) => [{ table: 2, players: ['Gus Di4', 'Ed Cy0'], minutes: 4, reason: 'judge-pause', note: `round ${round ?? 'latest'}` }],
    });
    try {
      const result = await withLog.print(mtr, { doc: 'extensions-log' });
      expect(pdfText(Buffer.from(result.pdfBase64, 'base64'))).toMatch(/Gus Di4 · Ed Cy0[\s\S]*\+4[\s\S]*Judge pause over 1 minute: its length — round\s+latest/);
    } finally {
      await withLog.close();
    }
  });

  it('warms up ahead of the first print, and starts again after close', async () => {
    const other = createPrintService();
    await other.warmUp();
    await other.print(mtr, { doc: 'standings' });
    await other.close();
    expect((await other.print(mtr, { doc: 'standings' })).pages).toBe(1);
    await other.close();
  });
});
