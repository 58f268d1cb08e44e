/**
 * Match slips fill their pages with no slot spilling over (match-slips.ts TALLEST_SLIP): a
 * Two-Headed Giant slip and a teams-of-3 slip, with their table codes and QR codes, on A4 and on
 * Letter (50 points shorter). Before, Letter put the last slot of each page on a page of its own —
 * a sheet with only a cut line — so the stack came out of order for cutting. Rendered to real PDFs
 * and read back page by page with poppler.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { buildDocument } from '../../core/documents/index.js';
import type { EventState } from '../../core/model/types.js';
import { renderPdf } from '../../electron/host/print/render.js';
import { pdfText } from '../support/print.js';

const KEY = '00112233445566778899aabbccddeeff';
const PEOPLE = ['María de la Cruz Fernández', 'Zuzana Nováková-Dvořáková', 'Aoife Ní Bhriain', 'Cian Mac Giolla', 'Łukasz Wiśniewski', 'Kim Lee'];

/** Round 1 of a team event of `teams` teams of `size`, paired in order, published with its report key. */
function teamEvent(settings: Record<string, unknown>, teams: number, size: number): EventState {
  const commands: Command[] = [{ type: 'create-event', id: 'e', name: 'Saturday Team Sealed at the Galway Bay Hotel', ruleset: 'mtr', settings, seed: 1, createdAt: '2026-11-24T18:00:00Z' }];
  for (let i = 0; i < teams; i++) {
    const members = Array.from({ length: size }, (_, k) => ({ seat: 'ABC'[k] as 'A' | 'B' | 'C', name: PEOPLE[(i + k) % PEOPLE.length] as string }));
    commands.push({ type: 'register-player', player: { id: `t${i + 1}`, name: `The ${['Galway', 'Kraków', 'Brno', 'Dublin'][i % 4]} Drafters ${i + 1}`, members }, draw: i });
  }
  const tables = Array.from({ length: teams / 2 }, (_, t) => ({ table: t + 1, seats: [`t${2 * t + 1}`, `t${2 * t + 2}`] }));
  commands.push({ type: 'pair-round', round: 1, stage: 'swiss', tables, byes: [], seed: 5, reportKey: KEY });
  return commands.reduce<EventState | undefined>((state, command) => apply(state, command), undefined) as EventState;
}

/** Each page's table numbers, as the slips print them ("TABLE\n3"). */
async function tablesPerPage(state: EventState, pageSize: 'A4' | 'LETTER'): Promise<number[][]> {
  const out = await renderPdf(buildDocument('match-slips', state, { pageSize, generatedAt: '2026-11-24 18:00', playerPage: 'http://192.168.1.20:8080/' }));
  const pages = pdfText(out.pdf).split('\f').slice(0, out.pages);
  return pages.map((text) => [...text.matchAll(/TABLE\s+(\d+)/g)].map((m) => Number(m[1])));
}

describe('match slips fit their slots', () => {
  const cases = [
    { what: 'Two-Headed Giant', settings: { twoHeadedGiant: true }, size: 2, perPage: { A4: 4, LETTER: 3 } },
    { what: 'teams of 3', settings: { teamSize: 3 }, size: 3, perPage: { A4: 3, LETTER: 2 } },
  ] as const;
  for (const c of cases)
    for (const pageSize of ['A4', 'LETTER'] as const)
      it(`${c.what} on ${pageSize}: ${c.perPage[pageSize]} slips a page, every page full but the last, in cut-stack order`, async () => {
        const tables = 12;
        const pages = await tablesPerPage(teamEvent(c.settings, tables * 2, c.size), pageSize);
        const perPage = c.perPage[pageSize];
        const pageCount = Math.ceil(tables / perPage);
        expect(pages).toHaveLength(pageCount);
        // Page p, slot i holds table i·P + p + 1 (the cut stack comes out in table order).
        const expected = Array.from({ length: pageCount }, (_, p) => Array.from({ length: perPage }, (_, i) => i * pageCount + p + 1).filter((t) => t <= tables));
        expect(pages).toEqual(expected);
      });
});
