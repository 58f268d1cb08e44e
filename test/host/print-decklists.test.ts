/**
 * Decklists on paper (MTR 2.7), through the station's whole print path — the request validated by
 * the contract, the host's print service, its worker, core's document — rendered to real PDFs and
 * read back with poppler:
 * - "Players have the right to request to see their decklist between matches": the decklist print
 *   of one player's registered list, saying so, with its correction's reason;
 * - "At Professional Rules Enforcement Level tournaments …, opponents' decklists will be provided
 *   to players": a playoff round's opponents' lists, a page per player, and the refusals in words.
 * Pages are also written as PNGs to /tmp/decklist-shots/ to be looked at (DECKLIST_SHOTS=0 skips).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, NewCommand } from '../../core/event/commands.js';
import type { EventState, Rel } from '../../core/model/types.js';
import { createHostServices } from '../../electron/host/host.js';
import { fileIo } from '../../electron/host/cli/file-io.js';
import { runCliAsync } from '../../electron/host/cli/run.js';
import { printIo } from '../../electron/host/print/cli-io.js';
import { saveIo } from '../../electron/host/save-cli-io.js';
import type { StationService } from '../../electron/host/station-service.js';
import { tempDir } from '../support/cli.js';
import { pdfText, pdfToPng } from '../support/print.js';
import { pairCommand } from './save-fixtures.js';

const SHOTS = '/tmp/decklist-shots';
const NAMES = ['Ana Archer', 'Bo Berg', 'Cy Castro', 'Di Dahl', 'Ed Eze', 'Flo Fox', 'Gus Gray', 'Hal Holm'];
const ids = NAMES.map((_, i) => `p${i + 1}`);
const tmp = tempDir('podium-decklists-');
afterAll(() => tmp.cleanup());

/** Each player's list: shared cards, and a card of their own ("Relic of p3") to find on the right page. */
function listOf(id: string): NewCommand {
  return {
    type: 'register-decklist',
    player: id,
    main: [
      { count: 4, name: 'Lightning Bolt' },
      { count: 4, name: `Relic of ${id}` },
      { count: 4, name: 'Éclair Spike' },
      { count: 48, name: 'Mountain' },
    ],
    side: [{ count: 3, name: 'Smash to Smithereens' }],
    commander: [],
    source: '',
  };
}

let service: StationService;
let saves = 0;

async function openEvent(rel: Rel, options: { lists?: readonly string[]; swiss?: number; top?: number } = {}): Promise<EventState> {
  await service.closeEvent().catch(() => undefined);
  const file = `event-${++saves}.podium`;
  await service.createEvent({ name: 'Decklist Open', ruleset: 'mtr', settings: { rel }, seed: 3, path: file });
  const registrations = NAMES.map((name, i): NewCommand => ({ type: 'register-player', player: { id: ids[i] as string, name }, draw: i + 1 }));
  const lists = options.lists ?? ids;
  await service.dispatchBatch({ commands: lists.length > 0 ? [...registrations, ...lists.map(listOf)] : registrations });
  for (let r = 1; r <= (options.swiss ?? 3); r++) {
    const state = await stateOf();
    const pairing = pairCommand(state, r);
    await service.dispatch({ command: pairing });
    await service.dispatchBatch({ commands: pairing.tables.map((t): NewCommand => ({ type: 'record-result', round: r, table: t.table, result: { games: [2, 0, 0] } })) });
  }
  if (options.top) {
    const cut = await service.query({ kind: 'propose-playoff', top: options.top });
    if (cut.kind !== 'propose-playoff') throw new Error('no cut');
    await service.dispatch({ command: { type: 'start-playoff', top: options.top, draft: false, seeds: cut.proposal.seeds } });
    const next = await service.query({ kind: 'next-playoff-round' });
    if (next.kind !== 'next-playoff-round' || !next.proposal) throw new Error('no playoff round');
    const round = (await stateOf()).rounds.length + 1;
    const tables = next.proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] }));
    await service.dispatch({ command: { type: 'pair-round', round, stage: 'playoff', tables, byes: [], seed: next.proposal.seed } });
  }
  return stateOf();
}

