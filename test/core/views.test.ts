/**
 * What each viewer is sent of the event (core/api/views.ts): nobody the round's report key; a
 * display nothing written about players (decklists, penalty words, notes, extension notes, deck-check
 * findings). And the rule that keeps devices right: folding a viewer's entries onto the viewer's
 * snapshot (core/api/deltas.ts, as a device does) gives the viewer's view of the folded event — over
 * random journals of registrations with notes, pairings, results, penalties of every kind, decklists,
 * extensions, deck checks and edits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PushedEntry, StationSnapshot } from '../../core/api/contract.js';
import { applyEntries } from '../../core/api/deltas.js';
import { commandFor, entryFor, snapshotFor, stateFor, WITHHELD_TEXT, type Viewer } from '../../core/api/views.js';
import { apply } from '../../core/event/apply.js';
import type { Command } from '../../core/event/commands.js';
import type { EventState } from '../../core/model/types.js';
import { getRuleset } from '../../core/rulesets/index.js';

const VIEWERS: Viewer[] = ['local', 'station', 'judge', 'display'];
const KEY = 'a1'.repeat(16);
const CLAIM_KEY = 'c1'.repeat(16);
const TOKEN_HASH = 'd2'.repeat(32);
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function snapshotOf(state: EventState, lastSeq: number): StationSnapshot {
  return { summary: { id: state.id, name: state.name, ruleset: state.ruleset, path: '/home/scorekeeper/Podium/events/secret-cup.podium', readOnly: false, entries: lastSeq + 1 }, state, lastSeq, notices: [] };
}

/** A command that the state accepts, chosen by `pick` among what makes sense now. */
function nextCommand(state: EventState, pick: number, step: number): Command | null {
  const round = state.rounds.at(-1);
  const at = 1_800_000_000_000 + step * 60_000;
  const open = round?.tables.filter((t) => t.result === undefined) ?? [];
  const someone = state.players[pick % state.players.length]?.id ?? 'p1';
  const options: (() => Command | null)[] = [
    () => ({ type: 'edit-player', id: someone, changes: { note: `Membership ${pick}` } }),
    () => (round ? { type: 'record-penalty', round: round.number, player: someone, infraction: 'Marked Cards', penalty: 'warning', judge: 'Head Judge', note: `investigation ${pick}`, at } : null),
    () => ({ type: 'register-decklist', player: someone, main: [{ count: 60, name: 'Marker Island' }], side: [], commander: [], source: '60 Marker Island', ...(round ? { reason: `deck check ${pick}` } : {}) }),
    () => {
      const table = open[pick % Math.max(1, open.length)];
      return round && table ? { type: 'record-result', round: round.number, table: table.table, result: { games: [2, pick % 2, 0] }, at } : null;
    },
    () => {
      const table = open[pick % Math.max(1, open.length)];
      return round && table && state.clock?.rounds.some((c) => c.round === round.number)
        ? { type: 'extend-table', round: round.number, table: table.table, reason: 'other', minutes: 3, note: `note ${pick}`, at }
        : null;
    },
    () => (round && !state.clock?.rounds.some((c) => c.round === round.number) ? { type: 'start-round-clock', round: round.number, at } : null),
    () => {
      const table = open[pick % Math.max(1, open.length)];
      return round && table && !state.clock?.deckChecks.some((d) => d.round === round.number && d.table === table.table)
        ? { type: 'start-deck-check', round: round.number, table: table.table, judge: 'Ana Judge', at }
        : null;
    },
    () => {
      const check = state.clock?.deckChecks.find((d) => d.endedAt === undefined);
      return check ? { type: 'end-deck-check', round: check.round, table: check.table, at, outcome: `found ${pick}` } : null;
    },
    () => {
      if (round && open.length > 0) return null;
      const proposal = getRuleset(state.ruleset).pair(state, pick);
      return { type: 'pair-round', round: state.rounds.length + 1, stage: 'swiss', tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: proposal.byes, seed: pick, reportKey: (pick % 251).toString(16).padStart(2, '0').repeat(16) };
    },
    () => {
      const table = round?.tables.find((t) => t.result === undefined);
      return round && table && pick % 5 === 0 ? { type: 'record-penalty', round: round.number, table: table.table, player: table.seats[0] as string, infraction: 'Cheating', penalty: 'match-loss', judge: 'HJ', note: 'secret', at } : null;
    },
    () => (round && pick % 7 === 0 ? { type: 'record-penalty', round: round.number, player: someone, infraction: 'Cheating', penalty: 'disqualification', judge: 'HJ', note: 'investigation', at } : null),
    () => (state.claimKey ? null : { type: 'draw-claim-key', claimKey: 'c0'.repeat(16) }),
    () => (state.claims?.[someone] ? { type: 'reset-claim', player: someone, reason: 'lost phone' } : { type: 'claim-player', player: someone, phone: `phone-${pick}`, tokenHash: 'ab'.repeat(32) }),
  ];
  return (options[pick % options.length] as () => Command | null)();
}

