/**
 * Transcripts with fixed places (`fixedTable`, `fixedSeat` on a player) and registered
 * decklists (`decklists` §2, MTR 2.7), through the real command line with real files:
 * read into the event, imported into a save, written back; the lock of every list where it was;
 * the problems of each named by their path (exit 2); events without them written as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decklistLockRound } from '../../core/decklists/journal.js';
import { parseDecklist } from '../../core/decklists/parse.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import { PodiumError } from '../../core/model/errors.js';
import type { EventState } from '../../core/model/types.js';
import { type Transcript, formatTranscript, stateToTranscript, transcriptToState } from '../../core/transcript/index.js';
import { writeEventSaveSync } from '../../electron/host/event-store.js';
import { readJournal } from '../../electron/host/journal-read.js';
import { saveIo } from '../../electron/host/save-cli-io.js';
import { cli, tempDir } from '../support/cli.js';
import { conformanceCasesDir } from '../support/paths.js';
import { clone, mtrSix } from '../support/transcripts.js';

const tmp = tempDir('podium-fixed-decklists-');
afterAll(() => tmp.cleanup());
let count = 0;
const fresh = (name: string): string => path.join(tmp.dir, `${++count}-${name}`);

function ok(argv: string[]): string {
  const run = cli(argv);
  expect(run.stderr, argv.join(' ')).toBe('');
  expect(run.code, argv.join(' ')).toBe(0);
  return run.stdout;
}

function invalid(argv: string[]): string {
  const run = cli(argv);
  expect(run.stdout, argv.join(' ')).toBe('');
  expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(2);
  expect(run.stderr).toMatch(/^[^\n]+\n$/);
  return run.stderr;
}

/** A save as the command line reads it: its state and its journal (the host's own reader). */
function readSave(file: string): { state: EventState; entries: { seq: number; command: Command }[] } {
  const reading = readJournal(readFileSync(file));
  expect(reading.damage).toBeUndefined();
  return { state: reading.state, entries: reading.entries };
}

const importTo = (transcript: string): string => {
  const save = fresh('event.podium');
  expect(ok(['import', transcript, '--out', save])).toMatch(/^Imported /);
  return save;
};

const BURN = '4 Lightning Bolt\n4 Goblin Guide\n4 Lava Spike\n48 Mountain\n\n3 Smash to Smithereens\n4 Kor Firewalker';
const BURN_FIXED = '4 Lightning Bolt\n4 Goblin Guide\n4 Lava Spike\n47 Mountain\n1 Searing Blaze\n\n3 Smash to Smithereens\n4 Kor Firewalker';
const ARENA = 'Deck\n4 Llanowar Elves (DOM) 168\n56 Forest (ZNR) 276\n\nSideboard\n2 Thrashing Brontodon (RIX) 148';
const ARENA_FIXED = 'Deck\n4 Llanowar Elves (DOM) 168\n55 Forest (ZNR) 276\n1 Blossoming Defense (KLD) 144\n\nSideboard\n2 Thrashing Brontodon (RIX) 148';
const PILE = '60 Island\n\n15 Negate';

/**
 * mtrSix as version 2, constructed at Competitive REL: Bruno fixed at table 3, Dmitri at table 4,
 * Emma at table 2, Farid at table 3 too — he drops after round 2, so the table is Bruno's. Lists:
 * Alice's before the event; Chloé's, corrected in round 2 (a land was missing); Dmitri's handed in
 * late, in round 1.
 */
function fixedMtr(): Transcript {
  const t = clone(mtrSix());
  t.transcript = 2;
  t.settings = { rel: 'competitive', format: 'constructed' };
  Object.assign(t.players[1] as object, { fixedTable: 3 });
  Object.assign(t.players[3] as object, { fixedTable: 4 });
  Object.assign(t.players[4] as object, { fixedTable: 2 });
  Object.assign(t.players[5] as object, { fixedTable: 3 });
  (t.rounds[1] as { drops?: string[] }).drops = ['p06'];
  t.decklists = [
    { player: 'p01', list: BURN },
    { player: 'p03', list: ARENA, corrections: [{ round: 2, list: ARENA_FIXED, reason: 'a Forest was missing: the deck check found 59 cards' }] },
    { player: 'p04', list: PILE, round: 1, reason: 'handed in after round 1 was paired' },
  ];
  return t;
}