async function stateOf(): Promise<EventState> {
  const snapshot = await service.snapshot();
  if (!snapshot.state) throw new Error('no event open');
  return snapshot.state;
}

async function print(request: Parameters<StationService['print']>[0], shot: string) {
  const result = await service.print(request);
  const pdf = Buffer.from(result.pdfBase64, 'base64');
  if (process.env.DECKLIST_SHOTS !== '0') {
    mkdirSync(SHOTS, { recursive: true });
    pdfToPng(pdf, SHOTS, shot, { dpi: 70 });
  }
  const raw = pdfText(pdf).normalize('NFC');
  const flat = (text: string): string => text.replace(/\s+/g, ' ');
  // pdftotext ends each page with a form feed.
  return { ...result, text: flat(raw), pages: raw.split('\f').filter((p) => p.trim() !== '').map(flat) };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the print to be refused');
}

beforeAll(() => {
  service = createHostServices({ dataDir: tmp.dir, station: 'decklist-station' });
});
afterAll(async () => {
  await service.closeEvent().catch(() => undefined);
});

describe("a player's own registered list (MTR 2.7)", () => {
  it('prints the list as registered, says whose it is, and the correction with its reason', { timeout: 30_000 }, async () => {
    await openEvent('competitive', { swiss: 1 });
    const correction: Command = { ...(listOf('p2') as Command), main: [{ count: 4, name: 'Lightning Bolt' }, { count: 56, name: 'Mountain' }], reason: 'deck check: four Relics were not on the list' } as Command;
    await service.dispatch({ command: correction as NewCommand });
    const own = await print({ doc: 'decklist', player: 'p1' }, 'own');
    expect(own.fileName).toBe('decklist-open-decklist-ana-archer.pdf');
    expect(own.pages).toHaveLength(1);
    expect(own.text).toContain('Registered decklist — Ana Archer');
    expect(own.text).toContain('The decklist registered for Ana Archer: 60 main + 3 sideboard, registered once.');
    for (const line of ['4 Lightning Bolt', '4 Relic of p1', '4 Éclair Spike', '48 Mountain', '3 Smash to Smithereens']) expect(own.text).toContain(line);
    expect(own.text).toContain('Main deck (60)');
    expect(own.text).toContain('Sideboard (3)');
    expect(own.text).toContain('A player may see their own registered decklist between matches (MTR 2.7).');
    expect(own.text).not.toContain('Corrected');
    expect(own.text).not.toContain('Bo Berg');

    const corrected = await print({ doc: 'decklist', player: 'p2' }, 'corrected');
    expect(corrected.text).toContain('The decklist registered for Bo Berg: 60 main + 3 sideboard, registered 2 times (last correction: deck check: four Relics were not on the list).');
    expect(corrected.text).toContain('Corrected after the list locked — the reason given: deck check: four Relics were not on the list');
    expect(corrected.text).toContain('56 Mountain');
    expect(corrected.text).not.toContain('Relic of p2');
  });

  it('refuses an unknown player, a player without a list, and a player on another print, in words', { timeout: 30_000 }, async () => {
    await openEvent('competitive', { swiss: 1, lists: ['p1'] });
    expect(await refusal(service.print({ doc: 'decklist', player: 'p99' }))).toMatch(/no player "p99" is registered in this event/);
    expect(await refusal(service.print({ doc: 'decklist', player: 'p3' }))).toMatch(/Cy Castro \(p3\) has no registered decklist: register it on the Players screen, then print it/);
    expect(await refusal(service.print({ doc: 'standings', player: 'p1' }))).toMatch(/only the decklist print names a player \("standings" is printed for the whole event\)/);
    expect(await refusal(service.print({ doc: 'decklist', player: '' }))).toMatch(/^print: invalid request at player: a player id cannot be empty/);
    // Without a player: every registered list, a page each (the judges' binder).
    const binder = await print({ doc: 'decklist' }, 'binder');
    expect(binder.pages).toHaveLength(1);
    expect(binder.text).toContain('Registered decklist — Ana Archer');
  });

  it('the command line prints it from a save: --doc decklist --player', { timeout: 30_000 }, async () => {
    await openEvent('competitive', { swiss: 1 });
    const save = (await service.snapshot()).summary?.path as string;
    await service.closeEvent();
    const out = path.join(tmp.dir, 'ana.pdf');
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), ...fileIo, ...saveIo, now: () => 0, ...printIo, timestamp: () => '2026-05-01 14:05' };
    expect(await runCliAsync(['print', save, '--doc', 'decklist', '--player', 'p1', '--out', out], io)).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Wrote .*ana\.pdf: decklist of p1, round 1, 1 page \(A4\)\n$/);
    expect(pdfText(readFileSync(out)).replace(/\s+/g, ' ')).toContain('Registered decklist — Ana Archer');
    stdout = '';
    expect(await runCliAsync(['print', save, '--doc', 'standings', '--player', 'p1', '--out', out], io)).not.toBe(0);
    expect(stderr).toContain('print: --player goes with --doc decklist (got --doc standings)');
  });
});

