/**
 * The QR codes to the player page on real PDFs (electron/host/print/render.ts): slips and boards are
 * rendered, rasterised at 150 dpi by poppler (pdftoppm) and read back with jsQR, as a phone's camera
 * would: each slip's code is the report link of that slip's table, the boards' the player page. The
 * slips keep their number a page (the page count is the plain slips'). The print service passes the
 * venue network's address while the network is on. Without poppler these tests
 * skip, saying so — under CI=true they fail.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsqr from 'jsqr';
import { afterAll, describe, expect, it, TestRunner } from 'vitest';
import { type DocumentOptions, buildDocument, cutStackOrder, PAGE_DIMENSIONS, slipsPerPage } from '../../core/documents/index.js';
import type { EventState, Round } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { reportUrl } from '../../core/public/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { createPrintService, venuePlayerPage } from '../../electron/host/print/print-service.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { isCi } from '../support/e2e-paths.js';
import { eventWithNames, WORLD_NAMES, withPlayoff } from '../support/print.js';

const OPTIONS: DocumentOptions = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' };
const BASE = 'http://192.168.1.20:8080/';
const KEY = '00112233445566778899aabbccddeeff';
const DPI = 150;
/** The slips' page margins (match-slips.ts): the slots are cut from the page between them. */
const SLIP_TOP = 20;
const SLIP_BOTTOM = 20;

const latest = (state: EventState): Round => state.rounds[state.rounds.length - 1] as Round;
const withKey = (state: EventState): EventState => ({ ...state, rounds: state.rounds.map((r, i) => (i === state.rounds.length - 1 ? { ...r, reportKey: KEY } : r)) });

const dir = mkdtempSync(path.join(os.tmpdir(), 'podium-qr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Picture {
  width: number;
  height: number;
  /** RGBA, as jsQR reads it. */
  pixels: Uint8ClampedArray;
}

/** Page `page` of a PDF as pixels: pdftoppm's PPM (P6), read here (no PNG decoder needed). */
function rasterise(pdf: Uint8Array, page: number, name: string): Picture {
  const own = mkdtempSync(path.join(dir, `${name}-`));
  const file = path.join(own, 'doc.pdf');
  writeFileSync(file, pdf);
  const prefix = path.join(own, 'page');
  const run = spawnSync('pdftoppm', ['-r', String(DPI), '-f', String(page), '-l', String(page), file, prefix], { encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    const why = 'pdftoppm is missing: install poppler-utils (Debian: apt-get install -y poppler-utils; macOS: brew install poppler; .ci/run does it)';
    const test = TestRunner.getCurrentTest();
    if (test && !isCi()) test.context.skip(why);
    throw new Error(why);
  }
  if (run.status !== 0) throw new Error(`pdftoppm failed (${run.status}): ${run.stderr}`);
  const out = readdirSync(own).find((f) => f.endsWith('.ppm'));
  if (!out) throw new Error(`pdftoppm wrote no picture of page ${page}`);
  return readPpm(readFileSync(path.join(own, out)));
}

/** A binary PPM: "P6", width, height, maximum value (255), then RGB bytes. */
function readPpm(bytes: Buffer): Picture {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at] as number))) at++;
    if (bytes[at] === 0x23) {
      while (bytes[at] !== 0x0a) at++;
      continue;
    }
    let field = '';
    while (!/\s/.test(String.fromCharCode(bytes[at] as number))) field += String.fromCharCode(bytes[at++] as number);
    fields.push(field);
  }
  at++;
  const [magic, w, h, max] = fields;
  expect(magic).toBe('P6');
  expect(max).toBe('255');
  const width = Number(w);
  const height = Number(h);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels[4 * i] = bytes[at + 3 * i] as number;
    pixels[4 * i + 1] = bytes[at + 3 * i + 1] as number;
    pixels[4 * i + 2] = bytes[at + 3 * i + 2] as number;
    pixels[4 * i + 3] = 255;
  }
  return { width, height, pixels };
}

