/**
 * The organiser's house rules on the pairing boards and match slips, rendered to real PDFs and read
 * back page by page with poppler: the line is on every board page and every slip, and adding it
 * spills nothing — every board page still opens with its heading (no rows pushed onto a page of
 * their own) and pod slips still come three a page (six seats on A4, five on Letter), with the
 * player page's QR code and the table codes.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { buildDocument } from '../../core/documents/index.js';
import type { EventState } from '../../core/model/types.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfText } from '../support/print.js';

const KEY = '00112233445566778899aabbccddeeff';
const LINE = 'House rules: smaller pods at the top for odd counts; 4 points a win, 0 a draw, bye 2';

/** Round 1 of a pod event of `players` in pods of `seats`, with house rules, published with its report key. */
function podEvent(players: number, seats: number): EventState {
  const commands: Command[] = [
    { type: 'create-event', id: 'e', name: 'Commander League at the Galway Bay Hotel', ruleset: 'mamtr-2024', settings: { podSize: seats >= 5 ? 5 : 4, oddCounts: 'smaller-pods-top', winPoints: 4, drawPoints: 0, byePoints: 2 }, seed: 1, createdAt: '2026-11-24T18:00:00Z' },
  ];
  for (let i = 0; i < players; i++) commands.push({ type: 'register-player', player: { id: `p${i + 1}`, name: `Zuzana Nováková-Dvořáková ${i + 1}` }, draw: i });
  const tables = Array.from({ length: players / seats }, (_, t) => ({ table: t + 1, seats: Array.from({ length: seats }, (_, s) => `p${t * seats + s + 1}`) }));
  commands.push({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 5, reportKey: KEY });
  return commands.reduce<EventState | undefined>((state, command) => apply(state, command), undefined) as EventState;
}

async function pages(doc: 'pairings-by-name' | 'pairings-by-table' | 'match-slips', state: EventState, pageSize: 'A4' | 'LETTER'): Promise<string[]> {
  const out = await renderPdf(buildDocument(doc, state, { pageSize, generatedAt: '2026-11-24 18:00', playerPage: 'http://192.168.1.20:8080/' }));
  return pdfText(out.pdf).split('\f').slice(0, out.pages);
}

const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('house rules on boards and slips', () => {
  for (const pageSize of ['A4', 'LETTER'] as const) {
    it(`${pageSize}: every page of the board by name has its heading and the line`, async () => {
      const board = await pages('pairings-by-name', podEvent(240, 4), pageSize);
      expect(board.length).toBeGreaterThan(2);
      for (const page of board) {
        expect(page).toContain('Pairings by name — Round 1');
        expect(flat(page)).toContain(LINE);
      }
    }, 60_000);

    // Six-seat slips on Letter already spill without house rules (a page holds two): five seats there.
    const seats = pageSize === 'A4' ? 6 : 5;
    it(`${pageSize}: ${seats}-seat pod slips, three a page, each with the line`, async () => {
      const state = podEvent(seats * 6, seats);
      const slips = await pages('match-slips', state, pageSize);
      expect(slips).toHaveLength(2);
      for (const page of slips) expect(flat(page).split(LINE).length - 1).toBe(3);
    }, 60_000);
  }

  it('the board by table has it under its heading', async () => {
    const [first] = await pages('pairings-by-table', podEvent(16, 4), 'A4');
    expect(flat(first ?? '')).toContain(`points before this round ${LINE}`);
  }, 60_000);
});
