/**
 * QR codes on paper (core/documents/qr.ts), as document definitions: each match slip of
 * the round being played carries its table's code in words and, while the venue network is on
 * (DocumentOptions.playerPage), a QR code holding exactly that table's report link; pairing boards
 * carry the player page's QR code at the top of their first page. Without a round secret, or with
 * the network off, the documents are what they were. test/host/print-qr.test.ts reads the codes
 * back from the rendered PDFs.
 */
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  type Content,
  type DocDefinition,
  type DocumentOptions,
  type QrNode,
  type TableNode,
  BOARD_QR_MIN,
  buildDocument,
  cutStackOrder,
  qrCode,
  SLIP_QR_MIN,
} from '../../core/documents/index.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState, Round, Table } from '../../core/model/types.js';
import { tableCode } from '../../core/public/table-codes.js';
import { reportUrl } from '../../core/public/types.js';
import { simulateEvent } from '../../core/simulate.js';
import { eventWithNames, printableEvents, WORLD_NAMES, withPlayoff } from '../support/print.js';

const OPTIONS: DocumentOptions = { pageSize: 'A4', generatedAt: '2026-05-01 14:05' };
const BASE = 'http://192.168.1.20:8080/';
const KEY = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
/** 2 cm in PDF points. */
const TWO_CM = (2 / 2.54) * 72;

const latest = (state: EventState): Round => state.rounds[state.rounds.length - 1] as Round;
const withKey = (state: EventState, key = KEY): EventState => ({ ...state, rounds: state.rounds.map((r, i) => (i === state.rounds.length - 1 ? { ...r, reportKey: key } : r)) });

/** Properties whose strings are not printed text (as documents.test.ts), and a QR code's data. */
const NOT_TEXT = new Set(['style', 'layout', 'color', 'fillColor', 'lineColor', 'decoration', 'decorationColor', 'alignment', 'font', 'pageBreak', 'type', 'qr', 'eccLevel', 'mode']);

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out);
  return out;
}

/** Every QR node under `value`, in document order. */
function qrNodes(value: unknown, out: QrNode[] = []): QrNode[] {
  if (Array.isArray(value)) for (const v of value) qrNodes(v, out);
  else if (value && typeof value === 'object') {
    if (typeof (value as { qr?: unknown }).qr === 'string') out.push(value as QrNode);
    else for (const v of Object.values(value)) qrNodes(v, out);
  }
  return out;
}

/** Each slip of a match-slips definition with the table it is for (by the cut-stack order). */
function slips(def: DocDefinition, round: Round): { table: Table; slip: Content }[] {
  const tables = [...round.tables].sort((a, b) => a.table - b.table);
  const pages = def.content as TableNode[];
  const perPage = pages[0]?.table.body.length ?? 0;
  const order = cutStackOrder(tables.length, perPage);
  return pages.flatMap((page, p) =>
    page.table.body.flatMap((row, i) => {
      const index = order[p]?.[i];
      return index === null || index === undefined ? [] : [{ table: tables[index] as Table, slip: row[0] as Content }];
    }),
  );
}

function expectPrintable(node: QrNode): void {
  const modules = 17 + 4 * node.version;
  expect(node.eccLevel).toBe('M');
  expect(node.fit % modules).toBe(0);
  expect(node.fit).toBeGreaterThanOrEqual(TWO_CM);
}