describe('an MTR event with fixed tables and decklists, through the command line', () => {
  const original = fixedMtr();
  const file = tmp.file('fixed-mtr.json', original);
  const save = importTo(file);
  const { state, entries } = readSave(save);

  it('the save holds the fixed tables (a dropped player’s table is another’s) and the lists as registered', () => {
    expect(state.players.map((p) => [p.id, p.fixedTable ?? null])).toEqual([
      ['p01', null],
      ['p02', 3],
      ['p03', null],
      ['p04', 4],
      ['p05', 2],
      ['p06', 3],
    ]);
    expect(state.players[5]?.droppedAfterRound).toBe(2);
    const parsed = parseDecklist(ARENA_FIXED);
    expect(state.decklists?.p03).toEqual({
      main: parsed.main.map(({ count, name }) => ({ count, name })),
      side: parsed.side.map(({ count, name }) => ({ count, name })),
      commander: [],
      source: ARENA_FIXED,
      version: 2,
      correction: 'a Forest was missing: the deck check found 59 cards',
    });
    expect(state.decklists?.p01).toMatchObject({ source: BURN, version: 1 });
    expect(state.decklists?.p01).not.toHaveProperty('correction');
    expect(state.decklists?.p04).toMatchObject({ source: PILE, version: 1, correction: 'handed in after round 1 was paired' });
  });

  it('the journal places each list before or after the lock as the transcript says', () => {
    const rounds = (seq: number) => entries.filter((e) => e.seq < seq && e.command.type === 'pair-round').length;
    const lists = entries.filter((e) => e.command.type === 'register-decklist');
    expect(lists.map((e) => [(e.command as { player: string }).player, rounds(e.seq), (e.command as { reason?: string }).reason ?? null])).toEqual([
      ['p01', 0, null],
      ['p03', 0, null],
      ['p04', 1, 'handed in after round 1 was paired'],
      ['p03', 2, 'a Forest was missing: the deck check found 59 cards'],
    ]);
  });

  it('save → transcript (with the save’s journal) gives back the same lists, corrections, reasons and fixed tables', () => {
    const again = stateToTranscript(state, entries);
    expect(again.decklists).toEqual(original.decklists);
    expect(again.players.map((p) => [p.fixedTable, p.fixedSeat])).toEqual(original.players.map((p) => [p.fixedTable, p.fixedSeat]));
    // … and that transcript imports to a save that writes it again, byte for byte.
    const written = tmp.file('fixed-mtr-again.json', formatTranscript(again));
    const copy = readSave(importTo(written));
    expect(formatTranscript(stateToTranscript(copy.state, copy.entries))).toBe(formatTranscript(again));
  });

  it('export writes the fixed tables and the lists: with the save’s journal every correction, else each list as it stands', () => {
    const out = fresh('exported.json');
    ok(['export', save, '--out', out]);
    const exported = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    expect(exported.players.map((p) => p.fixedTable ?? null)).toEqual([null, 3, null, 4, 2, 3]);
    expect(exported.players.some((p) => 'fixedSeat' in p)).toBe(false);
    // Once the command line gives export the save's journal (SaveReading.journal), every correction comes back.
    if ('journal' in saveIo.readSave(save)) expect(exported.decklists).toEqual(original.decklists);
    else
      // A host that gives export the state only: the fold keeps a player's last list — Chloé's
      // corrected list, as registered at its lock with the reason.
      expect(exported.decklists).toEqual([
        { player: 'p01', list: BURN },
        { player: 'p03', list: ARENA_FIXED, round: 1, reason: 'a Forest was missing: the deck check found 59 cards' },
        { player: 'p04', list: PILE, round: 1, reason: 'handed in after round 1 was paired' },
      ]);
    const copy = readSave(importTo(out)).state;
    for (const id of ['p01', 'p03', 'p04']) {
      expect(copy.decklists?.[id]?.source).toBe(state.decklists?.[id]?.source);
      expect(copy.decklists?.[id]?.correction).toBe(state.decklists?.[id]?.correction);
    }
  });

  it('the imported save’s lists are locked as the original’s: a change needs a reason', () => {
    const fromTranscript = transcriptToState(original);
    const change: Command = { type: 'register-decklist', player: 'p01', main: [{ count: 60, name: 'Mountain' }], side: [], commander: [], source: '60 Mountain' };
    const refusal = (s: EventState): string => {
      try {
        apply(s, change);
      } catch (error) {
        expect(error).toBeInstanceOf(PodiumError);
        return (error as Error).message;
      }
      throw new Error('expected the change to be refused');
    };
    expect(refusal(state)).toBe("Alice Archer's decklist cannot change: round 1 is paired: a constructed list locks before the event starts (MTR 2.7). A correction needs a reason, kept in the journal");
    expect(refusal(fromTranscript)).toBe(refusal(state));
    expect(apply(state, { ...change, reason: 'swapped to mono-red' }).decklists?.p01).toMatchObject({ version: 2, correction: 'swapped to mono-red' });
  });

  it('standings and the next pairing are the same from the transcript and the save; the fixed players are at their tables', () => {
    for (const argv of [['standings', '--json'], ['pair', '--json']]) expect(ok([argv[0] as string, save, ...argv.slice(1)])).toBe(ok([argv[0] as string, file, ...argv.slice(1)]));
    // Round 3 (5 players): two matches and a bye. A table with fixed players is the lowest of their
    // tables; the others take 1, 2, … left.
    const pairing = JSON.parse(ok(['pair', save, '--json'])) as { tables: { table: number; seats: string[] }[]; byes: string[] };
    const fixedOf = new Map(state.players.filter((p) => p.droppedAfterRound === undefined && p.fixedTable !== undefined).map((p) => [p.id, p.fixedTable as number]));
    expect(pairing.tables).toHaveLength(2);
    expect(pairing.byes).toHaveLength(1);
    let fixedTables = 0;
    for (const table of pairing.tables) {
      const claims = table.seats.flatMap((id) => (fixedOf.has(id) ? [fixedOf.get(id) as number] : []));
      if (claims.length > 0) {
        expect(table.table, table.seats.join(' v ')).toBe(Math.min(...claims));
        fixedTables++;
      }
    }
    expect(fixedTables).toBeGreaterThan(0);
    expect(pairing.tables.flatMap((t) => t.seats)).not.toContain('p06');
  });
});