function startingState(): EventState {
  let state = apply(undefined, { type: 'create-event', id: 'v', name: 'Views Cup', ruleset: 'mtr', settings: {}, seed: 3, createdAt: '2026-01-01T10:00:00.000Z' });
  for (let i = 1; i <= 10; i++) state = apply(state, { type: 'register-player', player: { id: `p${i}`, name: `Player ${i}`, note: `DCI ${1000 + i}` }, draw: i * 37 });
  return state;
}

describe('what each viewer is sent', () => {
  const state = (() => {
    let s = startingState();
    s = apply(s, { type: 'register-decklist', player: 'p1', main: [{ count: 60, name: 'Secret Tech' }], side: [], commander: [], source: '60 Secret Tech' });
    const proposal = getRuleset('mtr').pair(s, 1);
    s = apply(s, { type: 'pair-round', round: 1, stage: 'swiss', tables: proposal.tables.map((t) => ({ table: t.table, seats: [...t.seats] })), byes: proposal.byes, seed: 1, reportKey: KEY });
    s = apply(s, { type: 'start-round-clock', round: 1, at: 1_800_000_000_000 });
    s = apply(s, { type: 'extend-table', round: 1, table: 1, reason: 'other', minutes: 2, note: 'Marked sleeves', at: 1_800_000_060_000 });
    s = apply(s, { type: 'record-penalty', round: 1, table: 2, player: proposal.tables[1]!.seats[0]!, infraction: 'Marked Cards', penalty: 'warning', judge: 'Head Judge', note: 'investigation by HJ', at: 1_800_000_100_000 });
    s = apply(s, { type: 'draw-claim-key', claimKey: CLAIM_KEY });
    s = apply(s, { type: 'claim-player', player: 'p4', phone: 'phone-of-p4', tokenHash: TOKEN_HASH });
    return s;
  })();

  it('nobody gets the report key, not even the station’s own windows; the rest of the event is theirs', () => {
    for (const viewer of VIEWERS) for (const secret of [KEY, CLAIM_KEY, TOKEN_HASH]) expect(JSON.stringify(stateFor(viewer, state)), viewer).not.toContain(secret);
    for (const viewer of ['local', 'station', 'judge'] as const) expect(stateFor(viewer, state).claims, viewer).toEqual({ p4: { phone: 'phone-of-p4' } });
    for (const viewer of VIEWERS) expect(commandFor(viewer, { type: 'draw-claim-key', claimKey: CLAIM_KEY }), viewer).toEqual({ type: 'withheld' });
    for (const viewer of ['local', 'station', 'judge'] as const) {
      const seen = stateFor(viewer, state);
      expect(seen.decklists, viewer).toEqual(state.decklists);
      expect(seen.penalties, viewer).toEqual(state.penalties);
      expect(seen.players.map((p) => p.note), viewer).toEqual(state.players.map((p) => p.note));
    }
    expect(state.rounds[0]?.reportKey).toBe(KEY); // the host's own is untouched
    expect(state.claims?.p4?.tokenHash).toBe(TOKEN_HASH);
  });

  it('a display gets pairings, results and the clock, and nothing written about players', () => {
    const seen = stateFor('display', state);
    const text = JSON.stringify(seen);
    for (const secret of ['Secret Tech', 'investigation by HJ', 'Head Judge', 'Marked Cards', 'DCI 1001', 'Marked sleeves']) expect(text).not.toContain(secret);
    expect(seen.rounds[0]?.tables).toEqual(state.rounds[0]?.tables);
    expect(seen.penalties).toEqual([expect.objectContaining({ penalty: 'warning', infraction: WITHHELD_TEXT, round: 1, table: 2 })]);
    expect(seen.clock?.rounds[0]?.extensions).toEqual([expect.objectContaining({ table: 1, reason: 'other' })]);
    expect(getRuleset('mtr').standings(seen)).toEqual(getRuleset('mtr').standings(state));
  });

  it('a device snapshot has no save path; the station’s own does', () => {
    const snapshot = snapshotOf(state, 20);
    expect(snapshotFor('local', snapshot).summary?.path).toBe(snapshot.summary?.path);
    for (const viewer of ['station', 'judge', 'display'] as const) expect(JSON.stringify(snapshotFor(viewer, { ...snapshot, notices: [{ kind: 'info', message: 'the backup could not be written to /home/scorekeeper/Podium/backups/x' }] }))).not.toContain('/home/scorekeeper');
  });

  it('entries: the pairing without its key for all; a decklist withheld from a display; penalty words and notes blanked for it', () => {
    const pair: Command = { type: 'pair-round', round: 2, stage: 'swiss', tables: [], byes: [], seed: 1, reportKey: KEY };
    for (const viewer of VIEWERS) expect(commandFor(viewer, pair)).not.toHaveProperty('reportKey');
    const list: Command = { type: 'register-decklist', player: 'p1', main: [], side: [], commander: [], source: 'x' };
    expect(commandFor('judge', list)).toBe(list);
    expect(commandFor('display', list)).toEqual({ type: 'withheld' });
    const entry: PushedEntry = { seq: 4, at: 'now', station: 's', command: { type: 'register-player', player: { id: 'p99', name: 'Zed', note: 'DCI 7' }, draw: 1 } };
    expect(entryFor('display', entry).command).toEqual({ type: 'register-player', player: { id: 'p99', name: 'Zed' }, draw: 1 });
    expect(entryFor('station', entry)).toBe(entry);
  });
});