describe("opponents' decklists for a playoff round (Professional REL, MTR 2.7)", () => {
  it("gives each player of each playoff match their opponent's list, a page each", { timeout: 30_000 }, async () => {
    const state = await openEvent('professional', { top: 4 });
    const round = state.rounds.at(-1);
    expect(round?.stage).toBe('playoff');
    const out = await print({ doc: 'opponent-decklists' }, 'opponents');
    expect(out.fileName).toBe('decklist-open-round-4-opponent-decklists.pdf');
    const matches = round?.tables ?? [];
    expect(matches).toHaveLength(2);
    expect(out.pages).toHaveLength(4);
    const name = (id: string): string => NAMES[ids.indexOf(id)] as string;
    const expected = matches.flatMap((t) => t.seats.map((player) => ({ table: t.table, player, opponent: t.seats.find((id) => id !== player) as string })));
    expected.forEach(({ table, player, opponent }, i) => {
      const page = out.pages[i] as string;
      expect(page).toContain(`For ${name(player)}, table ${table}: your opponent's registered decklist`);
      expect(page).toContain(`Your opponent: ${name(opponent)} · 60 main + 3 sideboard · Playoff round 1 (round 4)`);
      expect(page).toContain(`4 Relic of ${opponent}`);
      expect(page).not.toContain(`Relic of ${player}`);
      expect(page).toContain("You may not copy your opponent's whole list into your notes for the match (MTR 2.11).");
    });
  });

  it('refuses in words: not Professional REL, a Swiss round, an opponent without a list (named)', { timeout: 30_000 }, async () => {
    await openEvent('competitive', { top: 4 });
    const competitive = await print({ doc: 'opponent-decklists' }, 'refused-rel');
    expect(competitive.text).toContain("Opponents' decklists — not printed");
    expect(competitive.text).toContain("Opponents' decklists are provided to players only at Professional REL (MTR 2.7): this event is at Competitive REL.");
    expect(competitive.text).not.toContain('your opponent');

    await openEvent('professional', { swiss: 3 });
    const swiss = await print({ doc: 'opponent-decklists' }, 'refused-swiss');
    expect(swiss.text).toContain("Round 3 is a Swiss round: opponents' decklists are printed for a playoff round.");
    expect(swiss.text).not.toContain('only at Professional REL');

    // Lists handed in late (a correction, with its reason), but one: that player is named.
    const state = await openEvent('professional', { top: 4, lists: [] });
    const table = state.rounds.at(-1)?.tables[1];
    const without = table?.seats[1] as string;
    await service.dispatchBatch({ commands: ids.filter((id) => id !== without).map((id): NewCommand => ({ ...listOf(id), reason: 'handed in late' }) as NewCommand) });
    const missing = await print({ doc: 'opponent-decklists' }, 'refused-lists');
    expect(missing.text).toContain(`No registered decklist for ${NAMES[ids.indexOf(without)]} (table ${table?.table}): every opponent's list is needed. Register it on the Players screen, then print.`);
    expect(missing.pages).toHaveLength(1);
  });
});