describe('a limited event: each list locks at the player’s own first round, imported as it was', () => {
  /** Sealed, 5 players; Bo has an awarded bye in round 1, so his list may still change in round 1. */
  const commands: Command[] = [
    { type: 'create-event', id: 'sealed', name: 'Sealed', ruleset: 'mtr', settings: { format: 'sealed', rel: 'competitive' }, seed: 3, createdAt: '2026-05-01T09:00:00Z' },
    ...['Ana', 'Bo', 'Cy', 'Di', 'Ed'].map((name, i): Command => ({ type: 'register-player', player: { id: `p${i + 1}`, name, ...(i === 1 ? { awardedByes: 1 } : {}) }, draw: i })),
    list('p1', '40 Plains'),
    { type: 'pair-round', round: 1, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p3'] }, { table: 2, seats: ['p4', 'p5'] }], byes: [{ player: 'p2', kind: 'awarded' }], seed: 1 },
    list('p2', '40 Islands'),
    list('p2', '40 Island'),
    list('p1', '39 Plains\n1 Swords to Plowshares', 'registered 40 Plains by mistake'),
    { type: 'record-result', round: 1, table: 1, result: { games: [2, 0, 0] } },
    { type: 'record-result', round: 1, table: 2, result: { games: [0, 2, 0] } },
    { type: 'pair-round', round: 2, stage: 'swiss', tables: [{ table: 1, seats: ['p1', 'p5'] }, { table: 2, seats: ['p2', 'p3'] }], byes: [{ player: 'p4', kind: 'pairing' }], seed: 2 },
    list('p2', '39 Island\n1 Counterspell', 'the pool had a Counterspell'),
    list('p2', '38 Island\n2 Counterspell', 'a second Counterspell'),
    list('p1', '40 Plains', 'undone below'),
  ];
  commands.push({ type: 'undo', target: commands.length - 1, reason: 'entered for the wrong player' });
  const original = fresh('sealed.podium');
  writeEventSaveSync(original, commands, { station: 'station-1', now: () => new Date('2026-05-01T10:00:00Z') });
  const before = readSave(original);

  it('the transcript keeps the list that stood at the lock and each correction after it (not the undone one)', () => {
    const t = stateToTranscript(before.state, before.entries);
    expect(t.decklists).toEqual([
      { player: 'p1', list: '40 Plains', corrections: [{ round: 1, list: '39 Plains\n1 Swords to Plowshares', reason: 'registered 40 Plains by mistake' }] },
      {
        player: 'p2',
        list: '40 Island',
        corrections: [
          { round: 2, list: '39 Island\n1 Counterspell', reason: 'the pool had a Counterspell' },
          { round: 2, list: '38 Island\n2 Counterspell', reason: 'a second Counterspell' },
        ],
      },
    ]);
    const copy = readSave(importTo(tmp.file('sealed.json', formatTranscript(t))));
    for (const p of before.state.players) expect(decklistLockRound(copy.state, p.id)).toBe(decklistLockRound(before.state, p.id));
    for (const id of ['p1', 'p2']) {
      expect(copy.state.decklists?.[id]?.source).toBe(before.state.decklists?.[id]?.source);
      expect(copy.state.decklists?.[id]?.correction).toBe(before.state.decklists?.[id]?.correction);
    }
    expect(stateToTranscript(copy.state, copy.entries)).toEqual(t);
  });
});

function list(player: string, text: string, reason?: string): Command {
  const parsed = parseDecklist(text);
  const strip = (cards: readonly { count: number; name: string }[]) => cards.map(({ count, name }) => ({ count, name }));
  return { type: 'register-decklist', player, main: strip(parsed.main), side: strip(parsed.side), commander: strip(parsed.commander), source: text, ...(reason ? { reason } : {}) };
}

describe('a pod event with a fixed seat, through the command line', () => {
  const mstr = JSON.parse(readFileSync(path.join(conformanceCasesDir, 'mstr-13-players.json'), 'utf8')) as Transcript;

  it('import → export gives the fixed table and seat back; the next pairing seats the player there', () => {
    const t = clone(mstr);
    t.transcript = 2;
    Object.assign(t.players[2] as object, { fixedTable: 2, fixedSeat: 4 });
    const file = tmp.file('fixed-pods.json', t);
    const save = importTo(file);
    const out = fresh('pods-exported.json');
    ok(['export', save, '--out', out]);
    const exported = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    expect(exported.players[2]).toMatchObject({ id: t.players[2]?.id, fixedTable: 2, fixedSeat: 4 });
    expect(exported.players.filter((p) => p.fixedTable !== undefined)).toHaveLength(1);
    // The export imports again to a save that exports the same text.
    const again = fresh('pods-again.json');
    ok(['export', importTo(out), '--out', again]);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));

    const id = t.players[2]?.id as string;
    const pairing = JSON.parse(ok(['pair', save, '--json'])) as { tables: { table: number; seats: string[] }[]; byes: string[] };
    expect(ok(['pair', file, '--json'])).toBe(ok(['pair', save, '--json']));
    const table = pairing.tables.find((x) => x.seats.includes(id));
    if (table) {
      expect(table.table).toBe(2);
      expect(table.seats.indexOf(id)).toBe(Math.min(4, table.seats.length) - 1);
    } else expect(pairing.byes).toContain(id);
  });

  it('an event without fixed places or lists is written without the keys', () => {
    const save = importTo(path.join(conformanceCasesDir, 'mstr-13-players.json'));
    const out = fresh('plain.json');
    ok(['export', save, '--out', out]);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toMatch(/"fixedTable"|"fixedSeat"|"decklists"/);
    expect((JSON.parse(text) as Transcript).players.length).toBe(mstr.players.length);
  });
});