describe('match slips: the table code and its QR code', () => {
  const mtr = withKey(simulateEvent({ ruleset: 'mtr', players: 16, rounds: 2, seed: 3 }).state);
  const pods = withKey(simulateEvent({ ruleset: 'mstr-2022', players: 16, rounds: 2, seed: 3 }).state);

  it.each([
    ['a 16-player MTR round', mtr],
    ['a 4-player-pod MSTR round', pods],
  ])('%s: each slip’s QR code holds exactly its table’s report link, and its code in words', (_label, state) => {
    const round = latest(state);
    const def = buildDocument('match-slips', state, { ...OPTIONS, playerPage: BASE });
    const all = slips(def, round);
    expect(all).toHaveLength(round.tables.length);
    for (const { table, slip } of all) {
      const code = tableCode(KEY, round.number, table.table);
      const qrs = qrNodes(slip);
      expect(qrs.map((q) => q.qr)).toEqual([reportUrl(BASE, round.number, table.table, code)]);
      expect(qrs[0]?.qr).toBe(`http://192.168.1.20:8080/p?r=${round.number}&t=${table.table}&c=${code}`);
      expectPrintable(qrs[0] as QrNode);
      const text = strings(slip).join('\n');
      expect(text).toContain('Report from your phone');
      expect(text).toContain(`code \n${code}`);
    }
    // The codes are the tables' own: no two slips share one.
    expect(new Set(all.map(({ table }) => tableCode(KEY, round.number, table.table))).size).toBe(round.tables.length);
  });

  it('with the venue network off: the code in words, no QR code', () => {
    const def = buildDocument('match-slips', mtr, OPTIONS);
    expect(qrNodes(def)).toEqual([]);
    for (const { table, slip } of slips(def, latest(mtr))) expect(strings(slip)).toContain(tableCode(KEY, latest(mtr).number, table.table));
  });

  it('a round without a secret (older saves, the CLI) prints the slips exactly as before, network or not', () => {
    const { state } = simulateEvent({ ruleset: 'mtr', players: 16, rounds: 2, seed: 3 });
    const before = buildDocument('match-slips', state, OPTIONS);
    expect(buildDocument('match-slips', state, { ...OPTIONS, playerPage: BASE })).toEqual(before);
    expect(qrNodes(before)).toEqual([]);
    expect(strings(before.content).join('\n')).not.toContain('Report from your phone');
  });

  it('no code where it could not be used: players may not report, or the round is over', () => {
    const off = { ...mtr, settings: { ...mtr.settings, selfReports: 'off' as const } };
    expect(buildDocument('match-slips', off, { ...OPTIONS, playerPage: BASE })).toEqual(buildDocument('match-slips', { ...off, rounds: off.rounds.map(({ reportKey: _k, ...r }) => r) }, OPTIONS));
    // Round 1's secret is dead once round 2 is paired: a reprint of its slips carries no code.
    const both = { ...mtr, rounds: mtr.rounds.map((r) => ({ ...r, reportKey: KEY })) };
    const old = buildDocument('match-slips', both, { ...OPTIONS, round: 1, playerPage: BASE });
    expect(qrNodes(old)).toEqual([]);
    expect(strings(old.content).join('\n')).not.toContain('Report from your phone');
  });

  it('slips a page stay the same for every slip size, with codes and QR codes (slots and their heights)', () => {
    const events: EventState[] = [
      ...printableEvents().map((e) => e.state),
      eventWithNames('mtr', WORLD_NAMES),
      eventWithNames('mstr-2022', WORLD_NAMES),
      withPlayoff(simulateEvent({ ruleset: 'mtr', players: 32, rounds: 5, seed: 2 }).state, 8, 1),
      simulateEvent({ ruleset: 'mstr-2022', players: 15, rounds: 1, seed: 2, settings: { podSize: 5 } }).state,
    ];
    const layout = (def: DocDefinition) => (def.content as TableNode[]).map((page) => ({ slots: page.table.body.length, heights: page.table.heights }));
    for (const state of events)
      for (const pageSize of ['A4', 'LETTER'] as const) {
        const plain = buildDocument('match-slips', state, { ...OPTIONS, pageSize });
        const coded = buildDocument('match-slips', withKey(state), { ...OPTIONS, pageSize, playerPage: 'http://192.168.100.200:51234/' });
        expect(qrNodes(coded)).toHaveLength(latest(state).tables.length);
        expect(layout(coded)).toEqual(layout(plain));
      }
  });
});

