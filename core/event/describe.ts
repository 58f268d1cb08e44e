/**
 * The journal in words: each entry becomes "what happened" ("Result entered: round 2, table 3 — Ana
 * Archer 2–1 Bo Berg", "Round 2 paired (12 tables, 1 bye)", "Ana Archer dropped after round 3") and
 * "why" (the reason it carries), with its kind for the filter and whether it was undone.
 *
 * Every name in the words is isolated (FSI … PDI, as renderer/lib/format.ts `isolate`; a caller
 * may pass its own): the rows are plain text. Two people with the same name are told apart (their
 * note or id beside the name), in the cut too.
 *
 * One pass over the journal in order: names come from the registrations (so removed players keep
 * their names) and the current state; a result's players come from the pairing of its round in force
 * when it was entered; a result for a table that already had one is an amendment.
 *
 * Pure (core): the station's Event log shows these rows, and the command line can print them.
 * Whether an entry was undone comes with the entry (`undoneBy`: the host's fold, or undoMarks of
 * undo.ts over the whole journal).
 */
import type { Command } from './commands.js';
import type { EventState, PlayerId, RulesetId } from '../model/types.js';
import { getRuleset } from '../rulesets/index.js';
import { podMatchWinner } from '../rulesets/pods/results.js';
import type { PodResult } from '../model/types.js';
import { distinguishedNames } from '../documents/names.js';
import type { HeadToHeadResult } from '../model/types.js';
import { isIntentionalDraw } from '../rulesets/mtr/results.js';
import { plural } from '../text/format.js';

export type LogKind = 'event' | 'registration' | 'pairings' | 'results' | 'drops' | 'clock' | 'undo';

export const LOG_KINDS: { kind: LogKind; label: string }[] = [
  { kind: 'registration', label: 'Registration' },
  { kind: 'pairings', label: 'Pairings' },
  { kind: 'results', label: 'Results' },
  { kind: 'drops', label: 'Drops' },
  { kind: 'clock', label: 'Clock' },
  { kind: 'undo', label: 'Undo' },
  { kind: 'event', label: 'Event & settings' },
];

export interface LogRow {
  seq: number;
  at: string;
  station: string;
  kind: LogKind;
  what: string;
  why?: string;
  /** Set when a later undo reverted this entry. */
  undoneBy?: number;
  /** The Undo button applies (not the event's creation, not already undone). */
  undoable: boolean;
  /** Folded text for the search box. */
  search: string;
}

const KIND_OF: Record<Command['type'], LogKind> = {
  'create-event': 'event',
  'set-settings': 'event',
  'register-player': 'registration',
  'edit-player': 'registration',
  'drop-player': 'drops',
  'reinstate-player': 'drops',
  'pair-round': 'pairings',
  'start-playoff': 'pairings',
  'record-result': 'results',
  'report-in': 'drops',
  'fix-tables': 'pairings',
  'start-round-clock': 'clock',
  'pause-clock': 'clock',
  'resume-clock': 'clock',
  'adjust-clock': 'clock',
  'extend-table': 'clock',
  'set-players-in-game': 'clock',
  'add-extra-turns': 'clock',
  'record-intentional-draw': 'clock',
  'start-deck-check': 'clock',
  'end-deck-check': 'clock',
  'start-timer': 'clock',
  'stop-timer': 'clock',
  undo: 'undo',
};

function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const SETTING_WORDS: Record<string, (value: unknown) => string> = {
  rel: (v) => `REL ${String(v)}`,
  swissRounds: (v) => `${String(v)} Swiss rounds`,
  gamesToWin: (v) => `best of ${2 * Number(v) - 1}`,
  format: (v) => `format ${String(v)}`,
  teamSize: (v) => (Number(v) === 1 ? 'individual players' : `teams of ${String(v)}`),
  twoHeadedGiant: (v) => (v ? 'Two-Headed Giant' : 'not Two-Headed Giant'),
  pairWithinDraftPods: (v) => (v ? 'pair within draft pods' : 'pair across draft pods'),
  lateEntryRecord: (v) => (v === 'loss' ? 'late entries get losses for missed rounds' : 'late entries get no record for missed rounds'),
  releaseWeekend: (v) => (v ? 'release weekend' : 'not a release weekend'),
  podSize: (v) => `pods of ${String(v)}`,
  endOfRound: (v) => (v === 'extra-turns' ? 'end of round: extra turns' : 'end of round: active player finishes'),
  lastTurnMinutes: (v) => `last turn ${String(v)} minutes`,
  balanceSeats: (v) => (v ? 'balanced seats' : 'random seats'),
};