/** The QR code read from the band of the picture between `top` and `bottom` (PDF points), or null. */
function readQr(picture: Picture, top = 0, bottom = Number.POSITIVE_INFINITY): string | null {
  const y0 = Math.max(0, Math.floor((top * DPI) / 72));
  const y1 = Math.min(picture.height, Math.ceil((bottom * DPI) / 72));
  const band = picture.pixels.slice(y0 * picture.width * 4, y1 * picture.width * 4);
  // jsqr is CommonJS with an ES default: its function is `default` of what Node's import gives.
  return jsqr.default(band, picture.width, y1 - y0, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

describe('QR codes read back from the printed slips', () => {
  it.each([
    ['a 16-player MTR round', 'mtr', 'A4'],
    ['a 16-player MTR round', 'mtr', 'LETTER'],
    ['a 4-player-pod MSTR round', 'mstr-2022', 'A4'],
    ['a 4-player-pod MSTR round', 'mstr-2022', 'LETTER'],
  ] as const)('%s (%s, %s): each slip’s code is its own table’s report link; no more pages', async (_label, ruleset, pageSize) => {
    const plainState = simulateEvent({ ruleset, players: 16, rounds: 2, seed: 3 }).state;
    const state = withKey(plainState);
    const round = latest(state);
    const options = { ...OPTIONS, pageSize };
    const out = await renderPdf(buildDocument('match-slips', state, { ...options, playerPage: BASE }));
    const plain = await renderPdf(buildDocument('match-slips', plainState, options));
    const perPage = slipsPerPage(round);
    expect(out.pages).toBe(Math.ceil(round.tables.length / perPage));
    expect(out.pages).toBe(plain.pages);

    const tables = [...round.tables].sort((a, b) => a.table - b.table);
    const order = cutStackOrder(tables.length, perPage);
    const slot = (PAGE_DIMENSIONS[pageSize].height - SLIP_TOP - SLIP_BOTTOM) / perPage;
    let read = 0;
    for (let page = 1; page <= out.pages; page++) {
      const picture = rasterise(out.pdf, page, `${ruleset}-${pageSize}-${page}`);
      for (const [i, index] of (order[page - 1] ?? []).entries()) {
        if (index === null) continue;
        const table = (tables[index] as { table: number }).table;
        const expected = reportUrl(BASE, round.number, table, tableCode(KEY, round.number, table));
        expect(readQr(picture, SLIP_TOP + i * slot, SLIP_TOP + (i + 1) * slot)).toBe(expected);
        read++;
      }
    }
    expect(read).toBe(round.tables.length);
  });
});

describe('every slip size keeps its slips a page with the code and the QR code', () => {
  const events: [string, EventState][] = [
    ['MTR playoff top 8', withPlayoff(simulateEvent({ ruleset: 'mtr', players: 32, rounds: 5, seed: 2 }).state, 8, 1)],
    ['MTR, names of the world', eventWithNames('mtr', WORLD_NAMES, 16)],
    ['MSTR pods of 4, names of the world', eventWithNames('mstr-2022', WORLD_NAMES, 24)],
    ['MAMTR pods', simulateEvent({ ruleset: 'mamtr-2024', players: 24, rounds: 2, seed: 2 }).state],
    ['MSTR pods of 5', simulateEvent({ ruleset: 'mstr-2022', players: 30, rounds: 1, seed: 2, settings: { podSize: 5 } }).state],
    ['Lightseekers tables of 5', simulateEvent({ ruleset: 'lightseekers-large', players: 30, rounds: 2, seed: 2 }).state],
  ];
  it.each(events)('%s: as many pages as without them (A4 and Letter)', async (_label, state) => {
    for (const pageSize of ['A4', 'LETTER'] as const) {
      const plain = await renderPdf(buildDocument('match-slips', state, { ...OPTIONS, pageSize }));
      const coded = await renderPdf(buildDocument('match-slips', withKey(state), { ...OPTIONS, pageSize, playerPage: 'http://192.168.100.200:51234/' }));
      expect(coded.pages).toBe(plain.pages);
    }
  });
});

describe('QR codes read back from the printed pairing boards', () => {
  it.each(['pairings-by-name', 'pairings-by-table'])('%s: the player page, at the top of the first page', async (doc) => {
    const state = withKey(simulateEvent({ ruleset: 'mtr', players: 16, rounds: 2, seed: 3 }).state);
    const out = await renderPdf(buildDocument(doc, state, { ...OPTIONS, playerPage: BASE }));
    const picture = rasterise(out.pdf, 1, doc);
    // The top of the page: the running header and the heading, above the board.
    expect(readQr(picture, 0, 160)).toBe('http://192.168.1.20:8080/p');
    const without = await renderPdf(buildDocument(doc, state, OPTIONS));
    expect(readQr(rasterise(without.pdf, 1, `${doc}-off`))).toBeNull();
  });
});

describe('a board in two sheets', () => {
  it('pairings by name, A–K and L–Z: the first page of each sheet has the player page', async () => {
    const state = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 1, seed: 3 }).state;
    const out = await renderPdf(buildDocument('pairings-by-name', state, { ...OPTIONS, playerPage: BASE, splitAtLetter: 'L' }));
    expect(out.pages).toBe(2);
    for (const page of [1, 2]) expect(readQr(rasterise(out.pdf, page, `sheet-${page}`), 0, 160)).toBe('http://192.168.1.20:8080/p');
  });
});

describe('the print service: the player page while the venue network is on', () => {
  let on = true;
  const network = { status: () => ({ on, urls: on ? [BASE, 'http://10.0.0.5:8080/'] : [] }) };
  const service = createPrintService({ timestamp: () => '2026-05-01 14:05', playerPage: venuePlayerPage(network) });
  afterAll(() => service.close());

  it('takes the network’s first address at each print, and none while it is off', async () => {
    expect(venuePlayerPage(undefined)()).toBeUndefined();
    expect(venuePlayerPage(network)()).toBe(BASE);
    const state = withKey(simulateEvent({ ruleset: 'mtr', players: 8, rounds: 1, seed: 2 }).state);
    const round = latest(state);
    const first = [...round.tables].sort((a, b) => a.table - b.table)[0]?.table as number;
    const printed = await service.print(state, { doc: 'match-slips' });
    const slot = (PAGE_DIMENSIONS.A4.height - SLIP_TOP - SLIP_BOTTOM) / slipsPerPage(round);
    expect(readQr(rasterise(Buffer.from(printed.pdfBase64, 'base64'), 1, 'service-on'), SLIP_TOP, SLIP_TOP + slot)).toBe(
      reportUrl(BASE, round.number, first, tableCode(KEY, round.number, first)),
    );
    on = false;
    const off = await service.print(state, { doc: 'pairings-by-name' });
    expect(readQr(rasterise(Buffer.from(off.pdfBase64, 'base64'), 1, 'service-off'))).toBeNull();
  });
});