describe('pairing boards: the player page’s QR code at the top', () => {
  const state = withKey(simulateEvent({ ruleset: 'mtr', players: 64, rounds: 2, seed: 4 }).state);

  it.each(['pairings-by-name', 'pairings-by-table'])('%s: only while the venue network is on, on the first page', (doc) => {
    expect(qrNodes(buildDocument(doc, state, OPTIONS))).toEqual([]);
    const def = buildDocument(doc, state, { ...OPTIONS, playerPage: BASE });
    const qrs = qrNodes(def);
    expect(qrs.map((q) => q.qr)).toEqual(['http://192.168.1.20:8080/p']);
    expectPrintable(qrs[0] as QrNode);
    expect(qrs[0]?.fit).toBeGreaterThanOrEqual(BOARD_QR_MIN);
    expect(qrNodes(def.content[0])).toHaveLength(1);
    expect(strings(def.content).join('\n')).toContain('Find your table on your phone: \nhttp://192.168.1.20:8080/p');
  });

  it('pairings by name: every sheet’s first page has it, and every player is still listed once', () => {
    const def = buildDocument('pairings-by-name', state, { ...OPTIONS, playerPage: BASE, splitAtLetter: 'L' });
    const qrs = qrNodes(def);
    expect(qrs).toHaveLength(2);
    // Two nodes, not one twice: pdfmake writes its layout into a node (print-qr.test.ts reads both).
    expect(qrs[0]).not.toBe(qrs[1]);
    const text = strings(def.content);
    expect(text.filter((s) => s.startsWith('vs '))).toHaveLength(64);
    // The first page holds fewer rows than the next (the QR code takes their room), never more.
    const heights = (def.content as Content[]).filter((c): c is TableNode => typeof c === 'object' && !Array.isArray(c) && 'table' in c).map((t) => t.table.body.length);
    const plain = (buildDocument('pairings-by-name', state, { ...OPTIONS, splitAtLetter: 'L' }).content as Content[]).filter(
      (c): c is TableNode => typeof c === 'object' && !Array.isArray(c) && 'table' in c,
    );
    expect(Math.max(...heights)).toBeLessThanOrEqual(Math.max(...plain.map((t) => t.table.body.length)));
  });

  it('a bigger board: the first page gives up rows for the QR code and the rest follow', () => {
    const big = simulateEvent({ ruleset: 'mtr', players: 96, rounds: 1, seed: 4 }).state;
    const tables = (def: DocDefinition) => (def.content as Content[]).filter((c): c is TableNode => typeof c === 'object' && !Array.isArray(c) && 'table' in c);
    const plain = tables(buildDocument('pairings-by-name', big, OPTIONS));
    const withQr = tables(buildDocument('pairings-by-name', big, { ...OPTIONS, playerPage: BASE }));
    expect(withQr[0]!.table.body.length).toBeLessThan(plain[0]!.table.body.length);
    expect(withQr[0]!.table.body.length).toBeGreaterThanOrEqual(plain[0]!.table.body.length - 2);
    const entries = (t: TableNode[]) => t.reduce((n, table) => n + strings(table).filter((s) => s.startsWith('vs ')).length, 0);
    expect(entries(withQr)).toBe(96);
    expect(entries(plain)).toBe(96);
  });
});

describe('qrCode', () => {
  it('picks the version the QR standard needs at error correction M, a whole number of points a module', () => {
    for (let length = 5; length <= 200; length += 7) {
      const data = `http://192.168.1.20:8080/p?c=${'x'.repeat(length)}`.slice(0, length);
      const node = qrCode(data, SLIP_QR_MIN);
      expect(node.version).toBe(create([{ data: Buffer.from(data), mode: 'byte' }], { errorCorrectionLevel: 'M' }).version);
      expectPrintable(node);
    }
  });

  it('refuses data too long for a printed code, and an address that is not a web address', () => {
    expect(() => qrCode('x'.repeat(300), SLIP_QR_MIN)).toThrow(PodiumError);
    const state = withKey(simulateEvent({ ruleset: 'mtr', players: 8, rounds: 1, seed: 1 }).state);
    expect(() => buildDocument('match-slips', state, { ...OPTIONS, playerPage: 'not an address' })).toThrow(/player page/);
    expect(() => buildDocument('match-slips', state, { ...OPTIONS, playerPage: 'file:///etc/' })).toThrow(/http/);
  });
});