interface Pairing {
  seq: number;
  undoneBy?: number;
  seats: Map<number, PlayerId[]>;
}

/** A journal entry as the describer reads it (the StationApi's JournalEntryView is one). */
export interface DescribedEntry {
  seq: number;
  /** ISO time the command was written. */
  at: string;
  station: string;
  command: Command;
  /** Set when a later undo reverted this entry. */
  undoneBy?: number;
}

export interface DescribeOptions {
  /** How a name is set in the words (default: between FSI and PDI, so it cannot reorder the text around it). */
  isolate?: (name: string) => string;
}

const isolateName = (name: string): string => `\u2068${name}\u2069`;

export function describeJournal(entries: readonly DescribedEntry[], state: EventState | null, options: DescribeOptions = {}): LogRow[] {
  const isolate = options.isolate ?? isolateName;
  const ruleset: RulesetId | undefined = state?.ruleset;
  const family = ruleset ? getRuleset(ruleset).family : 'head-to-head';
  // A rule set without enforcement levels (Lightseekers) never reads "REL …", even where a setting
  // carries one (the rule set's terms, core/rulesets/ruleset.ts).
  const showsRel = ruleset ? getRuleset(ruleset).terms.rel : true;
  const tableWord = family === 'pods' ? 'pod' : 'table';
  // Everyone the journal registered (removed players keep their names), as they are now: two people
  // with the same name are told apart by their note or id (core/documents/names.ts).
  const people = new Map<PlayerId, { id: PlayerId; name: string; note?: string | undefined }>();
  for (const { command: c } of entries) {
    if (c.type === 'register-player') people.set(c.player.id, { id: c.player.id, name: c.player.name, note: c.player.note });
    else if (c.type === 'edit-player' && people.has(c.id)) {
      const before = people.get(c.id) as { id: PlayerId; name: string; note?: string | undefined };
      people.set(c.id, { id: c.id, name: c.changes.name ?? before.name, note: c.changes.note ?? before.note });
    }
  }
  for (const p of state?.players ?? []) people.set(p.id, { id: p.id, name: p.name, note: p.note });
  const shown = distinguishedNames([...people.values()]);
  const name = (id: PlayerId): string => isolate(shown.get(id) ?? id);
  const marks = new Map<number, number>();
  for (const e of entries) if (e.undoneBy !== undefined) marks.set(e.seq, e.undoneBy);
  // Was entry `seq` still in force at moment `at` (not undone by an entry before it)?
  const inForce = (seq: number, at: number): boolean => {
    const by = marks.get(seq);
    return by === undefined || by > at;
  };
  const pairings = new Map<number, Pairing[]>();
  const results = new Map<string, number[]>();
  const whatOf = new Map<number, string>();
  const rows: LogRow[] = [];

  const seatsAt = (round: number, table: number, at: number): PlayerId[] | undefined => {
    const list = pairings.get(round) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const p = list[i] as Pairing;
      if (p.seq < at && inForce(p.seq, at)) return p.seats.get(table);
    }
    return undefined;
  };
  const roundsPairedAt = (at: number): number => {
    let max = 0;
    for (const [round, list] of pairings) if (list.some((p) => p.seq < at && inForce(p.seq, at))) max = Math.max(max, round);
    return max;
  };

  const resultWords = (result: Record<string, unknown>, seats: PlayerId[] | undefined): string => {
    const games = result.games;
    if (Array.isArray(games) && games.length === 3 && games.every((g) => typeof g === 'number')) {
      const h2h: HeadToHeadResult = { games: games as [number, number, number], ...(result.intentionalDraw === true ? { intentionalDraw: true as const } : {}) };
      const [a, b, d] = h2h.games;
      // A played drawn game and an intentional draw never read alike (Two-Headed Giant: 0–0–1 v ID).
      const score = h2h.intentionalDraw ? 'ID' : `${a}–${b}${d > 0 ? `–${d}` : ''}`;
      const kind = h2h.intentionalDraw
        ? ' (intentional draw, no game played)'
        : isIntentionalDraw(h2h)
          ? ' (intentional draw)'
          : a === 0 && b === 0
            ? ` (${plural(d, 'drawn game')} played)`
            : '';
      return seats && seats.length === 2 ? `${name(seats[0] as PlayerId)} ${score} ${name(seats[1] as PlayerId)}${kind}` : `${score}${kind}`;
    }
    if (Array.isArray(result.matches)) {
      const each = (result.matches as unknown[]).map((m, i) => `${'ABC'[i] ?? '?'} ${Array.isArray(m) ? m.join('–') : '?'}`).join(', ');
      const who = seats && seats.length === 2 ? `${name(seats[0] as PlayerId)} v ${name(seats[1] as PlayerId)}: ` : '';
      return `${who}seats ${each}`;
    }
    if (result.vp && typeof result.vp === 'object') {
      const vp = result.vp as Record<string, number>;
      const order = seats ?? Object.keys(vp);
      const sorted = [...order].sort((x, y) => (vp[y] ?? 0) - (vp[x] ?? 0));
      const defeated = Array.isArray(result.defeated) ? (result.defeated as string[]) : [];
      const parts = [sorted.map((id) => `${name(id)} ${vp[id] ?? 0} VP`).join(', ')];
      if (defeated.length > 0) parts.push(`defeated in order: ${defeated.map(name).join(', ')}`);
      if (typeof result.winner === 'string') parts.push(`winner picked: ${name(result.winner)}`);
      if (typeof result.runnerUp === 'string') parts.push(`runner-up picked: ${name(result.runnerUp)}`);
      return parts.join('; ');
    }
    const excluded = Array.isArray(result.excluded) ? (result.excluded as string[]) : [];
    let words: string;
    try {
      const winner = podMatchWinner(result as unknown as PodResult);
      words = winner === 'draw' ? 'a draw' : `won by ${name(winner)}`;
    } catch {
      words = 'result recorded';
    }
    if (Array.isArray(games)) words += ` (games: ${(games as string[]).map((g) => (g === 'draw' ? 'draw' : name(g))).join(', ')})`;
    if (excluded.length > 0) words += `; ${andList(excluded.map(name))} excluded (conceded or match loss)`;
    return words;
  };

  for (const entry of entries) {
    const c = entry.command;
    let what = '';
    let why: string | undefined;
    switch (c.type) {
      case 'create-event': {
        let title: string = c.ruleset;
        try {
          title = getRuleset(c.ruleset).title;
        } catch {
          title = c.ruleset;
        }
        what = `Event created: “${isolate(c.name)}” (${title})`;
        break;
      }
      case 'set-settings': {
        const parts = Object.entries(c.settings)
          .filter(([k]) => k !== 'rel' || showsRel)
          .map(([k, v]) => SETTING_WORDS[k]?.(v) ?? `${k} ${String(v)}`);
        what = `Settings changed: ${parts.join(', ') || 'nothing'}`;
        break;
      }
      case 'register-player': {
        const extra: string[] = [];
        const paired = roundsPairedAt(entry.seq);
        if (paired > 0) extra.push(`late entry after round ${paired}`);
        if (c.player.awardedByes) extra.push(`${plural(c.player.awardedByes, 'awarded bye')}`);
        if (c.player.draftPod !== undefined) extra.push(`draft pod ${c.player.draftPod}`);
        if (c.player.members) extra.push(`team: ${c.player.members.map((m) => `${m.seat} ${isolate(m.name)}`).join(', ')}`);
        if (c.player.familyName) extra.push(`family name “${isolate(c.player.familyName)}”`);
        if (c.player.note) extra.push(`note “${isolate(c.player.note)}”`);
        what = `${isolate(c.player.name)} registered (${c.player.id})${extra.length > 0 ? ` — ${extra.join('; ')}` : ''}`;
        break;
      }
      case 'edit-player': {
        const before = name(c.id);
        const changes: string[] = [];
        if (c.changes.name !== undefined) changes.push(`name → “${isolate(c.changes.name)}”`);
        if (c.changes.familyName !== undefined)
          changes.push(c.changes.familyName ? `family name → “${isolate(c.changes.familyName)}”` : 'family name as guessed from the name');
        if (c.changes.note !== undefined) changes.push(c.changes.note ? `note → “${isolate(c.changes.note)}”` : 'note removed');
        if (c.changes.awardedByes !== undefined) changes.push(`awarded byes → ${c.changes.awardedByes}`);
        if (c.changes.draftPod !== undefined) changes.push(`draft pod → ${c.changes.draftPod}`);
        if (c.changes.members !== undefined) changes.push(`team → ${c.changes.members.map((m) => `${m.seat} ${isolate(m.name)}`).join(', ')}`);
        what = `${before} (${c.id}) edited: ${changes.join(', ') || 'no change'}`;
        break;
      }
      case 'drop-player': {
        const paired = roundsPairedAt(entry.seq);
        what = `${name(c.id)} dropped${paired > 0 ? ` after round ${paired}` : ' before round 1 (removed from the event)'}`;
        break;
      }
      case 'reinstate-player':
        what = `${name(c.id)} reinstated`;
        break;
      case 'pair-round': {
        const seats = new Map(c.tables.map((t) => [t.table, [...t.seats]]));
        const list = pairings.get(c.round) ?? [];
        list.push({ seq: entry.seq, ...(marks.has(entry.seq) ? { undoneBy: marks.get(entry.seq) as number } : {}), seats });
        pairings.set(c.round, list);
        const parts = [plural(c.tables.length, family === 'pods' ? 'pod' : 'table')];
        if (c.byes.length > 0) parts.push(plural(c.byes.length, 'bye'));
        if (c.waiting && c.waiting.length > 0) parts.push(`${c.waiting.length} waiting`);
        if (c.groups) parts.push(plural(c.groups.length, 'group'));
        const label = c.stage === 'playoff' ? `Playoff round ${c.round}` : `Round ${c.round}`;
        what = `${label} ${c.replace ? 're-paired' : 'paired'} (${parts.join(', ')})`;
        why = c.reason;
        break;
      }
      case 'record-result': {
        const key = `${c.round}:${c.table}`;
        const pairing = (pairings.get(c.round) ?? []).filter((p) => p.seq < entry.seq && inForce(p.seq, entry.seq)).pop();
        const earlier = (results.get(key) ?? []).filter((seq) => seq < entry.seq && inForce(seq, entry.seq) && (!pairing || seq > pairing.seq));
        const list = results.get(key) ?? [];
        list.push(entry.seq);
        results.set(key, list);
        const seats = seatsAt(c.round, c.table, entry.seq);
        what = `Result ${earlier.length > 0 ? 'amended' : 'entered'}: round ${c.round}, ${tableWord} ${c.table} — ${resultWords(c.result, seats)}`;
        if (c.noShow) what += `; no-show: ${andList(c.noShow.map(name))} (dropped unless they report in)`;
        if (c.drop) what += `; ${andList(c.drop.map(name))} dropped with the result`;
        why = c.reason;
        break;
      }
      case 'report-in':
        what = `${name(c.id)} reported in after a no-show: not dropped`;
        break;
      case 'fix-tables': {
        // Later results of these tables read the new seats.
        const list = pairings.get(c.round) ?? [];
        const seats = new Map(list.filter((p) => p.seq < entry.seq && inForce(p.seq, entry.seq)).pop()?.seats ?? []);
        for (const t of c.tables) seats.set(t.table, [...t.seats]);
        list.push({ seq: entry.seq, ...(marks.has(entry.seq) ? { undoneBy: marks.get(entry.seq) as number } : {}), seats });
        pairings.set(c.round, list);
        what = `Round ${c.round}: ${plural(c.tables.length, tableWord)} changed (${c.tables.map((t) => `${tableWord} ${t.table}: ${t.seats.map(name).join(family === 'head-to-head' ? ' v ' : ', ')}`).join('; ')}); results entered stand`;
        why = c.reason;
        break;
      }
      case 'start-playoff': {
        const shown = c.seeds.slice(0, 8).map((id, i) => `${i + 1} ${name(id)}`);
        what = `Cut to the top ${c.top}${c.draft ? ' (booster draft)' : ''} — ${c.draft ? 'draft seats' : 'seeds'}: ${shown.join(', ')}${c.seeds.length > 8 ? `, … (${c.seeds.length} in all)` : ''}`;
        break;
      }
      case 'start-round-clock':
        what = `Round ${c.round} clock started${c.minutes === null ? ' (untimed)' : c.minutes !== undefined ? ` (${c.minutes} minutes)` : ''}`;
        break;
      case 'pause-clock':
        what = `Round ${c.round} clock paused`;
        why = c.reason;
        break;
      case 'resume-clock':
        what = `Round ${c.round} clock resumed`;
        break;
      case 'adjust-clock':
        what = `Round ${c.round} clock ${c.minutes >= 0 ? '+' : '−'}${Math.abs(c.minutes)} minutes`;
        why = c.reason;
        break;
      case 'extend-table': {
        const reason = { 'deck-check': 'deck check', 'judge-pause': 'judge pause', 'feature-match': 'feature match', other: 'extension' }[c.reason];
        const length = c.minutes !== undefined || c.seconds !== undefined ? `: ${c.minutes ?? 0} min${c.seconds ? ` ${c.seconds} s` : ''}` : '';
        what = `Round ${c.round}, ${tableWord} ${c.table} time extended (${reason}${length})`;
        why = c.note;
        break;
      }
      case 'set-players-in-game':
        what = `Round ${c.round}, ${tableWord} ${c.table}: ${plural(c.players, 'player')} still in the game when time was called`;
        why = c.reason;
        break;
      case 'add-extra-turns':
        what = `Round ${c.round}, ${tableWord} ${c.table}: +${plural(c.turns, 'extra turn')}`;
        why = c.reason;
        break;
      case 'record-intentional-draw':
        what = `Round ${c.round}, ${tableWord} ${c.table}: intentional draw (its timer starts)`;
        break;
      case 'start-deck-check':
        what = `Deck check started: round ${c.round}, ${tableWord} ${c.table}, judge ${isolate(c.judge)}${c.players ? ` (${andList(c.players.map(name))})` : ''}`;
        break;
      case 'end-deck-check':
        what = `Deck check ended: round ${c.round}, ${tableWord} ${c.table}`;
        why = c.outcome;
        break;
      case 'start-timer': {
        const label = c.label ?? { 'deck-construction': 'deck construction', registration: 'deck registration', 'draft-pick': 'draft', custom: 'timer' }[c.kind];
        const length = c.minutes !== undefined || c.seconds !== undefined ? ` (${c.minutes ?? 0} min${c.seconds ? ` ${c.seconds} s` : ''})` : '';
        what = `Timer started: ${label}${length}`;
        break;
      }
      case 'stop-timer':
        what = `Timer stopped: ${c.id}`;
        break;
      case 'undo': {
        const target = whatOf.get(c.target);
        what = `Undo of entry ${c.target}${target ? `: ${target}` : ''}`;
        why = c.reason;
        break;
      }
    }
    whatOf.set(entry.seq, what);
    const row: LogRow = {
      seq: entry.seq,
      at: entry.at,
      station: entry.station,
      kind: KIND_OF[c.type],
      what,
      ...(why?.trim() ? { why: why.trim() } : {}),
      ...(entry.undoneBy !== undefined ? { undoneBy: entry.undoneBy } : {}),
      undoable: c.type !== 'create-event' && entry.undoneBy === undefined,
      search: '',
    };
    rows.push(row);
  }
  return rows;
}