describe('a device folding its own entries agrees with the host (property)', () => {
  it('over random journals, for every viewer: fold(view(s), view(c)) = view(fold(s, c))', () => {
    const folded = new Set<string>();
    fc.assert(
      fc.property(fc.array(fc.nat(10_000), { minLength: 5, maxLength: 60 }), (picks) => {
        let state = startingState();
        const views = new Map(VIEWERS.map((v) => [v, snapshotOf(stateFor(v, state), 10)]));
        let seq = 10;
        picks.forEach((pick, step) => {
          const command = nextCommand(state, pick, step);
          if (!command) return;
          let next: EventState;
          try {
            next = apply(state, command);
          } catch {
            return; // the fold refuses it (a result the penalties rule out, say): nothing is written
          }
          state = next;
          seq++;
          folded.add(command.type === 'record-penalty' ? `${command.type} ${command.penalty}` : command.type);
          for (const viewer of VIEWERS) {
            const entry = entryFor(viewer, { seq, at: 'now', station: 'host', command });
            const outcome = applyEntries(views.get(viewer) as StationSnapshot, 'v', [entry]);
            expect(outcome.kind, `${viewer} folding ${command.type}`).toBe('applied');
            if (outcome.kind !== 'applied') return;
            expect(plain(outcome.snapshot.state), `${viewer} after ${command.type}`).toEqual(plain(stateFor(viewer, state)));
            views.set(viewer, outcome.snapshot);
          }
        });
      }),
      // A fixed seed: the journals drawn are the same each run, so the check below that they held
      // every kind of entry is not left to chance.
      { numRuns: 60, seed: 2026 },
    );
    // The journals held every kind of entry the views change.
    for (const kind of ['draw-claim-key', 'claim-player', 'reset-claim', 'edit-player', 'record-penalty warning', 'record-penalty match-loss', 'record-penalty disqualification', 'register-decklist', 'record-result', 'extend-table', 'start-deck-check', 'end-deck-check', 'pair-round'])
      expect(folded, kind).toContain(kind);
  });
});