describe('problems are named by their path (exit 2, one line)', () => {
  const mtr = (change: (t: Transcript) => void): string => {
    const t = fixedMtr();
    change(t);
    return tmp.file(`bad-${++count}.json`, t);
  };
  const sealed = (change: (t: Transcript) => void): string =>
    mtr((t) => {
      t.settings = { format: 'sealed' };
      change(t);
    });
  const pods = (change: (t: Transcript) => void): string => {
    const t = JSON.parse(readFileSync(path.join(conformanceCasesDir, 'mstr-13-players.json'), 'utf8')) as Transcript;
    t.transcript = 2;
    change(t);
    return tmp.file(`bad-${++count}.json`, t);
  };
  const cases: [string, () => string, RegExp][] = [
    ['a fixed table of 0', () => mtr((t) => Object.assign(t.players[3] as object, { fixedTable: 0 })), /players\[3\]\.fixedTable: a fixed table is a table number, 1 or more \(found the number 0\)/],
    ['a fixed table that is not whole', () => mtr((t) => Object.assign(t.players[3] as object, { fixedTable: 2.5 })), /players\[3\]\.fixedTable: expected a whole number, found the number 2\.5/],
    ['a fixed seat without a table', () => mtr((t) => Object.assign(t.players[0] as object, { fixedSeat: 2 })), /players\[0\]\.fixedSeat: Alice Archer \(p01\): a fixed seat needs a fixed table \("fixedTable"\)/],
    [
      'two players who do not drop on one table',
      () => mtr((t) => Object.assign(t.players[3] as object, { fixedTable: 2 })),
      /players\[4\]\.fixedTable: Emma Evans \(p05\): table 2 is already the fixed table of Dmitri Dvořák \(p04\) \(players\[3\]\)/,
    ],
    ['a fixed seat where tables have no seats', () => mtr((t) => Object.assign(t.players[1] as object, { fixedSeat: 1 })), /players\[1\]\.fixedSeat: Bruno Baker: mtr tables have no seats to fix \(a fixed table only\)/],
    ['a fixed seat beyond the pod size', () => pods((t) => Object.assign(t.players[0] as object, { fixedTable: 4, fixedSeat: 5 })), /players\[0\]\.fixedSeat: .+: seat 5 is beyond the pod size \(pods of 4: seats 1–4\)/],
    ['a fixed table in a version-1 transcript', () => mtr((t) => ((t as { transcript: number }).transcript = 1, delete t.decklists, delete t.settings)), /players\[1\]: unknown field "fixedTable" \(a version-2 field: write "transcript": 2\)/],
    ['a list for an unknown player', () => mtr((t) => ((t.decklists?.[0] as { player: string }).player = 'p77')), /decklists\[0\]\.player: unknown player id "p77" \(not in "players"\)/],
    ['two lists for one player', () => mtr((t) => t.decklists?.push({ player: 'p01', list: PILE })), /decklists\[3\]\.player: Alice Archer \(p01\) has a list at decklists\[0\] already; a later list is one of its "corrections"/],
    ['a list that does not parse', () => mtr((t) => ((t.decklists?.[0] as { list: string }).list = 'Lightning Bolt x4\nMountain x20')), /decklists\[0\]\.list: no card can be read from Alice Archer's list \(Line 1: “Lightning Bolt x4” is not a card line/],
    ['a correction that does not parse', () => mtr((t) => ((t.decklists?.[1]?.corrections?.[0] as { list: string }).list = '')), /decklists\[1\]\.corrections\[0\]\.list: no card can be read from Chloé Castro's list \(it is empty\)/],
    ['a correction without a reason', () => mtr((t) => delete (t.decklists?.[1]?.corrections?.[0] as { reason?: string }).reason), /decklists\[1\]\.corrections\[0\]\.reason: missing \(expected a string\)/],
    ['a correction with an empty reason', () => mtr((t) => ((t.decklists?.[1]?.corrections?.[0] as { reason: string }).reason = '  ')), /decklists\[1\]\.corrections\[0\]\.reason: a list registered after it locked needs the reason \(MTR 2\.7\)/],
    ['a late list without its reason', () => mtr((t) => delete (t.decklists?.[2] as { reason?: string }).reason), /decklists\[2\]\.reason: missing: a list first registered after it locked \(round 1\) needs the reason \(MTR 2\.7\)/],
    ['a correction in a round the transcript lacks', () => mtr((t) => ((t.decklists?.[1]?.corrections?.[0] as { round: number }).round = 3)), /decklists\[1\]\.corrections\[0\]\.round: round 3 is not in the transcript \(it has 2 rounds\)/],
    ['corrections out of order', () => mtr((t) => t.decklists?.[1]?.corrections?.push({ round: 1, list: BURN, reason: 'an earlier fix' })), /decklists\[1\]\.corrections\[1\]\.round: round 1 comes before round 2 of the registration above it: corrections are listed in the order made/],
    [
      'a late entry’s list as if registered before the event',
      () => mtr((t) => (Object.assign(t.players[5] as object, { entersRound: 2 }), (t.rounds[0] as { tables: unknown[] }).tables.pop(), Object.assign(t.rounds[0] as object, { byes: ['p05'] }), t.decklists?.push({ player: 'p06', list: PILE }))),
      /decklists\[3\]: Farid Fischer was registered after the lists locked \(round 1 is paired: a constructed list locks before the event starts \(MTR 2\.7\)\), so the list came late: give the "round" it was registered in and the "reason"/,
    ],
    [
      'a correction before a limited list locks',
      () => sealed((t) => (Object.assign(t.players[4] as object, { entersRound: 2 }), (t.rounds[0] as { tables: unknown[] }).tables.pop(), Object.assign(t.rounds[0] as object, { byes: ['p06'] }), t.decklists?.push({ player: 'p05', list: PILE, round: 1, reason: 'early' }))),
      /decklists\[3\]\.round: Emma Evans's list had not locked in round 1 \(a limited list locks once the player’s first round at a table is paired, MTR 2\.7\): a list registered before the lock is no correction/,
    ],
    ['an unknown key in a list', () => mtr((t) => Object.assign(t.decklists?.[0] as object, { deck: 'x' })), /decklists\[0\]: unknown field "deck"/],
  ];
  for (const [name, make, message] of cases)
    it(name, () => {
      const file = make();
      expect(invalid(['standings', file])).toMatch(message);
      expect(invalid(['import', file, '--out', fresh('refused.podium')])).toMatch(message);
    });
});
